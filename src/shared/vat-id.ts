/**
 * A buyer's VAT identification number, checked for format only (whether it is registered is
 * HMRC's or the EU's VIES service's to say, and this site asks neither). Accepted: UK numbers
 * (GB, and XI for Northern Ireland) and the EU member states' (with their VIES prefixes; Greece
 * is EL). Spaces, dots and hyphens people type are dropped and letters upper-cased, so
 * "gb 123 4567 89" is stored as "GB123456789".
 */

/** The number part after the prefix, by prefix. */
const FORMATS: Readonly<Record<string, RegExp>> = {
  // UK: 9 digits, 12 for a branch of a group, or GD/HA and 3 digits for government departments and health authorities.
  GB: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  XI: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export type VatIdCheck = { ok: true; value: string } | { ok: false; message: string };

/** A VAT number as typed -> its normal form, or why it is not one (written for the buyer). */
export function checkVatId(input: string): VatIdCheck {
  const value = input.toUpperCase().replace(/[\s.\-]/g, "");
  const prefix = value.slice(0, 2);
  if (!/^[A-Z]{2}/.test(value)) return { ok: false, message: "Start the VAT number with its country prefix, for example GB123456789" };
  const format = FORMATS[prefix === "GR" ? "EL" : prefix];
  if (!format) return { ok: false, message: `VAT numbers starting ${prefix} are not accepted: give a UK (GB or XI) or EU VAT number` };
  if (prefix === "GR") return { ok: false, message: "Greek VAT numbers start EL, not GR" };
  if (!format.test(value.slice(2))) return { ok: false, message: `That is not a valid ${prefix} VAT number: check the characters after ${prefix}` };
  return { ok: true, value };
}
