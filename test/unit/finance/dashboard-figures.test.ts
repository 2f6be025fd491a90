import { describe, expect, it } from "vitest";
import type { DashboardStore } from "../../../src/adapters/d1/dashboard";
import { createDashboard, membersTable, renewalRate } from "../../../src/services/finance/dashboard";

describe("the renewal rate", () => {
  it("is renewals over renewals and lapses, in per cent to one decimal, and nothing when neither happened", () => {
    expect([renewalRate(1, 1), renewalRate(3, 0), renewalRate(0, 2), renewalRate(2, 1), renewalRate(0, 0)]).toEqual([50, 100, 0, 66.7, null]);
  });
});

describe("members by type and status", () => {
  it("has every status as a column and types in alphabetical order", () => {
    expect(
      membersTable([
        { type: "Student", status: "active", count: 2 },
        { type: "Associate", status: "lapsed", count: 1 },
        { type: "Associate", status: "active", count: 4 },
      ]),
    ).toEqual({
      types: ["Associate", "Student"],
      statuses: ["active", "awaiting_payment", "lapsed", "cancelled"],
      counts: [
        [4, 0, 1, 0],
        [2, 0, 0, 0],
      ],
    });
  });
});

describe("the dashboard's months", () => {
  it("reads the last twelve London months, puts each lapse in the month its grace ran out, and nets refunds off revenue", async () => {
    const asked: [string, string][] = [];
    const store: DashboardStore = {
      membersByTypeAndStatus: async () => [],
      joins: async (from, to) => (asked.push([from, to]), [{ month: "2026-11", count: 2 }]),
      renewals: async () => [{ month: "2026-10", count: 1 }],
      // Lapses by the UTC hour their grace ran out: 23:00 UTC on 30 September is midnight on
      // 1 October in London (summer time), so October's; midnight UTC on 1 November is November's.
      lapsesByHour: async () => [
        { hour: "2026-11-01T00", count: 1 },
        { hour: "2026-09-30T23", count: 1 },
        { hour: "2020-01-31T00", count: 1 },
      ],
      received: async () => [
        { source: "membership", month: "2026-11", pence: 12_000 },
        { source: "order", month: "2026-11", pence: 4_550 },
      ],
      refunded: async () => [{ source: "order", month: "2026-11", pence: 1_000 }],
    };
    // 23:30 UTC on 30 November is still November in London (GMT).
    const figures = await createDashboard({ store, graceDays: 30, now: () => new Date("2026-11-30T23:30:00Z") }).figures();
    expect(asked).toEqual([["2025-12-01", "2026-11-30"]]);
    expect(figures.months.at(-1)).toBe("2026-11");
    expect(figures.joins.slice(-2)).toEqual([0, 2]);
    expect(figures.lapses.slice(-2)).toEqual([1, 1]);
    expect(figures.renewals.slice(-2)).toEqual([1, 0]);
    expect(figures.renewalRate.slice(-3)).toEqual([null, 50, 0]);
    expect(figures.revenue.membership.at(-1)).toBe(12_000);
    expect(figures.revenue.webinars.at(-1)).toBe(3_550);
  });
});
