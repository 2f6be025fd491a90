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
