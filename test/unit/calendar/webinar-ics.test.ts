import { describe, expect, it } from "vitest";
import { webinarIcs, type WebinarIcsInput } from "../../../src/shared/calendar/webinar-ics";
import * as f from "../../fixtures/domain";

const INPUT: WebinarIcsInput = {
  uid: "webinar-back_pain@guildhall.example",
  title: "Managing Persistent Low Back Pain",
  start: new Date("2026-12-01T18:30:00.000Z"),
  end: new Date("2026-12-01T20:00:00.000Z"),
  url: "https://guildhall.example/webinars/managing-persistent-low-back-pain",
  description: "A practical tour of the guidance.",
  now: new Date("2026-11-20T12:00:00.000Z"),
  organizerName: "Guildhall",
};

const ics = (overrides: Partial<WebinarIcsInput> = {}) => webinarIcs({ ...INPUT, ...overrides });
const octets = (text: string) => new TextEncoder().encode(text).length;
/** Physical lines, without the CRLFs. */
const physicalLines = (text: string) => text.split("\r\n").slice(0, -1);
/** RFC 5545 §3.1 unfolding: remove every CRLF followed by one space. */
const logicalLines = (text: string) => text.replace(/\r\n /g, "").split("\r\n").slice(0, -1);
const property = (text: string, name: string) => logicalLines(text).find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("webinarIcs", () => {
  it("writes one VEVENT in a PUBLISH calendar, with CRLF line endings", () => {
    expect(ics()).toBe(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Guildhall//Webinars//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        "UID:webinar-back_pain@guildhall.example",
        "DTSTAMP:20261120T120000Z",
        "DTSTART:20261201T183000Z",
        "DTEND:20261201T200000Z",
        "SUMMARY:Managing Persistent Low Back Pain",
        "DESCRIPTION:A practical tour of the guidance.",
        "URL:https://guildhall.example/webinars/managing-persistent-low-back-pain",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
  });

  it("never ends a line with a bare LF or CR, even when the text holds them", () => {
    const text = ics({ title: "One\ntwo\rthree\r\nfour", description: "a\n\nb\r\rc" });
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("writes times in UTC, whatever offset they were given in, dropping milliseconds", () => {
    const text = ics({
      start: new Date("2026-06-01T18:30:00.999+01:00"),
      end: new Date("2026-06-01T20:00:00-04:00"),
      now: new Date("2026-05-01T00:00:00.001Z"),
    });
    expect(property(text, "DTSTART")).toBe("20260601T173000Z");
    expect(property(text, "DTEND")).toBe("20260602T000000Z");
    expect(property(text, "DTSTAMP")).toBe("20260501T000000Z");
  });

  it.each([
    ["a backslash", "C:\\Recordings", "C:\\\\Recordings"],
    ["a semicolon", "Pain; and gain", "Pain\\; and gain"],
    ["a comma", "Knees, hips, ankles", "Knees\\, hips\\, ankles"],
    ["an LF", "Line one\nLine two", "Line one\\nLine two"],
    ["a CRLF", "Line one\r\nLine two", "Line one\\nLine two"],
    ["a lone CR", "Line one\rLine two", "Line one\\nLine two"],
    ["an escaped-looking sequence", "a\\nb", "a\\\\nb"],
    ["a colon and quotes (not escaped in TEXT)", 'Q&A: "Why?"', 'Q&A: "Why?"'],
    ["a tab (allowed)", "a\tb", "a\tb"],
    ["other control characters (removed)", "a\u0000b\u0007c\u001Bd\u007Fe", "abcde"],
  ])("escapes %s in TEXT values", (_name, raw, escaped) => {
    const text = ics({ title: raw, description: raw });
    expect(property(text, "SUMMARY")).toBe(escaped);
    expect(property(text, "DESCRIPTION")).toBe(escaped);
  });

  it("escapes the UID and the organizer's name in PRODID", () => {
    const text = ics({ uid: "a,b;c", organizerName: "Smith, Jones; Partners" });
    expect(property(text, "UID")).toBe("a\\,b\\;c");
    expect(property(text, "PRODID")).toBe("-//Smith\\, Jones\\; Partners//Webinars//EN");
  });

  describe("line folding at 75 octets", () => {
    const summaryLines = (title: string) => {
      const lines = physicalLines(ics({ title }));
      const first = lines.findIndex((line) => line.startsWith("SUMMARY:"));
      const rest = lines.slice(first + 1);
      const end = rest.findIndex((line) => !line.startsWith(" "));
      return [lines[first]!, ...rest.slice(0, end)];
    };

    it("keeps a line of exactly 75 octets whole, and folds one of 76", () => {
      expect(summaryLines("a".repeat(67))).toEqual([`SUMMARY:${"a".repeat(67)}`]);
      expect(summaryLines("a".repeat(68))).toEqual([`SUMMARY:${"a".repeat(67)}`, " a"]);
    });

    it("counts the continuation's leading space toward its 75 octets", () => {
      expect(summaryLines("a".repeat(67 + 74 + 1))).toEqual([`SUMMARY:${"a".repeat(67)}`, ` ${"a".repeat(74)}`, " a"]);
    });

    it("moves an accented letter that would straddle the limit to the next line", () => {
      // "SUMMARY:" + 66 letters = 74 octets; "é" is two more.
      expect(summaryLines(`${"a".repeat(66)}é`)).toEqual([`SUMMARY:${"a".repeat(66)}`, " é"]);
    });

    it("never splits an emoji's four octets (or its surrogate pair)", () => {
      for (let pad = 60; pad <= 70; pad += 1) {
        const lines = summaryLines(`${"a".repeat(pad)}😀😀`);
        for (const line of lines) {
          expect(octets(line)).toBeLessThanOrEqual(75);
          expect(line).not.toMatch(LONE_SURROGATE);
        }
        expect(lines.join("").replace(/^SUMMARY:| /g, "")).toBe(`${"a".repeat(pad)}😀😀`);
      }
    });

    it("folds long mixed text into valid lines that unfold to the original", () => {
      const title = "Évaluation clinique — genou, hanche; cheville 🦵🏽 naïve café 日本語 \\ ".repeat(12);
      const description = "Première ligne 👩🏽‍⚕️\nDeuxième, avec ; et \\ et 🎉 — fin.\n".repeat(20);
      const text = ics({ title, description });
      for (const line of physicalLines(text)) {
        expect(octets(line)).toBeLessThanOrEqual(75);
        expect(line).not.toMatch(LONE_SURROGATE);
      }
      const escape = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");
      expect(property(text, "SUMMARY")).toBe(escape(title));
      expect(property(text, "DESCRIPTION")).toBe(escape(description));
    });
  });

  describe("no Zoom or Vimeo links", () => {
    it.each(f.ACCESS_URLS.map((prefix) => `${prefix}90000000001`))("removes %s from the description", (link) => {
      const text = ics({ description: `Join here: ${link} (passcode 1234).` });
      expect(text).not.toContain(new URL(link).hostname);
      expect(property(text, "DESCRIPTION")).toBe("Join here: [link removed] (passcode 1234).");
    });

    it.each([
      ["https://us02web.zoom.us/j/81234567890?pwd=abc", "Zoom with a password"],
      ["zoom.us/j/81234567890", "Zoom without a scheme"],
      ["https://zoomgov.com/j/1", "ZoomGov"],
      ["https://player.vimeo.com/video/1?h=secret", "Vimeo's player"],
      ["vimeo.com/showcase/9", "Vimeo without a scheme"],
      ["HTTPS://ZOOM.US/J/1", "in capitals"],
    ])("removes %s (%s)", (link) => {
      const text = ics({ description: `Watch: ${link}\nThanks`, title: `Join ${link}` });
      expect(text.toLowerCase()).not.toMatch(/zoom(gov)?\.|vimeo\./);
      expect(property(text, "DESCRIPTION")).toBe("Watch: [link removed]\\nThanks");
    });

    it("keeps other links and the words Zoom and Vimeo", () => {
      const description = "Held on Zoom. Recorded for Vimeo. Slides: https://guildhall.example/slides, and myzoom.org.";
      expect(property(ics({ description }), "DESCRIPTION")).toBe(
        "Held on Zoom. Recorded for Vimeo. Slides: https://guildhall.example/slides\\, and myzoom.org.",
      );
    });

    it.each(["https://zoom.us/j/1", "https://us02web.zoom.us/j/1", "https://vimeo.com/1", "https://zoom.example/j/1"])("refuses %s as the event's URL", (url) => {
      expect(() => ics({ url })).toThrow(/public page/);
    });

    it.each(["javascript:alert(1)", "/webinars/x", "ftp://guildhall.example/x", "not a url"])("refuses %s as the event's URL", (url) => {
      expect(() => ics({ url })).toThrow(RangeError);
    });
  });

  it("writes the URL as a URI, not escaped as TEXT", () => {
    expect(property(ics({ url: "https://guildhall.example/webinars/a,b?x=1;y=2" }), "URL")).toBe("https://guildhall.example/webinars/a,b?x=1;y=2");
  });

  it("leaves DTEND out for an event that lasts no time", () => {
    const text = ics({ end: INPUT.start });
    expect(property(text, "DTSTART")).toBe("20261201T183000Z");
    expect(property(text, "DTEND")).toBeUndefined();
  });

  it.each([
    ["an end before the start", { end: new Date("2026-12-01T18:29:59Z") }],
    ["an invalid start", { start: new Date("nope") }],
    ["an invalid end", { end: new Date("nope") }],
    ["an invalid now", { now: new Date("nope") }],
    ["an empty uid", { uid: " " }],
  ])("refuses %s", (_name, overrides) => {
    expect(() => ics(overrides)).toThrow(RangeError);
  });
});
