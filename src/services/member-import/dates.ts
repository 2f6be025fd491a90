/**
 * Days as old systems write them: 2026-01-31 (ISO), or 31/01/2026, 31.01.2026 and 31-01-2026
 * (day first, as in the UK and most of Europe). A US-style month-first date reads as day first
 * and is refused when it cannot be (13/31/2026), never guessed.
 */
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** The day as YYYY-MM-DD, or the reason it is not one ("31/02/1980 is not a real date"). */
export function readDay(value: string): { ok: true; day: string } | { ok: false; problem: string } {
  const iso = ISO.exec(value);
  const dayFirst = iso ? null : DAY_FIRST.exec(value);
  if (!iso && !dayFirst) return { ok: false, problem: `"${value}" is not a date: write it as YYYY-MM-DD (2026-01-31) or DD/MM/YYYY (31/01/2026)` };
  const [year, month, day] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [Number(dayFirst![3]), Number(dayFirst![2]), Number(dayFirst![1])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { ok: false, problem: `${value} is not a real date` };
  }
  return { ok: true, day: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` };
}
