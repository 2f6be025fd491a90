/**
 * Editors' draft preview: the signed value of the preview cookie. It says only until when the
 * browser may see drafts: `{expires in seconds}.{HMAC-SHA-256 of "preview:{expires}" with
 * PREVIEW_SECRET, base64url}`. Checked in constant time (SubtleCrypto's verify); an expired,
 * malformed or forged value is no preview at all.
 */
import { decodeBase64url, encodeBase64url as base64url } from "../../shared/base64url";

/** How long one "Open preview" lasts before the editor opens it again. */
export const PREVIEW_MAX_AGE_SECONDS = 30 * 60;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
};

/** An HMAC-SHA-256 signature is 32 bytes: 43 characters of base64url. */
const fromBase64url = (text: string) => (text.length === 43 ? decodeBase64url(text) : null);

export async function signPreviewToken(secret: string, expiresAtSeconds: number): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await keyFor(secret), encoder.encode(`preview:${expiresAtSeconds}`));
  return `${expiresAtSeconds}.${base64url(signature)}`;
}

/** Whether `token` is a preview cookie this secret signed that has not yet expired. */
export async function isValidPreviewToken(secret: string, token: string | null | undefined, nowSeconds: number): Promise<boolean> {
  if (!token) return false;
  const match = /^(\d{1,12})\.(.+)$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  const signature = fromBase64url(match[2]!);
  if (!signature) return false;
  const valid = await crypto.subtle.verify("HMAC", await keyFor(secret), signature, encoder.encode(`preview:${expires}`));
  return valid && expires > nowSeconds && expires <= nowSeconds + PREVIEW_MAX_AGE_SECONDS;
}
