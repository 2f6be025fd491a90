import { describe, expect, it } from "vitest";
import { splitGross, vatIncluded, vatRateLabel, vatTotals, VAT_RATES } from "../../../src/shared/pricing/vat";

describe("vatIncluded: VAT inside a gross amount, rounded half up per line", () => {
  it.each([
    ["£120.00 at 20% is exactly £20.00", 12000, 2000, 2000],
    ["£29.99 at 20%: 499.83p rounds to the nearest penny, 500p", 2999, 2000, 500],
    ["£29.97 at 20%: 499.5p is a half, rounded up", 2997, 2000, 500],
    ["3p at 20%: 0.5p is a half, rounded up to 1p", 3, 2000, 1],
    ["2p at 20%: 0.33p rounds down to 0", 2, 2000, 0],
    ["£15.00 at 5%: 71.43p rounds to 71p", 1500, 500, 71],
    ["£63.00 at 5% is exactly £3.00", 6300, 500, 300],
    ["£45.00 at 0% is nothing", 4500, 0, 0],
    ["nothing at 20% is nothing", 0, 2000, 0],
    ["£99,999.99 at 20% stays exact in integers", 9_999_999, 2000, 1_666_667],
  ])("%s", (_name, gross, rate, vat) => {
    expect(vatIncluded(gross, rate)).toBe(vat);
  });

  it("refuses fractions of a penny, negative amounts and odd rates with the value named", () => {
    expect(() => vatIncluded(10.5, 2000)).toThrow("Not an amount in whole pence: 10.5");
    expect(() => vatIncluded(-1, 2000)).toThrow("Not an amount in whole pence: -1");
    expect(() => vatIncluded(100, 20.5)).toThrow("Not a VAT rate in basis points: 20.5");
  });
});

describe("splitGross and vatTotals", () => {
  it("splits per treatment; exempt and zero lines carry no VAT", () => {
    expect(splitGross(2999, "standard")).toEqual({ treatment: "standard", rateBasisPoints: 2000, grossPence: 2999, netPence: 2499, vatPence: 500 });
    expect(splitGross(1500, "reduced")).toEqual({ treatment: "reduced", rateBasisPoints: 500, grossPence: 1500, netPence: 1429, vatPence: 71 });
    expect(splitGross(4500, "zero")).toEqual({ treatment: "zero", rateBasisPoints: 0, grossPence: 4500, netPence: 4500, vatPence: 0 });
    expect(splitGross(3000, "exempt")).toEqual({ treatment: "exempt", rateBasisPoints: null, grossPence: 3000, netPence: 3000, vatPence: 0 });
  });

  it("totals are the sums of the lines, not VAT recomputed on the total", () => {
    // Three 3p lines at 20%: each has 1p VAT (0.5p rounded up), so 3p in all; VAT on 9p would be 2p.
    const lines = [splitGross(3, "standard"), splitGross(3, "standard"), splitGross(3, "standard")];
    expect(vatTotals(lines)).toEqual({ grossPence: 9, netPence: 6, vatPence: 3 });
    expect(vatIncluded(9, 2000)).toBe(2);
  });

  it("the one rate table, and how each rate reads on a receipt", () => {
    expect(VAT_RATES).toEqual({ standard: 2000, reduced: 500, zero: 0, exempt: null });
    expect(["standard", "reduced", "zero", "exempt"].map((t) => vatRateLabel(t as "standard"))).toEqual(["20%", "5%", "0%", "Exempt"]);
  });
});
