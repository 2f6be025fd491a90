/**
 * Direct Debit through Stripe Checkout (docs/decisions/0064). Stripe's page collects the mandate
 * (and sends the scheme's mandate confirmation and advance notice); the bank pays days later.
 * Money is never said to have arrived before it has: a completed session the bank has yet to pay
 * only marks its application "pending" (nothing is activated, renewed or receipted); the payment
 * itself is recorded, with its receipt, by the same steps as a card's when Stripe says it is paid
 * (checkout.session.async_payment_succeeded, invoice.paid). When the bank does not pay
 * (checkout.session.async_payment_failed) the application still awaits payment, reads "failed",
 * and the applicant is told once, in the same batch; a joining subscription is cancelled so
 * Stripe never collects it later, after the applicant has paid some other way.
 * Every step is idempotent and keyed by the session, like the rest of the webhook.
 */
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { CheckoutSession } from "../../domain/billing";
import type { Logger } from "../../log";
import type { MembershipBillingDeps } from "./membership-billing";

type DirectDebitDeps = Pick<MembershipBillingDeps, "billing" | "store" | "applications" | "followUps" | "log">;

/** Subscriptions in these states will never collect again. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** A completed Checkout whose money has not arrived: a Direct Debit the bank has days to pay. */
export const awaitsBank = (session: CheckoutSession) => session.status === "complete" && session.paymentStatus === "unpaid";

/** Marks the session's application "pending" (once; only its latest session, while it awaits payment). */
export async function recordDebitPending(deps: { store: Pick<CardBillingStore, "markDebitPending">; log: Logger }, session: CheckoutSession): Promise<void> {
  const purpose = session.purpose;
  if (purpose?.kind !== "membership" && purpose?.kind !== "renewal") return;
  if (await deps.store.markDebitPending(purpose.applicationId, session.id)) {
    deps.log.info("membership.direct_debit_pending", { applicationId: purpose.applicationId, sessionId: session.id, kind: purpose.kind });
  }
}

/** The bank did not pay the session's Direct Debit (checkout.session.async_payment_failed). */
export async function recordDebitFailed(deps: DirectDebitDeps, session: CheckoutSession): Promise<void> {
  const purpose = session.purpose;
  if (purpose?.kind !== "membership" && purpose?.kind !== "renewal") return;
  if (session.paymentStatus === "paid") return; // Stripe says it was paid after all: the payment's own event records it.
  const application = await deps.applications.byId(purpose.applicationId);
  if (!application) throw new Error(`Checkout session ${session.id} names an application that does not exist (${purpose.applicationId})`);
  if (application.status === "awaiting_payment") {
    const member = application.kind === "renewal" ? await deps.store.memberContact(application.userId) : null;
    const notice = deps.followUps.directDebitFailed({ application, sessionId: session.id, periodEnd: member?.periodEnd ?? null });
    if (await deps.store.markDebitFailed(application.id, session.id, notice.statements)) {
      deps.followUps.deliverSoon(notice.ids);
      deps.log.warn("membership.direct_debit_failed", { applicationId: application.id, sessionId: session.id, kind: application.kind, amountPence: application.amountDuePence });
    }
  }
  if (session.subscriptionId) {
    const subscription = await deps.billing.retrieveSubscription(session.subscriptionId);
    if (subscription && !ENDED.has(subscription.status)) await deps.billing.cancelSubscription(subscription.id);
  }
}
