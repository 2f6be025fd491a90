/**
 * The log's yearly view: which years have entries, and one year's entries with its totals per
 * category and against the society's target. Only confirmed entries count towards a total: a
 * webinar entry the member has not yet confirmed is listed but not added up.
 */
import { CPD_CATEGORIES, type CpdCategory, type CpdEntry, type CpdYear } from "../../domain/cpd";

export const yearOf = (entry: Pick<CpdEntry, "activityDate">) => Number(entry.activityDate.slice(0, 4));

/** The years with entries, and `current`, newest first. */
export function logYears(entries: readonly CpdEntry[], current: number): number[] {
  return [...new Set([current, ...entries.map(yearOf)])].sort((a, b) => b - a);
}

export function cpdYear(entries: readonly CpdEntry[], year: number, targetHundredths: number | null): CpdYear {
  const inYear = entries.filter((entry) => yearOf(entry) === year);
  const counted = inYear.filter((entry) => entry.confirmedAt !== null);
  const byCategory = (Object.keys(CPD_CATEGORIES) as CpdCategory[])
    .map((category) => ({ category, hundredths: counted.filter((e) => e.category === category).reduce((sum, e) => sum + e.hoursHundredths, 0) }))
    .filter((row) => row.hundredths > 0);
  return {
    year,
    entries: inYear,
    totalHundredths: counted.reduce((sum, e) => sum + e.hoursHundredths, 0),
    byCategory,
    targetHundredths,
  };
}
