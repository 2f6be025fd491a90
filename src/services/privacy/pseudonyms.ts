/**
 * What replaces an erased member's e-mail address (and names them in the audit log) where a row
 * must stay: an HMAC-SHA-256 of the address under a key of its own, so the same address always
 * gives the same value (a finance query can still group a person's kept rows) while no one
 * without the key can test a guessed address against it. The key is derived with HKDF from the
 * session secret under its own label, so no new secret is needed and the two uses never share a
 * key. Rotating the session secret changes the values for later erasures only.
 */
import { purposeKey } from "../purpose-key";

const LABEL = "guildhall erased-member pseudonyms v1";
const encoder = new TextEncoder();

export interface Pseudonyms {
  /** `erased:` and 64 hex digits, for an e-mail address (compared in lower case). */
  email(address: string): Promise<string>;
  /** 16 hex digits naming a user id in the audit log. */
  userId(userId: string): Promise<string>;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export function createPseudonyms(secret: string): Pseudonyms {
  let key: Promise<CryptoKey> | undefined;
  const mac = async (text: string) => hex(await crypto.subtle.sign("HMAC", await (key ??= purposeKey(secret, LABEL)), encoder.encode(text)));
  return {
    email: async (address) => `erased:${await mac(`email:${address.trim().toLowerCase()}`)}`,
    userId: async (userId) => (await mac(`user:${userId}`)).slice(0, 16),
  };
}
