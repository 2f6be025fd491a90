/**
 * Stripe's fee on a card payment, read once the payment is recorded (from the webhook) and kept
 * in D1 for the ledger. The fee lives on the charge's balance transaction, which Stripe gives
 * with the payment intent. Reading it never holds up the payment: a failure is logged and the
 * ledger shows the fee as unknown.
 */
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { LedgerStore } from "../../adapters/d1/ledger";
import type { ReceiptSource } from "../../domain/receipts";
import type { Logger } from "../../log";

export interface PaymentFeeDeps {
  billing: Pick<BillingApi, "paymentFee">;
  ledger: Pick<LedgerStore, "recordFee">;
  log: Logger;
}

/** Reads and stores the fee of a payment recorded under Stripe's payment intent id. */
export async function recordPaymentFee(deps: PaymentFeeDeps, source: ReceiptSource, paymentIntentId: string): Promise<void> {
  try {
    const fee = await deps.billing.paymentFee(paymentIntentId);
    if (!fee) {
      deps.log.warn("finance.fee_unknown", { source, paymentIntentId });
      return;
    }
    await deps.ledger.recordFee(source, paymentIntentId, fee.feePence, fee.balanceTransactionId);
  } catch (error) {
    deps.log.warn("finance.fee_unread", { source, paymentIntentId, error: error instanceof Error ? error.message : String(error) });
  }
}
