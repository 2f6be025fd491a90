/**
 * base64url (RFC 4648 §5, no padding): how signed tokens, CSRF values and page cursors travel in
 * cookies, URLs and query strings. One implementation for all of them.
 */

export function encodeBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // A loop rather than String.fromCharCode(...view): spreading a large array overflows the stack.
  let binary = "";
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The bytes `text` encodes, or null when it is not base64url. Only the canonical encoding is
 * accepted: a signed token whose spare bits were changed is an altered token, not the same one.
 */
export function decodeBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
    return encodeBase64url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}
