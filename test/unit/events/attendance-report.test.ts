/** Reading a video platform's attendance report: time per address summed without double counting, and every bad row named. */
import { describe, expect, it } from "vitest";
import { minutesRequired, readAttendanceReport, reportTime } from "../../../src/services/events/attendance-report";

const file = (text: string) => new TextEncoder().encode(text);
/** A session 18:00-19:30 in London in November (GMT, the same clock as UTC). */
const SESSION = { startsAt: "2026-11-08T18:00:00.000Z", endsAt: "2026-11-08T19:30:00.000Z", timeZone: "Europe/London" };

describe("an attendance report", () => {
  it("sums several rows per person, counting overlapping devices once, whatever the case of the address", () => {
    const outcome = readAttendanceReport(
      file(
        [
          "Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest",
          "Ada,ada@example.org,11/08/2026 06:00:00 PM,11/08/2026 06:40:00 PM,40,No",
          "Ada,ADA@example.org,11/08/2026 06:50:00 PM,11/08/2026 07:30:00 PM,40,No",
          "Ada phone,ada@example.org,11/08/2026 06:55:00 PM,11/08/2026 07:10:00 PM,15,No",
          "Guest,,11/08/2026 06:00:00 PM,11/08/2026 07:30:00 PM,90,Yes",
          '"Babbage, Charles",charles@example.org,2026-11-08 18:00,2026-11-08T18:20:00Z,20,No',
        ].join("\r\n"),
      ),
      SESSION,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(Object.fromEntries(outcome.report.minutesByEmail)).toEqual({ "ada@example.org": 80, "charles@example.org": 20 });
    expect(outcome.report.rowsWithoutEmail).toBe(1);
  });

  it("clips each stay to the session's start and end before adding up, and reads times without a zone on the session's clock", () => {
    const outcome = readAttendanceReport(
      file(
        [
          "Email,Join time,Leave time",
          // Half an hour in the waiting room, then 45 minutes of the session.
          "ada@example.org,2026-11-08 17:30,2026-11-08 18:45",
          // Left the call running for an hour after the end.
          "bob@example.org,2026-11-08 19:00,2026-11-08 20:30",
          // All of it before the start.
          "eve@example.org,2026-11-08 17:00,2026-11-08 17:50",
        ].join("\n"),
      ),
      SESSION,
    );
    expect(outcome.ok && Object.fromEntries(outcome.report.minutesByEmail)).toEqual({ "ada@example.org": 45, "bob@example.org": 30, "eve@example.org": 0 });

    // In summer, London's clock is an hour ahead of UTC: 18:00 written is 17:00Z.
    const summer = { startsAt: "2026-07-08T17:00:00.000Z", endsAt: "2026-07-08T18:30:00.000Z", timeZone: "Europe/London" };
    const july = readAttendanceReport(file("Email,Join time,Leave time\nada@example.org,07/08/2026 06:00:00 PM,07/08/2026 07:30:00 PM\nbob@example.org,2026-07-08T17:00:00Z,2026-07-08T17:30:00Z\n"), summer);
    expect(july.ok && Object.fromEntries(july.report.minutesByEmail)).toEqual({ "ada@example.org": 90, "bob@example.org": 30 });
  });

  it("refuses a file without the columns it needs, naming what is missing", () => {
    const outcome = readAttendanceReport(file("Name,Email,Duration\nAda,ada@example.org,90\n"), SESSION);
    expect(outcome).toEqual({ ok: false, problems: [expect.stringContaining("no column for a join time, a leave time")] });
  });

  it("refuses bad rows with their line numbers, and records nothing of the file", () => {
    const outcome = readAttendanceReport(file("Email,Join time,Leave time\nnot-an-address,2026-11-08 18:00,2026-11-08 19:00\nada@example.org,yesterday,2026-11-08 19:00\nbob@example.org,2026-11-08 19:00,2026-11-08 18:00\n"), SESSION);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toEqual([
      expect.stringMatching(/^Line 2: .*not an e-mail address/),
      expect.stringMatching(/^Line 3: the join time “yesterday” is not a date and time/),
      "Line 4: the leave time is before the join time.",
    ]);
  });

  it("refuses an empty file and one that is not UTF-8", () => {
    expect(readAttendanceReport(new Uint8Array(), SESSION)).toMatchObject({ ok: false, problems: [expect.stringContaining("empty")] });
    expect(readAttendanceReport(new Uint8Array([0x45, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xe9, 0x0a]), SESSION)).toMatchObject({ ok: false, problems: [expect.stringContaining("not UTF-8")] });
  });

  it("reads the times platforms write, and a day-first date only when month-first cannot be right", () => {
    expect(reportTime("2026-11-08T18:02:00+01:00")).toBe(Date.UTC(2026, 10, 8, 17, 2));
    expect(reportTime("11/08/2026 12:05 AM")).toBe(Date.UTC(2026, 10, 8, 0, 5));
    expect(reportTime("25/11/2026 18:00")).toBe(Date.UTC(2026, 10, 25, 18, 0));
    expect(reportTime("2026-02-30 10:00")).toBeNull();
  });

  it("asks for the event's minimum share of its length, rounded up to a whole minute", () => {
    expect(minutesRequired({ startsAt: "2026-11-08T18:00:00Z", endsAt: "2026-11-08T19:30:00Z", minimumAttendancePercent: 75 })).toBe(68);
  });
});
