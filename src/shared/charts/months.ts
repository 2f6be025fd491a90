/** Calendar months as YYYY-MM, for the dashboard's month-by-month figures. */

/** The `count` months ending with the month of `today` (YYYY-MM-DD), oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2026-03" -> "Mar 2026"; `short` gives "Mar 26" for a chart's axis. */
export function monthLabel(month: string, short = false): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1]!;
  return short ? `${name} ${month.slice(2, 4)}` : `${name} ${month.slice(0, 4)}`;
}
