import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/errors";
import { isCalendarDay, parseDayRange, parseQuarter } from "../../../src/services/finance/day-range";

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, message: (error as AppError).message, field: (error as AppError).details?.field };
  }
  throw new Error("not refused");
};

describe("the ledger's date range", () => {
  it("defaults to this month so far", () => {
    expect(parseDayRange({}, "2026-11-24")).toEqual({ from: "2026-11-01", to: "2026-11-24" });
    expect(parseDayRange({ from: "", to: " " }, "2026-11-24")).toEqual({ from: "2026-11-01", to: "2026-11-24" });
  });

  it("takes real days, both ends included", () => {
    expect(parseDayRange({ from: "2024-02-29", to: "2024-03-31" }, "2026-11-24")).toEqual({ from: "2024-02-29", to: "2024-03-31" });
    expect(parseDayRange({ from: "2026-07-01", to: "2026-07-01" }, "2026-11-24")).toEqual({ from: "2026-07-01", to: "2026-07-01" });
  });

  it.each(["2026-02-29", "2026-06-31", "2026-13-01", "26-01-01", "2026-1-1", "yesterday", "1999-12-31", "=1+1"])("refuses %s as a from date, naming the field", (from) => {
    expect(refused(() => parseDayRange({ from, to: "2026-11-24" }, "2026-11-24"))).toMatchObject({ status: 400, field: "from", message: expect.stringContaining("From date is not a real day") });
  });

  it("refuses a to date before the from date", () => {
    expect(refused(() => parseDayRange({ from: "2026-07-02", to: "2026-07-01" }, "2026-11-24"))).toEqual({
      status: 400,
      field: "to",
      message: "The to date (2026-07-01) is before the from date (2026-07-02)",
    });
  });

  it("refuses more than five years, saying the last day allowed", () => {
    expect(parseDayRange({ from: "2020-01-01", to: "2025-01-01" }, "2026-11-24").to).toBe("2025-01-01");
    expect(refused(() => parseDayRange({ from: "2020-01-01", to: "2025-01-02" }, "2026-11-24"))).toMatchObject({ field: "to", message: expect.stringContaining("on or before 2025-01-01") });
    expect(refused(() => parseDayRange({ from: "2024-02-29", to: "2029-03-01" }, "2026-11-24")).message).toContain("on or before 2029-02-28");
  });

  it("knows calendar days", () => {
    expect(["2000-01-01", "2024-02-29", "2026-12-31"].map(isCalendarDay)).toEqual([true, true, true]);
    expect(["2100-02-29", "2026-04-31", "2026-00-10", "2026-01-00"].map(isCalendarDay)).toEqual([false, false, false, false]);
  });
});

describe("the VAT summary's quarter", () => {
  it("defaults to today's quarter", () => {
    expect(parseQuarter(undefined, "2026-11-24")).toEqual({ year: 2026, quarter: 4 });
    expect(parseQuarter("", "2026-03-31")).toEqual({ year: 2026, quarter: 1 });
    expect(parseQuarter("2026-Q3", "2026-11-24")).toEqual({ year: 2026, quarter: 3 });
  });

  it.each(["2026-Q5", "2026-Q0", "2026Q3", "Q3-2026", "1999-Q1", "2026-q3x"])("refuses %s", (quarter) => {
    expect(refused(() => parseQuarter(quarter, "2026-11-24"))).toMatchObject({ status: 400, field: "quarter", message: expect.stringContaining("like 2026-Q3") });
  });
});
