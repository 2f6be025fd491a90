/**
 * The period an offline renewal pays for (recorded by staff). Paid before the membership lapsed
 * (by the end of its grace), the new year follows on from the old one, so paying early or a few
 * days late neither loses nor gains a day. Paid after that, the membership had lapsed and starts
 * again from the day the money arrived, as joining does.
 */
import { londonDate } from "../../shared/london-date";
import { periodBoundaries } from "./member-state";

/**
 * The last day of a membership year that starts on `isoDate` (YYYY-MM-DD): the same date a year
 * later, or 28 February for a year starting on 29 February.
 */
export function oneYearAfter(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const lastDayOfMonth = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  const next = new Date(Date.UTC(year + 1, month - 1, Math.min(day, lastDayOfMonth)));
  return next.toISOString().slice(0, 10);
}

/** Days (YYYY-MM-DD): the first day of the new period and its end (a year later). */
export function renewalPeriod(periodEnd: string | null, receivedOn: string, graceDays: number): { start: string; end: string } {
  const bounds = periodBoundaries(periodEnd, graceDays);
  const continues = bounds !== null && receivedOn < londonDate(new Date(bounds.graceUntil));
  const start = continues ? londonDate(new Date(bounds.end)) : receivedOn;
  return { start, end: oneYearAfter(start) };
}
