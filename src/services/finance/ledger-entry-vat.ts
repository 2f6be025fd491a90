/**
 * A ledger entry as shown and exported: a refund whose credit note did not store its VAT split
 * (issued before it was stored) gets the split worked out from its receipt by the refund rule.
 */
import type { StoredLedgerEntry } from "../../adapters/d1/ledger";
import type { LedgerEntry } from "../../domain/ledger";
import { vatTotals } from "../../shared/pricing/vat";
import { refundVatLines } from "./refund-vat";

export function withRefundVat({ entry, refundedReceiptLines }: StoredLedgerEntry): LedgerEntry {
  if (entry.kind !== "refund" || entry.netPence !== null || refundedReceiptLines === null) return entry;
  const { netPence, vatPence } = vatTotals(refundVatLines(refundedReceiptLines, entry.grossPence));
  return { ...entry, netPence, vatPence };
}
