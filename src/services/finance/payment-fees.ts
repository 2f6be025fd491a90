/**
 * Stripe's fee on a card payment, read once the payment is recorded (from the webhook) and kept
 * in D1 for the ledger. The fee lives on the charge's balance transaction, which Stripe gives
 * with the payment intent. Reading it never holds up the payment: a failure is logged and the
 * ledger shows the fee as unknown. A membership subscription's payment is recorded under its
 * invoice: its fee is read through the invoice's payment intent and kept under the invoice's id.
 */
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { LedgerStore } from "../../adapters/d1/ledger";
import type { ReceiptSource } from "../../domain/receipts";
import type { Logger } from "../../log";

export interface PaymentFeeDeps {
  billing: Pick<BillingApi, "paymentFee" | "paymentIntentOfInvoice">;
  ledger: Pick<LedgerStore, "recordFee">;
  log: Logger;
}

/**
 * Reads and stores the fee of a payment intent; the payment is recorded under `paymentId` (the
 * payment intent's own id for one-off payments).
 */
export async function recordPaymentFee(deps: PaymentFeeDeps, source: ReceiptSource, paymentIntentId: string, paymentId = paymentIntentId): Promise<void> {
  try {
    const fee = await deps.billing.paymentFee(paymentIntentId);
    if (!fee) {
      deps.log.warn("finance.fee_unknown", { source, paymentIntentId, paymentId });
      return;
    }
    await deps.ledger.recordFee(source, paymentId, fee.feePence, fee.balanceTransactionId);
  } catch (error) {
    deps.log.warn("finance.fee_unread", { source, paymentIntentId, paymentId, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Reads and stores the fee of a paid membership invoice (recorded under the invoice's id). */
export async function recordInvoiceFee(deps: PaymentFeeDeps, invoiceId: string): Promise<void> {
  let paymentIntentId: string | null;
  try {
    paymentIntentId = await deps.billing.paymentIntentOfInvoice(invoiceId);
  } catch (error) {
    deps.log.warn("finance.fee_unread", { source: "membership", paymentId: invoiceId, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (!paymentIntentId) {
    deps.log.warn("finance.fee_unknown", { source: "membership", paymentId: invoiceId });
    return;
  }
  await recordPaymentFee(deps, "membership", paymentIntentId, invoiceId);
}
