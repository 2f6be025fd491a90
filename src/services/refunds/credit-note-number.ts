/**
 * Credit note numbers: `CN-<year>-<seq>`, the London calendar year the note was issued in and its
 * place in that year, from 1, at least six digits (CN-2026-000007): the same rules as receipt
 * numbers, in a series of their own. The D1 adapter allocates them (CREDIT_NOTE_NUMBER_PRINTF).
 */
const NUMBER = /^CN-(\d{4})-(\d{6,9})$/;

export function formatCreditNoteNumber(year: number, seq: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a credit note year: ${year}`);
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`Not a credit note's place in its year: ${seq}`);
  return `CN-${String(year).padStart(4, "0")}-${String(seq).padStart(6, "0")}`;
}

/** The year and place a credit note number names; null for anything else, or another spelling of one. */
export function parseCreditNoteNumber(text: string): { year: number; seq: number } | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const seq = Number(match[2]);
  if (year < 1 || seq < 1) return null;
  return formatCreditNoteNumber(year, seq) === text ? { year, seq } : null;
}
