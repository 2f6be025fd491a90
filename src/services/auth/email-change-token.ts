/**
 * The proof in an address-change link's return address (continueUrl): a short JWT signed with
 * SESSION_SECRET (its own audience) naming the account. It lets the page the link returns to
 * ask Firebase about that account without a session (the link may be opened on another device);
 * what the page does is only to make our records agree with Firebase's, so the token grants
 * nothing by itself.
 */
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "guildhall";
const AUDIENCE = "guildhall-email-change";
/** Firebase's own links last a few days at most; a return address older than that has nothing to report. */
export const EMAIL_CHANGE_TOKEN_SECONDS = 7 * 24 * 60 * 60;

const keyFor = (secret: string) => new TextEncoder().encode(secret);

export async function signEmailChangeToken(userId: string, secret: string, nowMs = Date.now()): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + EMAIL_CHANGE_TOKEN_SECONDS)
    .sign(keyFor(secret));
}

/** The account a valid, unexpired token names; null for anything forged, altered, expired or foreign. */
export async function readEmailChangeToken(token: string | null | undefined, secret: string, nowMs = Date.now()): Promise<string | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(nowMs) });
    return typeof payload.sub === "string" && payload.sub !== "" ? payload.sub : null;
  } catch {
    return null;
  }
}
