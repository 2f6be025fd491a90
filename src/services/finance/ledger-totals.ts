/** The totals row of the ledger: money in, money back, VAT and fees over a range's entries. */
import type { LedgerEntry, LedgerTotals } from "../../domain/ledger";

export function ledgerTotals(entries: readonly LedgerEntry[]): LedgerTotals {
  const totals: LedgerTotals = { payments: 0, refunds: 0, receivedPence: 0, refundedPence: 0, netOfRefundsPence: 0, vatPence: 0, feesPence: 0, unknownVat: 0, unknownFees: 0 };
  for (const entry of entries) {
    const sign = entry.kind === "payment" ? 1 : -1;
    if (entry.kind === "payment") {
      totals.payments += 1;
      totals.receivedPence += entry.grossPence;
    } else {
      totals.refunds += 1;
      totals.refundedPence += entry.grossPence;
    }
    if (entry.vatPence === null) totals.unknownVat += 1;
    else totals.vatPence += sign * entry.vatPence;
    if (entry.feePence === null) totals.unknownFees += 1;
    else totals.feesPence += entry.feePence;
  }
  totals.netOfRefundsPence = totals.receivedPence - totals.refundedPence;
  return totals;
}
