/**
 * A credit note's lines: the amount refunded shared across the refunded receipt's lines and split
 * into net and VAT by the ledger's own rule (finance/refund-vat), so the document and the VAT
 * summary always agree. Worked out once, when the note is issued, and stored with it
 * (migrations/0030); notes issued before that are worked out the same way when read. Unknown
 * (null) when the receipt predates VAT records.
 */
import type { ReceiptItem } from "../../domain/receipts";
import type { CreditNoteLine, CreditNoteVat } from "../../domain/refunds";
import { vatTotals } from "../../shared/pricing/vat";
import { refundShares } from "../finance/refund-vat";

export function creditNoteLines(receiptItems: readonly ReceiptItem[], refundedPence: number): CreditNoteLine[] | null {
  if (receiptItems.length === 0 || receiptItems.some((item) => !item.vat)) return null;
  const lines = receiptItems.map((item) => ({ description: item.description, detail: item.detail, treatment: item.vat!.treatment, grossPence: item.pence }));
  return refundShares(lines, refundedPence).map(({ line, split }) => ({ description: line.description, detail: line.detail, split }));
}

/** The VAT split a credit note stores: its lines and their net and VAT sums; null when unknown. */
export function creditNoteVat(receiptItems: readonly ReceiptItem[], refundedPence: number): CreditNoteVat | null {
  const lines = creditNoteLines(receiptItems, refundedPence);
  if (!lines) return null;
  const { netPence, vatPence } = vatTotals(lines.map((line) => line.split));
  return { netPence, vatPence, lines };
}
