/**
 * The ledger's date range from the query string: two real calendar days (London), from on or
 * before to, at most five years apart. Bad input is a 400 naming what is wrong.
 */
import { AppError } from "../../errors";
import type { DayRange } from "../../domain/ledger";

/** The longest range one page or export covers. */
export const MAX_RANGE_YEARS = 5;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 31 June, no 29 February 2026). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `years` calendar years after `day` (29 February moves to 28 February). */
function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** A 400 naming the field at fault (`details.field`), so the form can show it there. */
const rangeError = (field: "from" | "to", message: string) => new AppError("BAD_REQUEST", message, { details: { field } });

/** The first day of `today`'s month: the default start. */
const monthStart = (today: string): string => `${today.slice(0, 7)}-01`;

/**
 * `?from=` and `?to=` (YYYY-MM-DD); each defaults (this month so far: the first of `today`'s
 * month to `today`) when absent or empty.
 */
export function parseDayRange(query: { from?: string | undefined; to?: string | undefined }, today: string): DayRange {
  const from = query.from?.trim() || monthStart(today);
  const to = query.to?.trim() || today;
  for (const [field, name, value] of [["from", "From", from], ["to", "To", to]] as const) {
    if (!isCalendarDay(value)) throw rangeError(field, `${name} date is not a real day written as YYYY-MM-DD (from the year 2000): “${value.slice(0, 40)}”`);
  }
  if (from > to) throw rangeError("to", `The to date (${to}) is before the from date (${from})`);
  if (to > yearsAfter(from, MAX_RANGE_YEARS)) throw rangeError("to", `A range covers at most ${MAX_RANGE_YEARS} years: choose a to date on or before ${yearsAfter(from, MAX_RANGE_YEARS)}`);
  return { from, to };
}

/** `?quarter=2026-Q3`; defaults to the quarter `today` is in. */
export function parseQuarter(value: string | undefined, today: string): { year: number; quarter: number } {
  const text = value?.trim() || `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
  const match = /^(\d{4})-Q([1-4])$/.exec(text);
  if (!match || Number(match[1]) < 2000) {
    throw new AppError("BAD_REQUEST", `A quarter is written like 2026-Q3 (a year from 2000, then Q1 to Q4), not “${text.slice(0, 40)}”`, { details: { field: "quarter" } });
  }
  return { year: Number(match[1]), quarter: Number(match[2]) };
}
