/**
 * Pro-forma invoice numbers: `PF-<year>-<seq>`, the London calendar year of issue and the place in
 * that year from 1, at least six digits (PF-2026-000042). The D1 adapter allocates them (see
 * PRO_FORMA_NUMBER_PRINTF); this module reads them.
 */
const NUMBER = /^PF-(\d{4})-(\d{6,9})$/;

/** The year and place a number names; null for anything that is not one, written exactly so. */
export function parseProFormaNumber(text: string): { year: number; seq: number } | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const seq = Number(match[2]);
  if (year < 1 || seq < 1) return null;
  // One number, one spelling: PF-2026-0000042 is not PF-2026-000042.
  return `PF-${match[1]}-${String(seq).padStart(6, "0")}` === text ? { year, seq } : null;
}
