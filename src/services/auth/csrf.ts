/**
 * CSRF tokens (signed double submit): a random value lives in an HttpOnly cookie; forms and
 * scripts send HMAC(SESSION_SECRET, value). A cross-site page can neither read the cookie nor
 * compute the HMAC. Checked together with the request's Origin (middleware/csrf).
 */
import { encodeBase64url as base64url } from "../../shared/base64url";

const encoder = new TextEncoder();

export function newCsrfSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

async function hmac(secret: string, value: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(`csrf:${value}`));
}

export async function csrfTokenFor(cookieValue: string, secret: string): Promise<string> {
  return base64url(await hmac(secret, cookieValue));
}

export async function csrfTokenMatches(token: string | null | undefined, cookieValue: string | null | undefined, secret: string): Promise<boolean> {
  if (!token || !cookieValue || token.length > 100 || cookieValue.length > 100) return false;
  const expected = encoder.encode(await csrfTokenFor(cookieValue, secret));
  const presented = encoder.encode(token);
  if (expected.byteLength !== presented.byteLength) return false;
  return crypto.subtle.timingSafeEqual(expected, presented);
}
