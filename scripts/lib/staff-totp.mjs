// The demo staff account's second factor, for local use only: `npm run dev` seeds this TOTP key
// for staff@guildhall.example (sealed as the Worker seals keys: AES-GCM under STAFF_TOTP_KEY,
// the address as additional data), `npm run staff:code` prints its current code, and browser
// tests use it the same way. It is public, like the demo passwords: never use it anywhere real.
import { createCipheriv, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** base32, 20 bytes. */
export const DEMO_STAFF_TOTP_SECRET = "GUILDHALLDEMOSTAFFTOTPKEYLOCALON";

/** wrangler.toml's local STAFF_TOTP_KEY (the first one: top-level [vars]). */
export function localTotpKey(root) {
  const match = /^STAFF_TOTP_KEY\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, "wrangler.toml"), "utf8"));
  if (!match) throw new Error("wrangler.toml has no STAFF_TOTP_KEY");
  return match[1];
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text) {
  const out = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The code for `secret` (base32) at `seconds` plus `offsetSteps` 30-second steps. */
export async function totpCode(secret = DEMO_STAFF_TOTP_SECRET, seconds = Date.now() / 1000, offsetSteps = 0) {
  const key = await crypto.subtle.importKey("raw", base32Bytes(secret), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(Math.floor(seconds / 30) + offsetSteps));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, counter));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 1_000_000).padStart(6, "0");
}

/**
 * SQL that gives `email` the demo key, set up and unused (replacing whatever it had). Sealed
 * synchronously with node:crypto in the layout WebCrypto reads: IV, ciphertext, then the tag.
 */
export function demoSecondFactorSql(email, keyBase64) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(keyBase64, "base64"), iv);
  cipher.setAAD(Buffer.from(email, "utf8"));
  const sealed = Buffer.concat([iv, cipher.update(base32Bytes(DEMO_STAFF_TOTP_SECRET)), cipher.final(), cipher.getAuthTag()]).toString("base64");
  return `INSERT OR REPLACE INTO staff_second_factors (email, secret, confirmed_at, last_used_step) VALUES ('${email}', '${sealed}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 0)`;
}
