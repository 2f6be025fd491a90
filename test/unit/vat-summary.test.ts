import { describe, expect, it } from "vitest";
import { quarterDays, quarterlyVatSummary, type RecordedVatLine } from "../../src/services/receipts/vat-summary";
import { splitGross, type VatTreatment } from "../../src/shared/pricing/vat";

const line = (paidOn: string, grossPence: number, treatment: VatTreatment): RecordedVatLine => ({ paidOn, ...splitGross(grossPence, treatment) });

/**
 * A quarter of mixed-rate payments, each figure worked by hand:
 *   standard 20%: £120.00 -> VAT 12000/6 = 2000p; £29.99 -> 2999/6 = 499.83 -> 500p; 3p -> 0.5 -> 1p (half up)
 *                 gross 15002, VAT 2501, net 12501
 *   reduced 5%:   £15.00 -> 1500/21 = 71.43 -> 71p; £63.00 -> 6300/21 = 300p
 *                 gross 7800, VAT 371, net 7429
 *   zero 0%:      £45.00 -> gross 4500, VAT 0, net 4500
 *   exempt:       £30.00 -> gross 3000, VAT 0, net 3000
 *   total:        gross 30302, VAT 2872, net 27430
 * and two payments outside the quarter (30 June, 1 October), left out.
 */
const SEEDED: RecordedVatLine[] = [
  line("2026-07-01", 12000, "standard"),
  line("2026-07-15", 2999, "standard"),
  line("2026-08-03", 1500, "reduced"),
  line("2026-08-20", 4500, "zero"),
  line("2026-09-01", 3000, "exempt"),
  line("2026-09-10", 6300, "reduced"),
  line("2026-09-30", 3, "standard"),
  line("2026-06-30", 6000, "standard"),
  line("2026-10-01", 6000, "standard"),
];

describe("quarterlyVatSummary", () => {
  it("sums a quarter's output VAT by rate, as checked by hand", () => {
    const summary = quarterlyVatSummary(SEEDED, { year: 2026, quarter: 3 });
    expect(summary.from).toBe("2026-07-01");
    expect(summary.to).toBe("2026-09-30");
    expect(summary.rows).toEqual([
      { treatment: "standard", rateBasisPoints: 2000, lines: 3, grossPence: 15002, netPence: 12501, vatPence: 2501 },
      { treatment: "reduced", rateBasisPoints: 500, lines: 2, grossPence: 7800, netPence: 7429, vatPence: 371 },
      { treatment: "zero", rateBasisPoints: 0, lines: 1, grossPence: 4500, netPence: 4500, vatPence: 0 },
      { treatment: "exempt", rateBasisPoints: null, lines: 1, grossPence: 3000, netPence: 3000, vatPence: 0 },
    ]);
    expect(summary.total).toEqual({ lines: 7, grossPence: 30302, netPence: 27430, vatPence: 2872 });
  });

  it("a quarter with no payments has no rows and nothing in total", () => {
    expect(quarterlyVatSummary(SEEDED, { year: 2027, quarter: 1 })).toMatchObject({ rows: [], total: { lines: 0, grossPence: 0, netPence: 0, vatPence: 0 } });
  });

  it("keeps a rate that changed within a treatment on its own row", () => {
    const old = { ...line("2026-07-02", 1050, "reduced"), rateBasisPoints: 1000, netPence: 955, vatPence: 95 };
    const rows = quarterlyVatSummary([old, line("2026-07-03", 1500, "reduced")], { year: 2026, quarter: 3 }).rows;
    expect(rows.map((r) => [r.rateBasisPoints, r.vatPence])).toEqual([[500, 71], [1000, 95]]);
  });

  it("names the quarter's days, and refuses a quarter that is not one", () => {
    expect(quarterDays({ year: 2026, quarter: 1 })).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(quarterDays({ year: 2026, quarter: 4 })).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(() => quarterDays({ year: 2026, quarter: 5 })).toThrow("A VAT quarter is 1 to 4, not 5");
  });

  it("refuses a recorded line whose net and VAT do not make its gross", () => {
    const broken = { ...line("2026-07-01", 1200, "standard"), vatPence: 199 };
    expect(() => quarterlyVatSummary([broken], { year: 2026, quarter: 3 })).toThrow("does not add up");
  });
});
