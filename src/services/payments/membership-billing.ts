/**
 * Keeps card-paid membership records right from what Stripe says *now* (docs/decisions/0007).
 * Webhook events only say which object changed; each handler re-reads that object from Stripe,
 * so events replayed or delivered out of order still leave the record as Stripe has it. Every
 * write is idempotent (payments are keyed by Stripe's ids), and so is what follows a payment in
 * its batch: one receipt and one e-mail per payment, one notice per failed invoice.
 *
 * A membership staff set to end at its period end (with a refund) stays ending: if Stripe reports
 * its subscription renewing again (the member pressed "Renew" in a billing portal opened before
 * the decision, or someone did in Stripe's dashboard), it is set to end at its period end again.
 *
 * An application that staff rejected stays rejected even if its Checkout is paid afterwards
 * (a tab left open): the money is recorded (and receipted), which flags a refund on the staff
 * pages, the membership is never activated, and the subscription is cancelled at Stripe so it
 * never renews.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { ApplicationStatus, Application } from "../../domain/membership";
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { CheckoutSession, Subscription } from "../../domain/billing";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { MembershipFollowUps } from "../membership/follow-ups";
import { membershipReceiptItems, totalsOf } from "../receipts/receipt-content";
import { oneYearAfter } from "../membership/staff-actions";
import { awaitsBank, recordDebitPending } from "./direct-debit";
import { renewalDebitUnderWay } from "./renewal-debit";
import { membershipStatusFor, periodIsPaid } from "./subscription-status";

export interface MembershipBillingDeps {
  billing: BillingApi;
  store: CardBillingStore;
  applications: Pick<ApplicationStore, "byId">;
  /** Receipts and e-mails, in the batch of the change that causes them. */
  followUps: MembershipFollowUps;
  now: () => Date;
  log: Logger;
}

const day = (seconds: number | null, now: Date) => londonDate(seconds ? new Date(seconds * 1000) : now);
const instant = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** Closed applications (rejected by staff) never become memberships, whatever is paid for them. */
const isClosed = (status: ApplicationStatus | null) => status === "rejected";

/** Subscriptions in these states will never charge again. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** The days a card payment pays for: the subscription's current period, or a year from the payment when Stripe does not say. */
function paidPeriod(subscription: Subscription | null, receivedOn: string): { start: string; end: string } {
  if (subscription?.periodStart && subscription.periodEnd && periodIsPaid(subscription.status)) {
    return { start: londonDate(new Date(subscription.periodStart * 1000)), end: londonDate(new Date(subscription.periodEnd * 1000)) };
  }
  return { start: receivedOn, end: oneYearAfter(receivedOn) };
}

async function applicationOf(deps: MembershipBillingDeps, applicationId: string, stripeObject: string): Promise<Application> {
  const application = await deps.applications.byId(applicationId);
  if (!application) throw new Error(`${stripeObject} names an application that does not exist (${applicationId})`);
  return application;
}

/**
 * Stores a card payment for an application, with its receipt and (unless the application was
 * rejected) the welcome or renewal e-mail, in one batch. A payment for an application already
 * paid is a renewal.
 */
async function recordCardPayment(
  deps: MembershipBillingDeps,
  application: Application,
  payment: { id: string; userId: string; amountPence: number; receivedOn: string; reference: string },
  subscription: Subscription | null,
  /** The tax Stripe reports inside the payment (the session's or invoice's), when it reports any. */
  stripeTaxPence: number | null,
): Promise<void> {
  const received = {
    payment: { id: payment.id, method: "card" as const, amountPence: payment.amountPence, receivedOn: payment.receivedOn, reference: payment.reference },
    application,
    period: paidPeriod(subscription, payment.receivedOn),
    renewal: application.status === "paid",
  };
  const followUps = deps.followUps.paymentRecorded(received);
  await deps.store.recordPayment({ ...payment, applicationId: application.id }, followUps.statements);
  deps.followUps.deliverSoon(followUps.ids);
  // Stripe's records should agree with the receipt's VAT to the penny; if not, say so (the money is recorded all the same).
  const { vatPence } = totalsOf(membershipReceiptItems(received));
  if (stripeTaxPence !== null && stripeTaxPence !== vatPence) {
    deps.log.warn("membership.stripe_tax_differs", { applicationId: application.id, paymentId: payment.id, stripeTaxPence, receiptVatPence: vatPence });
  }
}

/**
 * A completed membership Checkout session: the payment is recorded and the subscription applied.
 * "closed" when the application had been rejected: the payment is recorded (and owed back) and
 * the subscription cancelled, but nothing is activated. "pending": a Direct Debit the bank has
 * yet to pay (direct-debit.ts): nothing is recorded or activated until it does.
 */
export async function completeMembershipCheckout(deps: MembershipBillingDeps, session: CheckoutSession): Promise<"recorded" | "not-paid" | "pending" | "closed"> {
  const purpose = session.purpose;
  if (purpose?.kind !== "membership") throw new Error(`Checkout session ${session.id} is not for a membership`);
  if (awaitsBank(session)) {
    await recordDebitPending(deps, session);
    return "pending";
  }
  if (session.status !== "complete" || session.paymentStatus === "unpaid") return "not-paid";
  const application = await applicationOf(deps, purpose.applicationId, `Checkout session ${session.id}`);
  const subscription = session.subscriptionId ? await deps.billing.retrieveSubscription(session.subscriptionId) : null;
  const receivedOn = day(null, deps.now());
  if (session.amountTotalPence > 0) {
    await recordCardPayment(
      deps,
      application,
      {
        id: session.invoiceId ?? session.id,
        userId: purpose.userId,
        amountPence: session.amountTotalPence,
        receivedOn,
        reference: session.invoiceId ?? session.paymentIntentId ?? session.id,
      },
      subscription,
      session.amountTaxPence,
    );
  } else {
    const welcome = deps.followUps.paidWithoutCharge({ application, checkoutSessionId: session.id, period: paidPeriod(subscription, receivedOn) });
    await deps.store.markPaidWithoutPayment(purpose.applicationId, welcome.statements);
    deps.followUps.deliverSoon(welcome.ids);
  }
  if (session.subscriptionId) await applySubscription(deps, session.subscriptionId, subscription);
  return isClosed(await deps.store.applicationStatus(purpose.applicationId)) ? "closed" : "recorded";
}

/**
 * A paid invoice (first year or a renewal): the payment is recorded and the period extended.
 * Returns whether a membership card payment was recorded (so its Stripe fee can be read).
 */
export async function recordInvoice(deps: MembershipBillingDeps, invoiceId: string): Promise<boolean> {
  const invoice = await deps.billing.retrieveInvoice(invoiceId);
  if (!invoice?.subscriptionId) return false;
  const subscription = await deps.billing.retrieveSubscription(invoice.subscriptionId);
  const purpose = subscription?.purpose;
  const paid = invoice.status === "paid" && invoice.amountPaidPence > 0 && purpose?.kind === "membership";
  if (paid) {
    const application = await applicationOf(deps, purpose.applicationId, `Invoice ${invoice.id}`);
    await recordCardPayment(
      deps,
      application,
      { id: invoice.id, userId: purpose.userId, amountPence: invoice.amountPaidPence, receivedOn: day(invoice.paidAt, deps.now()), reference: invoice.id },
      subscription,
      invoice.amountTaxPence,
    );
  }
  await applySubscription(deps, invoice.subscriptionId, subscription);
  return paid;
}

/**
 * A renewal Stripe could not take (invoice.payment_failed): the record follows the subscription
 * (past due: still active, the period not extended) and, in the same batch, the member is told to
 * update their card, once per failed invoice.
 */
export async function recordFailedInvoice(deps: MembershipBillingDeps, invoiceId: string): Promise<void> {
  const invoice = await deps.billing.retrieveInvoice(invoiceId);
  if (!invoice?.subscriptionId) return;
  const subscription = await deps.billing.retrieveSubscription(invoice.subscriptionId);
  const userId = subscription?.purpose?.kind === "membership" ? subscription.purpose.userId : await deps.store.userForSubscription(invoice.subscriptionId);
  const member = invoice.status !== "paid" && userId ? await deps.store.memberContact(userId) : null;
  const notice = member
    ? deps.followUps.paymentFailed({ member, invoiceId: invoice.id, subscriptionId: invoice.subscriptionId, amountPence: invoice.amountDuePence || null })
    : { statements: [], ids: [] };
  await applySubscription(deps, invoice.subscriptionId, subscription, notice.statements);
  deps.followUps.deliverSoon(notice.ids);
}

/** The subscription changed (renewed, failed, cancelled...): the record follows it. */
export async function syncSubscription(deps: MembershipBillingDeps, subscriptionId: string): Promise<void> {
  await applySubscription(deps, subscriptionId, await deps.billing.retrieveSubscription(subscriptionId));
}

async function applySubscription(
  deps: MembershipBillingDeps,
  subscriptionId: string,
  subscription: Subscription | null,
  then: readonly D1PreparedStatement[] = [],
): Promise<void> {
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
      renewalDebit: null,
    });
    return;
  }
  const collecting = renewalDebitUnderWay(subscription);
  // A renewal the bank is still collecting keeps the period already paid for (renewal-debit.ts).
  const paid = periodIsPaid(subscription.status) && collecting === null;
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
    renewalDebit: collecting,
  }, then);
  await keepScheduledEnd(deps, subscription, userId);
}

/**
 * Staff's "end at the period end" holds whatever the portal or Stripe's dashboard did: a
 * subscription of a membership set to end that no longer cancels at its period end is set to
 * again. If Stripe cannot be asked now, this throws, so the webhook is retried.
 */
async function keepScheduledEnd(deps: MembershipBillingDeps, subscription: Subscription, userId: string): Promise<void> {
  if (subscription.cancelAtPeriodEnd || ENDED.has(subscription.status)) return;
  const endsOn = await deps.store.scheduledEnd(subscription.id);
  if (!endsOn) return;
  await deps.billing.cancelSubscriptionAtPeriodEnd(subscription.id);
  deps.log.warn("membership.renewal_after_end_undone", { userId, subscriptionId: subscription.id, endsOn });
}

/** A subscription paid for an application that was rejected in the meantime: it must never renew. */
async function cancelForClosedApplication(deps: MembershipBillingDeps, subscription: Subscription, applicationId: string): Promise<void> {
  if (ENDED.has(subscription.status)) return;
  await deps.billing.cancelSubscription(subscription.id);
  deps.log.warn("membership.paid_after_rejection", { applicationId, subscriptionId: subscription.id });
}
