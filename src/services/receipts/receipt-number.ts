/**
 * Receipt numbers: `GH-<year>-<seq>`, the calendar year (London) the receipt was issued in and its
 * place in that year, from 1, at least six digits (GH-2026-000123). The D1 adapter allocates them
 * (see RECEIPT_NUMBER_PRINTF); this module is how the rest of the code reads and writes them.
 */
import { londonDate } from "../../shared/london-date";

const NUMBER = /^GH-(\d{4})-(\d{6,9})$/;

export function formatReceiptNumber(year: number, seq: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a receipt year: ${year}`);
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`Not a receipt's place in its year: ${seq}`);
  return `GH-${String(year).padStart(4, "0")}-${String(seq).padStart(6, "0")}`;
}

/** The year and place a receipt number names; null for anything that is not one, written exactly so. */
export function parseReceiptNumber(text: string): { year: number; seq: number } | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const seq = Number(match[2]);
  if (year < 1 || seq < 1) return null;
  // One number, one spelling: GH-2026-0000123 is not GH-2026-000123.
  return formatReceiptNumber(year, seq) === text ? { year, seq } : null;
}

/** The year a receipt issued at `now` is numbered in: the calendar year in London. */
export const receiptYear = (now: Date): number => Number(londonDate(now).slice(0, 4));
