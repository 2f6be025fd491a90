/**
 * Recovery codes: ten per staff member, shown once when the second factor is set up, each good
 * once in place of a TOTP code. Ten random characters from an alphabet without look-alikes
 * (about 50 bits each), written `xxxxx-xxxxx`; only their SHA-256 digests are stored (the codes
 * are random enough that a plain digest cannot be guessed back).
 */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What staff type, read leniently: any case, with or without the dash or spaces. */
export function normalRecoveryCode(input: string): string | null {
  const clean = input.toLowerCase().replace(/[\s-]/g, "");
  if (clean.length !== 10 || [...clean].some((c) => !ALPHABET.includes(c))) return null;
  return `${clean.slice(0, 5)}-${clean.slice(5)}`;
}

export async function recoveryCodeHash(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
