import { describe, expect, it } from "vitest";
import { CHART_MARGIN, groupedBarLayout, niceStep } from "../../../src/shared/charts/grouped-bar-layout";
import { lastMonths, monthLabel } from "../../../src/shared/charts/months";

describe("a grouped bar chart's layout", () => {
  const layout = groupedBarLayout({
    categories: ["Jan", "Feb"],
    series: [
      { name: "Joins", values: [4, 10] },
      { name: "Lapses", values: [0, 3] },
    ],
    width: 264,
    height: 152,
  });

  it("puts the plot inside the margins and rounds the axis up to a nice number", () => {
    expect(layout.plot).toEqual({ left: CHART_MARGIN.left, top: CHART_MARGIN.top, right: 256, bottom: 112 });
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(layout.ticks[0]!.y).toBe(112);
    expect(layout.ticks.at(-1)!.y).toBe(12);
  });

  it("gives each category a band and each series a bar side by side, heights in proportion", () => {
    // Bands of 100 units; bars take 80 of them, 40 each, after a 10-unit gap.
    const [joinsJan, joinsFeb, lapsesJan, lapsesFeb] = layout.bars;
    expect(joinsJan).toMatchObject({ series: 0, category: 0, x: 66, width: 40, height: 40, y: 72 });
    expect(joinsFeb).toMatchObject({ x: 166, height: 100, y: 12 });
    expect(lapsesJan).toMatchObject({ series: 1, x: 106, height: 0, y: 112 });
    expect(lapsesFeb).toMatchObject({ x: 206, height: 30, y: 82 });
    expect(layout.categoryLabels).toEqual([
      { label: "Jan", x: 106 },
      { label: "Feb", x: 206 },
    ]);
  });

  it("draws a negative value below the zero line", () => {
    const negative = groupedBarLayout({ categories: ["a", "b"], series: [{ name: "Revenue", values: [-500, 1500] }], width: 264, height: 152 });
    expect(negative.ticks[0]!.value).toBeLessThan(0);
    const [a, b] = negative.bars;
    expect(a!.y).toBe(negative.zeroY);
    expect(b!.y + b!.height).toBeCloseTo(negative.zeroY);
    expect(b!.height).toBeCloseTo(a!.height * 3);
  });

  it("copes with nothing at all, and refuses series that do not fit", () => {
    const empty = groupedBarLayout({ categories: ["a"], series: [{ name: "x", values: [0] }], width: 200, height: 100 });
    expect(empty.bars[0]!.height).toBe(0);
    expect(empty.ticks.map((t) => t.value)).toEqual([0, 1]);
    expect(() => groupedBarLayout({ categories: ["a", "b"], series: [{ name: "x", values: [1] }], width: 200, height: 100 })).toThrow("1 values for 2 categories");
    expect(() => groupedBarLayout({ categories: ["a"], series: [{ name: "x", values: [Number.NaN] }], width: 200, height: 100 })).toThrow("not a number");
  });

  it("steps by 1, 2 or 5 times a power of ten", () => {
    expect([niceStep(10), niceStep(7), niceStep(100), niceStep(123_456), niceStep(0)]).toEqual([2, 2, 20, 50_000, 1]);
  });
});

describe("months", () => {
  it("lists the last twelve, across a new year", () => {
    expect(lastMonths("2026-03-15", 12)).toEqual(["2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(lastMonths("2026-12-01", 1)).toEqual(["2026-12"]);
  });

  it("names them", () => {
    expect([monthLabel("2026-03"), monthLabel("2025-12", true)]).toEqual(["Mar 2026", "Dec 25"]);
  });
});
