/**
 * A payer's dispute of a card payment with their bank (charge.dispute.created / .closed), re-read
 * from Stripe: while it is open, what the payment bought is suspended (the access rules read the
 * open dispute) and staff see it flagged on the order; won restores it; lost takes it back for good.
 */
import type { RefundStore } from "../../adapters/d1/refunds";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { DisputeStatus } from "../../domain/refunds";

export interface DisputeDeps {
  refunds: Pick<RefundStore, "orderPayment" | "saveDispute">;
  billing: Pick<BillingApi, "retrieveDispute">;
}

/** Stripe's many dispute states, as the site acts on them. */
export const disputeStatus = (stripeStatus: string): DisputeStatus => (stripeStatus === "won" ? "won" : stripeStatus === "lost" ? "lost" : "open");

export async function recordDispute(deps: DisputeDeps, disputeId: string): Promise<"saved" | "unchanged" | "not-ours"> {
  const dispute = await deps.billing.retrieveDispute(disputeId);
  if (!dispute?.paymentIntentId) return "not-ours";
  const payment = await deps.refunds.orderPayment(dispute.paymentIntentId);
  // A membership's card payments are Stripe invoices, not payment intents recorded here: not handled yet.
  if (!payment) throw new Error(`Dispute ${disputeId} is about a payment (${dispute.paymentIntentId}) not recorded yet`);
  const changed = await deps.refunds.saveDispute({
    id: dispute.id,
    source: payment.source,
    paymentId: payment.id,
    orderId: payment.orderId,
    applicationId: payment.applicationId,
    userId: payment.userId,
    amountPence: dispute.amountPence,
    reason: dispute.reason,
    status: disputeStatus(dispute.status),
  });
  return changed ? "saved" : "unchanged";
}
