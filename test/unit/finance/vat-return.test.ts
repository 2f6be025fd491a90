import { describe, expect, it } from "vitest";
import { vatReturn } from "../../../src/services/finance/vat-return";
import { splitGross, type VatTreatment } from "../../../src/shared/pricing/vat";

const line = (paidOn: string, pence: number, treatment: VatTreatment) => ({ ...splitGross(pence, treatment), paidOn });

describe("a quarter's VAT return", () => {
  it("lines sales and credit notes up by rate, credits only rates included, outside days left out", () => {
    const result = vatReturn(
      [line("2026-07-01", 3500, "standard"), line("2026-09-30", 2000, "zero"), line("2026-10-01", 600, "standard")],
      [line("2026-08-15", 1050, "reduced"), line("2026-08-15", 600, "standard"), line("2026-06-30", 600, "standard")],
      { year: 2026, quarter: 3 },
      { receipts: 2, creditNotes: 0 },
    );
    expect(result.from).toBe("2026-07-01");
    expect(result.to).toBe("2026-09-30");
    expect(result.rows.map((r) => [r.treatment, r.sales, r.credits, r.due])).toEqual([
      // 35.00 at 20%: VAT 5.83; the credit of 6.00 at 20%: VAT 1.00.
      ["standard", { netPence: 2917, vatPence: 583 }, { netPence: 500, vatPence: 100 }, { netPence: 2417, vatPence: 483 }],
      // A rate with only a credit note: 10.50 at 5%, VAT 0.50.
      ["reduced", { netPence: 0, vatPence: 0 }, { netPence: 1000, vatPence: 50 }, { netPence: -1000, vatPence: -50 }],
      ["zero", { netPence: 2000, vatPence: 0 }, { netPence: 0, vatPence: 0 }, { netPence: 2000, vatPence: 0 }],
    ]);
    expect(result.total).toEqual({ sales: { netPence: 4917, vatPence: 583 }, credits: { netPence: 1500, vatPence: 150 }, due: { netPence: 3417, vatPence: 433 } });
    expect([result.receiptsWithoutVat, result.creditNotesWithoutVat]).toEqual([2, 0]);
  });
});
