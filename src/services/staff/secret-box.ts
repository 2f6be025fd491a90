/**
 * Encrypts the staff's TOTP secrets for D1 with AES-GCM under STAFF_TOTP_KEY (256 bits), so a
 * copy of the database alone does not give anyone the codes. A fresh 12-byte IV per secret; the
 * stored text is base64 of IV followed by ciphertext (with its tag). The staff member's address
 * is the additional data: a secret moved to another row does not decrypt.
 */
export interface SecretBox {
  seal(plain: Uint8Array, owner: string): Promise<string>;
  /** Null when the text was not sealed with this key for this owner. */
  open(sealed: string, owner: string): Promise<Uint8Array | null>;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export function createSecretBox(keyBytes: Uint8Array): SecretBox {
  let key: Promise<CryptoKey> | undefined;
  const aesKey = () => (key ??= crypto.subtle.importKey("raw", keyBytes, "AES-GCM", false, ["encrypt", "decrypt"]));
  const additionalData = (owner: string) => new TextEncoder().encode(owner);
  return {
    async seal(plain, owner) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: additionalData(owner) }, await aesKey(), plain));
      const out = new Uint8Array(iv.length + sealed.length);
      out.set(iv);
      out.set(sealed, iv.length);
      return toBase64(out);
    },
    async open(sealed, owner) {
      try {
        const bytes = fromBase64(sealed);
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: additionalData(owner) }, await aesKey(), bytes.slice(12));
        return new Uint8Array(plain);
      } catch {
        return null;
      }
    },
  };
}
