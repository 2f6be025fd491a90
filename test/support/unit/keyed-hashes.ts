/**
 * HMAC-SHA-256 computed independently of the code under test: under a secret's own bytes, or
 * under a key derived from it with HKDF-SHA-256 (zero salt) and a label, as the Worker's
 * purpose-bound keys are. Tests use them to show which key a token or pseudonym was made with.
 */
const encoder = new TextEncoder();

export const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** HMAC-SHA-256 of `message` keyed with the secret itself. */
export async function hmacUnderSecret(secret: string, message: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(message));
}

/** HMAC-SHA-256 of `message` keyed with HKDF-SHA-256(secret, zero salt, info = label). */
export async function hmacUnderDerivedKey(secret: string, label: string, message: string): Promise<ArrayBuffer> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encoder.encode(label) }, base, 256);
  const key = await crypto.subtle.importKey("raw", bits, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(message));
}
