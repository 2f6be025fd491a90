/**
 * How prices, dates and durations read on the site: pounds sterling, and UK time whatever the
 * Worker's or the visitor's time zone (Workers run in UTC; the society's events are in London).
 */
const TIME_ZONE = "Europe/London";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** 45 -> "£45.00". */
export const formatPrice = (amount: number): string => gbp.format(amount);

/** 4500 -> "£45.00": the shop's whole pence (src/shared/pricing/money.ts). */
export const formatPence = (pence: number): string => gbp.format(pence / 100);

const longDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const plainDate = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const shortDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const clock = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const clockWithZone = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

export type DateStyle = "long" | "plain" | "short";

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormat> = { long: longDate, plain: plainDate, short: shortDate };

/** "Tuesday 1 December 2026" (long), "1 December 2026" (plain), "Tue 1 Dec 2026" (short). */
export const formatDate = (date: Date, style: DateStyle = "plain"): string => DATE_STYLES[style].format(date);

/** "18:00 GMT" (or BST in summer). */
export const formatTime = (date: Date): string => clockWithZone.format(date);

/** "18:00–19:30 GMT": a start and end time on the same day, with the zone once. */
export function formatTimeRange(start: Date, end: Date): string {
  return `${clock.format(start)}–${clockWithZone.format(end)}`;
}

/** 90 -> "1 hour 30 minutes". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : null,
    rest > 0 ? `${rest} ${rest === 1 ? "minute" : "minutes"}` : null,
  ].filter(Boolean);
  return parts.join(" ") || "0 minutes";
}

/** 90 -> "PT1H30M", the machine-readable form for `<time dateTime>`. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ""}${rest > 0 || hours === 0 ? `${rest}M` : ""}`;
}
