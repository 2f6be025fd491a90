/** Dates and money as the e-mails write them (London time, pounds). */
import { formatDate, formatPence, formatTime, formatTimeRange } from "../format";

/** "2026-12-01" (a London day) -> "1 December 2026". */
export const day = (value: string): string => formatDate(new Date(`${value}T12:00:00Z`));

/** "Tuesday 1 December 2026, 18:00–19:30 GMT". */
export function when(startsAt: string, endsAt: string | null): string {
  const start = new Date(startsAt);
  return `${formatDate(start, "long")}, ${endsAt ? formatTimeRange(start, new Date(endsAt)) : formatTime(start)}`;
}

export const money = formatPence;

export const paidBy = (method: "card" | "offline" | "free"): string => ({ card: "Card", offline: "Bank transfer or cheque", free: "Free" })[method];

/**
 * "Thursday 12 March 2027, 09:00 GMT to 17:00 GMT" in the event's own time zone (an event abroad
 * reads in its local time, with the zone named); a zone the platform does not know reads in London time.
 */
export function eventWhen(startsAt: string, endsAt: string | null, timeZone: string): string {
  const zone = knownZone(timeZone) ? timeZone : "Europe/London";
  const date = new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
  const start = new Date(startsAt);
  if (!endsAt) return `${date.format(start)}, ${time.format(start)}`;
  const end = new Date(endsAt);
  return date.format(start) === date.format(end)
    ? `${date.format(start)}, ${time.format(start)} to ${time.format(end)}`
    : `${date.format(start)}, ${time.format(start)} to ${date.format(end)}, ${time.format(end)}`;
}

function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}
