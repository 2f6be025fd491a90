/** The log's yearly totals, its CSV, certificate ids, the hours a webinar counts for and when a join is attendance. */
import { describe, expect, it } from "vitest";
import type { CpdEntry } from "../../../src/domain/cpd";
import { joinCountsAsAttendance, webinarHundredths } from "../../../src/services/cpd/attendance";
import { isCertificateId, newCertificateId } from "../../../src/services/cpd/certificates";
import { cpdCsv } from "../../../src/services/cpd/cpd-export";
import { cpdYear, logYears } from "../../../src/services/cpd/cpd-year";

const entry = (over: Partial<CpdEntry>): CpdEntry => ({
  id: crypto.randomUUID(),
  userId: "u1",
  source: "manual",
  webinarSlug: null,
  eventAttendeeId: null,
  activityDate: "2026-05-01",
  title: "Course",
  provider: "Provider",
  hoursHundredths: 100,
  category: "clinical",
  reflection: "Learned",
  evidenceUrl: null,
  attendance: null,
  confirmedAt: "2026-05-01T10:00:00Z",
  certificate: null,
  ...over,
});

describe("a year of the log", () => {
  const entries = [
    entry({ hoursHundredths: 150 }),
    entry({ hoursHundredths: 25, category: "leadership" }),
    entry({ hoursHundredths: 300, source: "webinar", webinarSlug: "w", confirmedAt: null }),
    entry({ hoursHundredths: 1000, activityDate: "2025-12-31" }),
  ];

  it("adds up confirmed entries of that year only, per category and against the target", () => {
    const year = cpdYear(entries, 2026, 3000);
    expect(year.entries).toHaveLength(3);
    expect(year.totalHundredths).toBe(175);
    expect(year.byCategory).toEqual([
      { category: "clinical", hundredths: 150 },
      { category: "leadership", hundredths: 25 },
    ]);
    expect(year.targetHundredths).toBe(3000);
  });

  it("lists this year and every year with entries, newest first", () => {
    expect(logYears(entries, 2027)).toEqual([2027, 2026, 2025]);
  });
});

describe("the CSV export", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    const csv = cpdCsv([entry({ title: "=HYPERLINK(\"http://evil.example\")", reflection: "+1", provider: "@SUM(A1)" })]);
    const [heading, row] = csv.split("\r\n");
    expect(heading).toBe("Date,Title,Provider,Hours,Category,Source,Confirmed,Reflection,Evidence");
    expect(row).toBe(`2026-05-01,"'=HYPERLINK(""http://evil.example"")",'@SUM(A1),1,Clinical practice,Own entry (self-declared),yes,'+1,`);
  });
});

describe("certificate ids", () => {
  it("are 128 random bits in base64url, never the same twice", () => {
    const ids = new Set(Array.from({ length: 200 }, newCertificateId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(isCertificateId(id)).toBe(true);
  });

  it("refuse anything else before the database is asked", () => {
    for (const bad of ["1", "CPD-000001", `${newCertificateId()}x`, "a".repeat(21), "../../etc/passwd", "AAAAAAAAAAAAAAAAAAAAA="]) expect(isCertificateId(bad)).toBe(false);
  });
});

describe("a webinar's CPD hours", () => {
  it("are the editors' hours, else its length to the nearest quarter hour, within 0.25 to 100", () => {
    expect(webinarHundredths({ cpd: { hoursHundredths: 125, category: null }, durationMinutes: 60 })).toBe(125);
    expect(webinarHundredths({ cpd: { hoursHundredths: null, category: null }, durationMinutes: 90 })).toBe(150);
    expect(webinarHundredths({ cpd: { hoursHundredths: null, category: null }, durationMinutes: 50 })).toBe(75);
    expect(webinarHundredths({ cpd: { hoursHundredths: null, category: null }, durationMinutes: 1 })).toBe(25);
    expect(webinarHundredths({ cpd: { hoursHundredths: null, category: null }, durationMinutes: 100_000 })).toBe(10_000);
  });
});

describe("pressing Join", () => {
  const webinar = { date: "2026-12-03T18:00:00.000Z" };
  it("is attendance from the start on, not in the hour before it (the link is handed out then to check sound and picture)", () => {
    expect(joinCountsAsAttendance(webinar, new Date("2026-12-03T17:00:00.000Z"))).toBe(false);
    expect(joinCountsAsAttendance(webinar, new Date("2026-12-03T17:59:59.999Z"))).toBe(false);
    expect(joinCountsAsAttendance(webinar, new Date("2026-12-03T18:00:00.000Z"))).toBe(true);
    expect(joinCountsAsAttendance(webinar, new Date("2026-12-03T18:45:00.000Z"))).toBe(true);
  });
  it("is never attendance when the webinar's date cannot be read", () => {
    expect(joinCountsAsAttendance({ date: "soon" }, new Date("2026-12-03T18:45:00.000Z"))).toBe(false);
  });
});
