/**
 * A webinar as an iCalendar file (RFC 5545) that visitors add to their calendars: one VCALENDAR
 * (METHOD:PUBLISH, Gregorian) holding one VEVENT with UID, DTSTAMP, DTSTART, DTEND, SUMMARY,
 * DESCRIPTION and URL. Pure: the caller passes `now` (DTSTAMP). The rules:
 * - Lines end in CRLF and are folded at 75 octets (ics-format.ts); times are UTC.
 * - The file is public, so it never carries a Zoom or Vimeo link: `url` must be the public
 *   http(s) page of the webinar (anything else throws), and such links are removed from the
 *   title and the description (private-links.ts).
 * - An end before the start throws. An end equal to the start leaves DTEND out: RFC 5545 wants
 *   DTEND later than DTSTART, and an event with DTSTART alone lasts no time.
 * - There is no ORGANIZER: it needs an address to write to, and the society has none to publish
 *   here. `organizerName` names the product in PRODID.
 */
import { CRLF, escapeText, foldLine, utcDateTime } from "./ics-format";
import { isPrivateHost, withoutPrivateLinks } from "./private-links";

export interface WebinarIcsInput {
  /** Globally unique and stable for the webinar, such as `webinar-<id>@<site host>`. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  /** The webinar's public page. */
  url: string;
  /** Plain text. */
  description: string;
  now: Date;
  organizerName: string;
}

export function webinarIcs(input: WebinarIcsInput): string {
  if (input.uid.trim() === "") throw new RangeError("webinarIcs: uid is empty");
  const start = utcDateTime(input.start);
  const end = utcDateTime(input.end);
  if (input.end.getTime() < input.start.getTime()) throw new RangeError("webinarIcs: the end is before the start");
  const url = publicUrl(input.url);

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(input.organizerName)}//Webinars//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcDateTime(input.now)}`,
    `DTSTART:${start}`,
    ...(input.end.getTime() > input.start.getTime() ? [`DTEND:${end}`] : []),
    `SUMMARY:${escapeText(withoutPrivateLinks(input.title))}`,
    `DESCRIPTION:${escapeText(withoutPrivateLinks(input.description))}`,
    `URL:${url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

function publicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RangeError(`webinarIcs: url ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new RangeError(`webinarIcs: url ${JSON.stringify(raw)} is not http(s)`);
  if (isPrivateHost(url.hostname)) throw new RangeError("webinarIcs: url must be the webinar's public page, not a Zoom or Vimeo link");
  return url.href;
}
