/**
 * The session cookie's value: a JWT signed with SESSION_SECRET (HS256, jose) naming a session
 * row in D1. It carries no secrets: the session id, the user id and e-mail, and its expiry.
 */
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "guildhall";
const AUDIENCE = "guildhall-session";

export interface SessionTokenClaims {
  sessionId: string;
  userId: string;
  email: string | null;
  expiresAt: number;
}

const keyFor = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionToken(claims: SessionTokenClaims, secret: string): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, email: claims.email })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt)
    .sign(keyFor(secret));
}

/** The claims of a valid, unexpired session token; null for anything tampered, expired or foreign. */
export async function verifySessionToken(token: string, secret: string, now = Date.now()): Promise<SessionTokenClaims | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
    });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
    return {
      sessionId: payload.sid,
      userId: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      expiresAt: payload.exp,
    };
  } catch {
    return null;
  }
}
