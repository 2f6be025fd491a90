/**
 * The windows in which a range's days not kept yet are added up (ledger.ts's fillFinanceDays runs
 * FILL_FINANCE_DAYS_SQL once per window of at most FILL_WINDOW_DAYS days). A cold range (the first view after deploying, or after an
 * import of history) is then added up a month's entries per statement, so no single D1 query
 * grows with the length of the range asked for (D1 stops a query after 30 s). A window whose
 * days are all kept reads nothing but `finance_days`.
 */
export const FILL_WINDOW_DAYS = 31;

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** [from, to] (YYYY-MM-DD, inclusive) cut into consecutive windows of at most FILL_WINDOW_DAYS days. */
export function fillWindows(from: string, to: string): [string, string][] {
  const windows: [string, string][] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let start = Date.parse(`${from}T00:00:00Z`); start <= end; start += FILL_WINDOW_DAYS * DAY_MS) {
    windows.push([day(start), day(Math.min(start + (FILL_WINDOW_DAYS - 1) * DAY_MS, end))]);
  }
  return windows;
}
