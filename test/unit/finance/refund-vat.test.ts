import { describe, expect, it } from "vitest";
import { refundVatLines, shareInProportion } from "../../../src/services/finance/refund-vat";
import { splitGross, vatTotals } from "../../../src/shared/pricing/vat";

describe("sharing an amount in proportion", () => {
  it("adds up to the amount exactly, pennies to the largest remainders", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(1000, [3500, 1050])).toEqual([769, 231]);
    expect(shareInProportion(0, [10, 20])).toEqual([0, 0]);
    expect(shareInProportion(5, [0, 0])).toEqual([0, 0]);
    for (const amount of [1, 7, 99, 4549, 12_345]) expect(shareInProportion(amount, [3500, 1050, 999, 1]).reduce((a, b) => a + b, 0)).toBe(amount);
  });
});

describe("the VAT a refund takes back", () => {
  const receipt = [splitGross(3500, "standard"), splitGross(1050, "reduced"), splitGross(2000, "zero")];

  it("is the receipt's own VAT for a full refund", () => {
    expect(vatTotals(refundVatLines(receipt, 6550))).toEqual(vatTotals(receipt));
  });

  it("is shared by line for a part refund: £10 of a £35 (20%) + £10.50 (5%) + £20 (0%) receipt", () => {
    // Shares of 1000p by gross 3500:1050:2000 (of 6550): 534.351, 160.305, 305.344 -> 534, 160, 305
    // and the penny left over to the largest remainder (0.351): 535, 160, 305.
    // VAT: 535 x 20/120 = 89.17 -> 89; 160 x 5/105 = 7.62 -> 8; zero-rated 0.
    const lines = refundVatLines(receipt, 1000);
    expect(lines.map((l) => [l.treatment, l.grossPence, l.vatPence])).toEqual([
      ["standard", 535, 89],
      ["reduced", 160, 8],
      ["zero", 305, 0],
    ]);
  });
});
