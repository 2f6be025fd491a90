/**
 * A credit note's lines: the amount refunded shared across the refunded receipt's lines and split
 * into net and VAT by the ledger's own rule (finance/refund-vat), so the document and the VAT
 * summary always agree. Unknown (null) when the receipt predates VAT records.
 */
import type { ReceiptItem } from "../../domain/receipts";
import type { VatSplit } from "../../shared/pricing/vat";
import { refundShares } from "../finance/refund-vat";

export interface CreditNoteLine {
  description: string;
  detail: string | null;
  split: VatSplit;
}

export function creditNoteLines(receiptItems: readonly ReceiptItem[], refundedPence: number): CreditNoteLine[] | null {
  if (receiptItems.length === 0 || receiptItems.some((item) => !item.vat)) return null;
  const lines = receiptItems.map((item) => ({ description: item.description, detail: item.detail, treatment: item.vat!.treatment, grossPence: item.pence }));
  return refundShares(lines, refundedPence).map(({ line, split }) => ({ description: line.description, detail: line.detail, split }));
}
