/**
 * Keeps card-paid membership records right from what Stripe says *now* (docs/decisions/0007).
 * Webhook events only say which object changed; each handler re-reads that object from Stripe,
 * so events replayed or delivered out of order still leave the record as Stripe has it. Every
 * write is idempotent (payments are keyed by Stripe's ids).
 *
 * An application that staff rejected stays rejected even if its Checkout is paid afterwards
 * (a tab left open): the money is recorded, which flags a refund on the staff pages, the
 * membership is never activated, and the subscription is cancelled at Stripe so it never renews.
 */
import type { ApplicationStatus } from "../../domain/membership";
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { CheckoutSession, Subscription } from "../../domain/billing";
import type { Logger } from "../../log";
import { membershipStatusFor, periodIsPaid } from "./subscription-status";

export interface MembershipBillingDeps {
  billing: BillingApi;
  store: CardBillingStore;
  now: () => Date;
  log: Logger;
}

const day = (seconds: number | null, now: Date) => (seconds ? new Date(seconds * 1000) : now).toISOString().slice(0, 10);
const instant = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** Closed applications (rejected by staff) never become memberships, whatever is paid for them. */
const isClosed = (status: ApplicationStatus | null) => status === "rejected";

/** Subscriptions in these states will never charge again. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/**
 * A completed membership Checkout session: the payment is recorded and the subscription applied.
 * "closed" when the application had been rejected: the payment is recorded (and owed back) and
 * the subscription cancelled, but nothing is activated.
 */
export async function completeMembershipCheckout(deps: MembershipBillingDeps, session: CheckoutSession): Promise<"recorded" | "not-paid" | "closed"> {
  const purpose = session.purpose;
  if (purpose?.kind !== "membership") throw new Error(`Checkout session ${session.id} is not for a membership`);
  if (session.status !== "complete" || session.paymentStatus === "unpaid") return "not-paid";
  if (session.amountTotalPence > 0) {
    await deps.store.recordPayment({
      id: session.invoiceId ?? session.id,
      applicationId: purpose.applicationId,
      userId: purpose.userId,
      amountPence: session.amountTotalPence,
      receivedOn: day(null, deps.now()),
      reference: session.invoiceId ?? session.paymentIntentId ?? session.id,
    });
  } else {
    await deps.store.markPaidWithoutPayment(purpose.applicationId);
  }
  if (session.subscriptionId) await syncSubscription(deps, session.subscriptionId);
  return isClosed(await deps.store.applicationStatus(purpose.applicationId)) ? "closed" : "recorded";
}

/** A paid invoice (first year or a renewal): the payment is recorded and the period extended. */
export async function recordInvoice(deps: MembershipBillingDeps, invoiceId: string): Promise<void> {
  const invoice = await deps.billing.retrieveInvoice(invoiceId);
  if (!invoice?.subscriptionId) return;
  const subscription = await deps.billing.retrieveSubscription(invoice.subscriptionId);
  const purpose = subscription?.purpose;
  if (invoice.status === "paid" && invoice.amountPaidPence > 0 && purpose?.kind === "membership") {
    await deps.store.recordPayment({
      id: invoice.id,
      applicationId: purpose.applicationId,
      userId: purpose.userId,
      amountPence: invoice.amountPaidPence,
      receivedOn: day(invoice.paidAt, deps.now()),
      reference: invoice.id,
    });
  }
  await applySubscription(deps, invoice.subscriptionId, subscription);
}

/** The subscription changed (renewed, failed, cancelled...): the record follows it. */
export async function syncSubscription(deps: MembershipBillingDeps, subscriptionId: string): Promise<void> {
  await applySubscription(deps, subscriptionId, await deps.billing.retrieveSubscription(subscriptionId));
}

async function applySubscription(deps: MembershipBillingDeps, subscriptionId: string, subscription: Subscription | null): Promise<void> {
  if (subscription?.purpose?.kind === "membership" && isClosed(await deps.store.applicationStatus(subscription.purpose.applicationId))) {
    await cancelForClosedApplication(deps, subscription, subscription.purpose.applicationId);
    return;
  }
  const userId = subscription?.purpose?.kind === "membership" ? subscription.purpose.userId : await deps.store.userForSubscription(subscriptionId);
  if (!userId) return; // Not a membership of ours (a webinar order, or another product on the account).
  if (!subscription) {
    // Stripe no longer has it: the membership it paid for has ended.
    await deps.store.applySubscription({
      userId,
      applicationId: null,
      customerId: null,
      subscriptionId,
      billingStatus: "canceled",
      status: "cancelled",
      periodStart: null,
      periodEnd: null,
    });
    return;
  }
  const paid = periodIsPaid(subscription.status);
  const status = membershipStatusFor(subscription.status);
  if (status === null) deps.log.warn("membership.subscription_status_unknown", { subscriptionId, status: subscription.status });
  await deps.store.applySubscription({
    userId,
    applicationId: subscription.purpose?.kind === "membership" ? subscription.purpose.applicationId : null,
    customerId: subscription.customerId,
    subscriptionId,
    billingStatus: subscription.status,
    status,
    periodStart: paid ? instant(subscription.periodStart) : null,
    periodEnd: paid ? instant(subscription.periodEnd) : null,
  });
}

/** A subscription paid for an application that was rejected in the meantime: it must never renew. */
async function cancelForClosedApplication(deps: MembershipBillingDeps, subscription: Subscription, applicationId: string): Promise<void> {
  if (ENDED.has(subscription.status)) return;
  await deps.billing.cancelSubscription(subscription.id);
  deps.log.warn("membership.paid_after_rejection", { applicationId, subscriptionId: subscription.id });
}
