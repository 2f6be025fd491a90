/** A credit note's lines: the ledger's refund-VAT rule, with the receipt's descriptions kept. */
import { describe, expect, it } from "vitest";
import type { ReceiptItem } from "../../src/domain/receipts";
import { refundVatLines } from "../../src/services/finance/refund-vat";
import { creditNoteLines, creditNoteVat } from "../../src/services/refunds/credit-note-lines";
import { splitGross } from "../../src/shared/pricing/vat";

const item = (description: string, pence: number, treatment: "standard" | "exempt" | "zero"): ReceiptItem => {
  const { grossPence: _gross, ...vat } = splitGross(pence, treatment);
  return { description, detail: null, pence, vat };
};

describe("credit note lines", () => {
  const receipt = [item("Webinar A", 3500, "standard"), item("Exam fee", 2000, "exempt"), item("Webinar B", 1050, "standard")];

  it("shares a partial refund across a mixed-rate receipt exactly as the ledger does", () => {
    const lines = creditNoteLines(receipt, 2513)!;
    expect(lines.map((l) => l.split)).toEqual(refundVatLines(receipt.map((i) => ({ ...i.vat!, grossPence: i.pence })), 2513));
    expect(lines.map((l) => l.description)).toEqual(["Webinar A", "Exam fee", "Webinar B"]);
    expect(lines.reduce((sum, l) => sum + l.split.grossPence, 0)).toBe(2513);
    expect(lines[1]!.split.vatPence).toBe(0);
    for (const l of lines) expect(l.split.netPence + l.split.vatPence).toBe(l.split.grossPence);
  });

  it("takes back exactly the receipt's VAT on a full refund", () => {
    const lines = creditNoteLines(receipt, 6550)!;
    expect(lines.map((l) => l.split.vatPence)).toEqual(receipt.map((i) => i.vat!.vatPence));
  });

  it("leaves out lines with nothing refunded", () => {
    expect(creditNoteLines([item("Big", 10_000, "standard"), item("Tiny", 1, "standard")], 10)!.map((l) => l.description)).toEqual(["Big"]);
  });

  it("stores, at issue, the lines with their net and VAT sums, adding up to the amount refunded", () => {
    const vat = creditNoteVat(receipt, 2513)!;
    expect(vat.lines).toEqual(creditNoteLines(receipt, 2513));
    expect(vat.netPence).toBe(vat.lines.reduce((sum, l) => sum + l.split.netPence, 0));
    expect(vat.vatPence).toBe(vat.lines.reduce((sum, l) => sum + l.split.vatPence, 0));
    expect(vat.netPence + vat.vatPence).toBe(2513);
    expect(creditNoteVat([{ description: "Old", detail: null, pence: 1000, vat: null }], 500)).toBeNull();
  });

  it("is unknown for a receipt issued before VAT was recorded", () => {
    expect(creditNoteLines([{ description: "Old", detail: null, pence: 1000, vat: null }], 500)).toBeNull();
    expect(creditNoteLines([], 500)).toBeNull();
  });
});
