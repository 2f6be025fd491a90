/**
 * Reading the attendance report a video platform exports for an online session (Zoom, Teams and
 * the like): one row per join, with the attendee's e-mail address, when they joined and when they
 * left. Someone who drops out and rejoins has several rows; their time is the union of those
 * spans, so two devices joined at once are not counted twice.
 *
 * The first line must name the columns; they are found by name (an "e-mail"/"email" column, one
 * whose name contains "join" and one containing "leave"), whatever else the platform adds. Times
 * are read as the platform writes them: ISO 8601 (2026-11-08T18:02:00Z, 2026-11-08 18:02:00) or
 * month/day/year with an optional AM/PM (11/08/2026 06:02:00 PM, as Zoom writes it). A time
 * without a zone is read in the session's time zone (the event's), as the platform shows it to
 * the host. Each stay is clipped to the session's start and end before the minutes are added up,
 * so time in the waiting room before the start or left running after the end does not count.
 *
 * The whole file is read before anything is recorded; any bad row refuses the file with each
 * problem's line, so a half-read report never credits half the attendees.
 */
import { CsvError, decodeUtf8, parseCsv } from "../member-import/csv";
import { instantOnClock } from "../../shared/zoned-time";

/** A report bigger than this is not one online session's attendance. */
export const REPORT_MAX_BYTES = 2_000_000;
export const REPORT_MAX_ROWS = 20_000;
/** The problems listed when a file is refused; the count says how many more there were. */
const PROBLEMS_SHOWN = 20;

export interface AttendanceReport {
  /** Minutes in the session per e-mail address (lower case), whole minutes rounded down. */
  minutesByEmail: Map<string, number>;
  /** Rows without an address (guests who gave none): they cannot be matched to a booking. */
  rowsWithoutEmail: number;
}

export type ReportOutcome = { ok: true; report: AttendanceReport } | { ok: false; problems: string[] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i;

const normalisedHeading = (heading: string) => heading.trim().toLowerCase().replace(/[^a-z]/g, "");

/** Milliseconds on the report's own clock, or null when the text is not a time this reads. */
export function reportTime(text: string): number | null {
  const value = text.trim();
  const iso = ISO.exec(value);
  if (iso) {
    const [, y, mo, d, h, mi, s, zone] = iso;
    const offset = !zone || zone.toUpperCase() === "Z" ? 0 : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    return checked(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0)) === null ? null : Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi) - offset, Number(s ?? 0));
  }
  const slashed = SLASHED.exec(value);
  if (slashed) {
    const [, first, second, y, h, mi, s, half] = slashed;
    const year = y!.length === 2 ? 2000 + Number(y) : Number(y);
    let hour = Number(h);
    if (half) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (half.toUpperCase() === "PM" ? 12 : 0);
    }
    // Month first, as the platforms write it; a spreadsheet that rewrote it day first is read so when the month cannot be right.
    const monthFirst = checked(year, Number(first), Number(second), hour, Number(mi), Number(s ?? 0));
    const dayFirst = checked(year, Number(second), Number(first), hour, Number(mi), Number(s ?? 0));
    return monthFirst ?? dayFirst;
  }
  return null;
}

function checked(year: number, month: number, day: number, hour: number, minute: number, second: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  return new Date(ms).getUTCDate() === day ? ms : null;
}

/** The length of the union of the spans, in milliseconds. */
function unionLength(spans: [number, number][]): number {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of sorted) {
    const start = Math.max(from, end);
    if (to > start) total += to - start;
    end = Math.max(end, to);
  }
  return total;
}

/** The session the report is of: its instants and the zone its times without one are written in. */
export interface ReportSession {
  startsAt: string;
  endsAt: string;
  timeZone: string;
}

/** The instant of a report's time: as written when it carries a zone, otherwise on the session's clock. */
function instantOf(text: string, wallClock: number, timeZone: string): number {
  return ISO.exec(text.trim())?.[7] ? wallClock : instantOnClock(wallClock, timeZone);
}

/** Reads the uploaded file: the minutes each address spent in the session (clipped to it), or every problem found. */
export function readAttendanceReport(bytes: Uint8Array, session: ReportSession): ReportOutcome {
  if (bytes.byteLength === 0) return { ok: false, problems: ["The file is empty. Export the attendance report from the video platform as CSV and upload that."] };
  if (bytes.byteLength > REPORT_MAX_BYTES) return { ok: false, problems: [`The file is larger than ${REPORT_MAX_BYTES / 1_000_000} MB: that is not one session's attendance report.`] };
  let records;
  try {
    records = parseCsv(decodeUtf8(bytes));
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, problems: [error.message] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, problems: ["The file has no lines."] };
  if (rows.length > REPORT_MAX_ROWS) return { ok: false, problems: [`The file has ${rows.length.toLocaleString("en-GB")} rows; a report may have at most ${REPORT_MAX_ROWS.toLocaleString("en-GB")}.`] };
  const headings = header.fields.map(normalisedHeading);
  const column = (test: (h: string) => boolean) => headings.findIndex(test);
  const email = column((h) => h === "email" || h === "emailaddress" || h === "useremail" || h.endsWith("email"));
  const join = column((h) => h.includes("join"));
  const leave = column((h) => h.includes("leave") || h.includes("left"));
  const missing = [email < 0 ? "an e-mail address" : null, join < 0 ? "a join time" : null, leave < 0 ? "a leave time" : null].filter(Boolean);
  if (missing.length > 0) {
    return { ok: false, problems: [`The first line must name the columns, and it has no column for ${missing.join(", ")}. It reads: ${header.fields.join(", ").slice(0, 200)}`] };
  }

  const problems: string[] = [];
  const spans = new Map<string, [number, number][]>();
  let rowsWithoutEmail = 0;
  for (const row of rows) {
    const address = (row.fields[email] ?? "").trim().toLowerCase();
    if (address === "") {
      rowsWithoutEmail += 1;
      continue;
    }
    if (!EMAIL.test(address)) {
      problems.push(`Line ${row.line}: “${address.slice(0, 80)}” is not an e-mail address.`);
      continue;
    }
    const from = reportTime(row.fields[join] ?? "");
    const to = reportTime(row.fields[leave] ?? "");
    if (from === null || to === null) {
      problems.push(`Line ${row.line}: the ${from === null ? "join" : "leave"} time “${(row.fields[from === null ? join : leave] ?? "").slice(0, 40)}” is not a date and time (write it as 2026-11-08 18:02:00 or 11/08/2026 06:02:00 PM).`);
      continue;
    }
    if (to < from) {
      problems.push(`Line ${row.line}: the leave time is before the join time.`);
      continue;
    }
    const start = Math.max(instantOf(row.fields[join] ?? "", from, session.timeZone), Date.parse(session.startsAt));
    const end = Math.min(instantOf(row.fields[leave] ?? "", to, session.timeZone), Date.parse(session.endsAt));
    spans.set(address, [...(spans.get(address) ?? []), ...(end > start ? [[start, end] as [number, number]] : [])]);
  }
  if (problems.length > 0) {
    const more = problems.length - PROBLEMS_SHOWN;
    return { ok: false, problems: more > 0 ? [...problems.slice(0, PROBLEMS_SHOWN), `…and ${more} more.`] : problems };
  }
  const minutesByEmail = new Map([...spans].map(([address, list]) => [address, Math.floor(unionLength(list) / 60_000)]));
  return { ok: true, report: { minutesByEmail, rowsWithoutEmail } };
}

/** The minutes an attendee must stay: the event's minimum share of its length, rounded up. */
export function minutesRequired(event: { startsAt: string; endsAt: string; minimumAttendancePercent: number }): number {
  const length = Math.max(0, (Date.parse(event.endsAt) - Date.parse(event.startsAt)) / 60_000);
  return Math.ceil((length * event.minimumAttendancePercent) / 100);
}
