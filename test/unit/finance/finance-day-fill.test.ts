import { describe, expect, it } from "vitest";
import { fillWindows, FILL_WINDOW_DAYS } from "../../../src/adapters/d1/finance-day-fill";

describe("a cold range is added up a month at a time", () => {
  it("cuts a year into consecutive windows of at most 31 days, covering every day once", () => {
    const windows = fillWindows("2025-12-01", "2026-11-30");
    expect(windows).toHaveLength(12);
    expect(windows[0]).toEqual(["2025-12-01", "2025-12-31"]);
    expect(windows.at(-1)![1]).toBe("2026-11-30");
    for (let i = 1; i < windows.length; i++) {
      const next = new Date(Date.parse(`${windows[i - 1]![1]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(windows[i]![0]).toBe(next);
    }
    for (const [from, to] of windows) expect((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1).toBeLessThanOrEqual(FILL_WINDOW_DAYS);
  });

  it("a single day, or a month, is one window", () => {
    expect(fillWindows("2026-11-27", "2026-11-27")).toEqual([["2026-11-27", "2026-11-27"]]);
    expect(fillWindows("2026-10-01", "2026-10-31")).toEqual([["2026-10-01", "2026-10-31"]]);
  });
});
