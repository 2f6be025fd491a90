import type { EventFormat, SocietyEvent } from "../../domain/events";
import { formatDate, formatTime } from "../format";

export const FORMAT_WORDS: Record<EventFormat, string> = { "in-person": "In person", online: "Online", hybrid: "In person and online" };

/** "12 March 2027, 09:00 GMT – 13 March 2027, 17:00 GMT", the day once when it is one day. */
export function whenText(event: Pick<SocietyEvent, "startsAt" | "endsAt">): string {
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const sameDay = formatDate(start) === formatDate(end);
  return sameDay
    ? `${formatDate(start)}, ${formatTime(start)} to ${formatTime(end)}`
    : `${formatDate(start)}, ${formatTime(start)} to ${formatDate(end)}, ${formatTime(end)}`;
}

/** "12 March 2027, 18:30": until when a waiting-list offer holds its place. */
export const heldUntilText = (iso: string): string => `${formatDate(new Date(iso))}, ${formatTime(new Date(iso))}`;

export const hoursText = (hundredths: number) => `${(hundredths / 100).toFixed(hundredths % 100 === 0 ? 0 : 2)} CPD hours`;

/** "12 places left", "Sold out", or null when there is no limit. */
export function placesText(left: number | null): string | null {
  if (left === null) return null;
  if (left === 0) return "Sold out";
  return `${left} ${left === 1 ? "place" : "places"} left`;
}
