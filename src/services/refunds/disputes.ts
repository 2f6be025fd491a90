/**
 * A payer's dispute of a card payment with their bank (charge.dispute.created / .closed), re-read
 * from Stripe: while it is open, what the payment bought is suspended (the access rules read the
 * open dispute: an order's webinars, or member access for a membership payment) and staff see it
 * flagged on the order or the member; won restores it; lost takes it back for good (the webinars
 * go; the membership ends now and its card subscription is cancelled, as the money went back).
 * Staff with the finance or administrator role are e-mailed when it opens and when it is decided.
 */
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { RefundStore } from "../../adapters/d1/refunds";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { DisputeStatus } from "../../domain/refunds";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { Notices } from "../email/notices";
import { disputeNotices, type DisputeNoticeDeps } from "./dispute-notices";
import { paymentOfIntent } from "./stripe-payment";

export interface DisputeDeps {
  refunds: Pick<RefundStore, "orderPayment" | "membershipPayment" | "saveDispute">;
  billing: Pick<BillingApi, "retrieveDispute" | "invoiceOfPaymentIntent" | "paymentIntentOfInvoice" | "cancelSubscription" | "retrieveSubscription">;
  memberships: Pick<MembershipStore, "forUser">;
  /** Staff's e-mail about the dispute (finance and administrators), in the dispute's batch. */
  notices: Pick<Notices, "prepare" | "deliverSoon">;
  staff: DisputeNoticeDeps["staff"];
  now: () => Date;
  log: Logger;
}

/** Stripe's many dispute states, as the site acts on them. */
export const disputeStatus = (stripeStatus: string): DisputeStatus => (stripeStatus === "won" ? "won" : stripeStatus === "lost" ? "lost" : "open");

export async function recordDispute(deps: DisputeDeps, disputeId: string): Promise<"saved" | "unchanged" | "not-ours"> {
  const dispute = await deps.billing.retrieveDispute(disputeId);
  if (!dispute?.paymentIntentId) return "not-ours";
  const payment = await paymentOfIntent(deps, dispute.paymentIntentId);
  // Not recorded yet (its own event is still on its way): failing makes Stripe deliver this again later.
  if (!payment) throw new Error(`Dispute ${disputeId} is about a payment (${dispute.paymentIntentId}) not recorded yet`);
  const status = disputeStatus(dispute.status);
  const email = await disputeNotices(deps, dispute, status, payment);
  const changed = await deps.refunds.saveDispute(
    {
      id: dispute.id,
      source: payment.source,
      paymentId: payment.id,
      orderId: payment.orderId,
      applicationId: payment.applicationId,
      userId: payment.userId,
      amountPence: dispute.amountPence,
      reason: dispute.reason,
      status,
    },
    londonDate(deps.now()),
    email.statements,
  );
  if (changed) deps.notices.deliverSoon(email.ids);
  if (status === "lost" && payment.source === "membership") await cancelLostSubscription(deps, payment.userId, dispute.id);
  return changed ? "saved" : "unchanged";
}

/** A lost dispute ends a card membership: its subscription must never charge the card again. */
async function cancelLostSubscription(deps: DisputeDeps, userId: string, disputeId: string): Promise<void> {
  const record = await deps.memberships.forUser(userId);
  const subscriptionId = record?.paymentMethod === "card" ? record.stripeSubscriptionId : null;
  if (!subscriptionId) return;
  // Re-read, so a replayed event does not ask Stripe to cancel it twice (Stripe refuses that).
  const subscription = await deps.billing.retrieveSubscription(subscriptionId);
  if (!subscription || subscription.status === "canceled" || subscription.status === "incomplete_expired") return;
  // A failure fails the event, so Stripe delivers it again and the cancellation is retried.
  await deps.billing.cancelSubscription(subscriptionId);
  deps.log.warn("membership.dispute_lost", { userId, disputeId, subscriptionId });
}
