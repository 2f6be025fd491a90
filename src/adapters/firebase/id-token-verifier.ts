/**
 * Verifies Firebase ID tokens at the edge with jose, making every check firebase-admin makes and
 * two it does not (iat and auth_time not in the future):
 * RS256 only; the key chosen by `kid` from Google's published keys; `aud` = project id;
 * `iss` = https://securetoken.google.com/<project id>; `sub` non-empty and at most 128
 * characters; `exp` in the future; `iat` and `auth_time` not in the future (small skew).
 * Emulator mode is explicit: only then are the emulator's unsigned (`alg: none`) tokens accepted,
 * and still every claim is checked.
 */
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import { InvalidIdTokenError, SigningKeysUnavailableError } from "../../domain/identity-errors";
import type { KeySource } from "./google-keys";

export interface IdTokenClaims {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** Seconds since the epoch. */
  authTime: number;
  issuedAt: number;
  expiresAt: number;
  signInProvider: string | null;
}

export interface IdTokenVerifierOptions {
  projectId: string;
  keys: KeySource;
  /** Accept the Firebase Auth emulator's unsigned tokens. Never in production (src/env.ts). */
  emulator: boolean;
  now?: () => number;
  clockSkewSeconds?: number;
}

export type IdTokenVerifier = (token: string) => Promise<IdTokenClaims>;

export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const now = options.now ?? Date.now;
  const skew = options.clockSkewSeconds ?? 30;
  const issuer = `https://securetoken.google.com/${options.projectId}`;

  return async function verifyIdToken(token) {
    if (typeof token !== "string" || token.length > 8192 || token.split(".").length !== 3) {
      throw new InvalidIdTokenError("not a JWT");
    }
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidIdTokenError("unreadable header");
    }

    let payload: JWTPayload;
    if (header.alg === "none") {
      if (!options.emulator) throw new InvalidIdTokenError("unsigned token outside emulator mode");
      try {
        payload = decodeJwt(token);
      } catch {
        throw new InvalidIdTokenError("unreadable payload");
      }
    } else {
      if (header.alg !== "RS256") throw new InvalidIdTokenError(`algorithm ${String(header.alg)} is not RS256`);
      if (!header.kid) throw new InvalidIdTokenError("no kid");
      let key: CryptoKey | null;
      try {
        key = await options.keys.key(header.kid);
      } catch (error) {
        throw new SigningKeysUnavailableError(error instanceof Error ? error.message : String(error));
      }
      if (!key) throw new InvalidIdTokenError("unknown kid");
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ["RS256"],
          issuer,
          audience: options.projectId,
          currentDate: new Date(now()),
          clockTolerance: skew,
        }));
      } catch (error) {
        throw new InvalidIdTokenError(error instanceof errors.JOSEError ? error.code : "verification failed");
      }
    }
    return checkClaims(payload, { issuer, projectId: options.projectId, nowSeconds: Math.floor(now() / 1000), skew });
  };
}

function checkClaims(
  payload: JWTPayload,
  { issuer, projectId, nowSeconds, skew }: { issuer: string; projectId: string; nowSeconds: number; skew: number },
): IdTokenClaims {
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audience.length !== 1 || audience[0] !== projectId) throw new InvalidIdTokenError("wrong audience");
  if (payload.iss !== issuer) throw new InvalidIdTokenError("wrong issuer");
  if (typeof payload.sub !== "string" || payload.sub.length === 0) throw new InvalidIdTokenError("empty sub");
  if (payload.sub.length > 128) throw new InvalidIdTokenError("sub longer than 128 characters");
  const { exp, iat } = payload;
  const authTime = (payload as { auth_time?: unknown }).auth_time;
  if (typeof exp !== "number" || exp <= nowSeconds - skew) throw new InvalidIdTokenError("expired");
  if (typeof iat !== "number" || iat > nowSeconds + skew) throw new InvalidIdTokenError("issued in the future");
  if (typeof authTime !== "number" || authTime > nowSeconds + skew) throw new InvalidIdTokenError("authenticated in the future");
  const firebase = (payload as { firebase?: { sign_in_provider?: unknown } }).firebase;
  const email = (payload as { email?: unknown }).email;
  return {
    uid: payload.sub,
    email: typeof email === "string" ? email.toLowerCase() : null,
    emailVerified: (payload as { email_verified?: unknown }).email_verified === true,
    authTime,
    issuedAt: iat,
    expiresAt: exp,
    signInProvider: typeof firebase?.sign_in_provider === "string" ? firebase.sign_in_provider : null,
  };
}
