import { describe, expect, it } from "vitest";
import { formatDate, formatDuration, formatPrice, formatTimeRange, isoDuration } from "../../../src/views/format";
import { withArticle } from "../../../src/shared/wording";

describe("formatting for a UK audience", () => {
  it("prices in pounds sterling", () => {
    expect(formatPrice(45)).toBe("£45.00");
    expect(formatPrice(1234.5)).toBe("£1,234.50");
  });

  it("dates and times in UK time whatever the clock's zone: GMT in winter, BST in summer", () => {
    const winter = new Date("2026-12-01T18:00:00Z");
    expect(formatDate(winter, "long")).toBe("Tuesday, 1 December 2026");
    expect(formatTimeRange(winter, new Date("2026-12-01T19:30:00Z"))).toBe("18:00–19:30 GMT");
    const summer = new Date("2026-07-01T17:00:00Z");
    expect(formatTimeRange(summer, new Date("2026-07-01T18:00:00Z"))).toBe("18:00–19:00 BST");
    expect(formatDate(new Date("2026-07-01T23:30:00Z"))).toBe("2 July 2026");
  });

  it("durations in words and as ISO 8601", () => {
    expect([formatDuration(90), formatDuration(60), formatDuration(45), formatDuration(61)]).toEqual([
      "1 hour 30 minutes",
      "1 hour",
      "45 minutes",
      "1 hour 1 minute",
    ]);
    expect([isoDuration(90), isoDuration(60), isoDuration(45), isoDuration(0)]).toEqual(["PT1H30M", "PT1H", "PT45M", "PT0M"]);
  });

  it("a or an", () => {
    expect(withArticle("Full member")).toBe("a Full member");
    expect(withArticle("Associate member")).toBe("an Associate member");
  });
});
