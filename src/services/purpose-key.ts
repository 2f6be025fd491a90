/**
 * A key of its own for one use of a site secret: HKDF-SHA-256 of the secret (zero salt) with the
 * use's label as `info`. Each use gets a key no other use shares, so what one use reveals (a
 * pseudonym in a finance export, a token in an e-mail) is never made with the key of another,
 * and no new secret has to be set for it.
 */
const encoder = new TextEncoder();

/** An HMAC-SHA-256 signing key for the use `label` names (labels are fixed strings: changing one changes every value made with it). */
export async function purposeKey(secret: string, label: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encoder.encode(label) },
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
}
