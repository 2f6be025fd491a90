/**
 * One-click unsubscribe links (RFC 8058): the link itself is the proof, since a mail provider
 * posts to it without a session or CSRF token. The token names the user and the category and is
 * signed with HMAC-SHA256 under a key of its own, derived from the site's secret (SESSION_SECRET)
 * under its own label, so it cannot be forged or altered to name another user or category, and the
 * key signs nothing else. It does not expire: an unsubscribe link in an old message must keep
 * working, so a link signed before the key was derived (with SESSION_SECRET itself, under this
 * purpose's prefix) is still read. Rotating the secret invalidates them all.
 */
import { OPTIONAL_EMAIL_CATEGORIES, type OptionalEmailCategory } from "../../domain/email";
import { purposeKey } from "../purpose-key";
import { decodeBase64url as fromBase64url, encodeBase64url as base64url } from "../../shared/base64url";

const encoder = new TextEncoder();
const PURPOSE = "email-unsubscribe:v1";
const KEY_LABEL = "guildhall email-unsubscribe v1";
const MAX_TOKEN_LENGTH = 600;

/** The key links are signed with, or the secret itself for links sent before that key was derived. */
type SigningKey = "derived" | "sent-before-derived";

async function signature(secret: string, userId: string, category: string, which: SigningKey = "derived"): Promise<Uint8Array> {
  const key =
    which === "derived"
      ? await purposeKey(secret, KEY_LABEL)
      : await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  // Lengths first, so no two (user, category) pairs sign the same bytes.
  const message = `${PURPOSE}:${userId.length}:${userId}:${category}`;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** Constant time for equal lengths (the signature's length is public). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let i = 0; i < a.byteLength; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

export interface UnsubscribeSubject {
  userId: string;
  category: OptionalEmailCategory;
}

/** `{base64url(user id)}.{category}.{signature}`: safe in a URL's query string. */
export async function unsubscribeToken(secret: string, { userId, category }: UnsubscribeSubject): Promise<string> {
  return `${base64url(encoder.encode(userId))}.${category}.${base64url(await signature(secret, userId, category))}`;
}

/** The user and category a token names, or null for anything forged, altered or malformed. */
export async function readUnsubscribeToken(secret: string, token: string | null | undefined): Promise<UnsubscribeSubject | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [encodedUser, category, presented] = parts as [string, string, string];
  if (!(OPTIONAL_EMAIL_CATEGORIES as readonly string[]).includes(category)) return null;
  const userBytes = fromBase64url(encodedUser);
  const presentedBytes = fromBase64url(presented);
  if (!userBytes || !presentedBytes || userBytes.length === 0) return null;
  let userId: string;
  try {
    userId = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(userBytes);
  } catch {
    return null;
  }
  const genuine =
    sameBytes(await signature(secret, userId, category), presentedBytes) ||
    sameBytes(await signature(secret, userId, category, "sent-before-derived"), presentedBytes);
  if (!genuine) return null;
  return { userId, category: category as OptionalEmailCategory };
}
