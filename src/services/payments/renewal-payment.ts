/**
 * A renewal paid by card (renewal-checkout.ts), from the webhook or the member's return from
 * Checkout: the payment is stored under Stripe's payment id, the renewal application paid, the
 * period extended from the old end date when paid by the end of grace (renewal-period.ts, the
 * same rule as a bank transfer staff record), a downgrade waiting for the renewal applied, and
 * the receipt and the "renewed" e-mail written, in one batch that only the payment's first
 * arrival performs: any number of replays leave one payment, one receipt, one e-mail.
 *
 * Money that arrives for a renewal no longer awaiting payment (paid by bank transfer meanwhile)
 * is stored, so staff see it and can refund it, but extends nothing and tells no one.
 *
 * So is a payment of another amount than the renewal's amount due now: a Checkout opened before
 * the renewal was repriced (a downgrade scheduled, then withdrawn) must not buy the dearer year at
 * the cheaper price. The renewal keeps awaiting payment, and staff see the payment flagged on the
 * application (services/membership/refunds.ts) to refund it or record the difference.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { MembershipChangeStore } from "../../adapters/d1/membership-changes";
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { CheckoutSession } from "../../domain/billing";
import { awaitsBank, recordDebitPending } from "./direct-debit";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { MembershipFollowUps } from "../membership/follow-ups";
import { renewalPeriod } from "../membership/renewal-period";

export interface RenewalPaymentDeps {
  applications: Pick<ApplicationStore, "byId">;
  memberships: Pick<MembershipStore, "forUser">;
  changes: Pick<MembershipChangeStore, "recordRenewalCardPayment" | "keepUnmatchedCardPayment">;
  followUps: Pick<MembershipFollowUps, "paymentRecorded" | "deliverSoon">;
  /** Where a renewal's Direct Debit is marked pending (direct-debit.ts). */
  debits: Pick<CardBillingStore, "markDebitPending">;
  graceDays: number;
  now: () => Date;
  log: Logger;
}

export type RenewalPaymentOutcome = "recorded" | "already" | "not-paid" | "pending" | "amount-differs";

export async function completeRenewalCheckout(deps: RenewalPaymentDeps, session: CheckoutSession): Promise<RenewalPaymentOutcome> {
  const purpose = session.purpose;
  if (purpose?.kind !== "renewal") throw new Error(`Checkout session ${session.id} is not for a renewal`);
  // A Direct Debit the bank has yet to pay: the renewal reads "pending" and extends nothing until it does.
  if (awaitsBank(session)) {
    await recordDebitPending({ store: deps.debits, log: deps.log }, session);
    return "pending";
  }
  if (session.status !== "complete" || session.paymentStatus !== "paid") return "not-paid";
  const application = await deps.applications.byId(purpose.applicationId);
  if (!application || application.kind !== "renewal" || application.userId !== purpose.userId) {
    throw new Error(`Checkout session ${session.id} names a renewal that does not exist (${purpose.applicationId})`);
  }
  const record = await deps.memberships.forUser(application.userId);
  const paymentId = session.paymentIntentId ?? session.id;
  const payment = { id: paymentId, method: "card" as const, amountPence: session.amountTotalPence, receivedOn: londonDate(deps.now()), reference: paymentId };
  const period = renewalPeriod(record?.periodEnd ?? null, payment.receivedOn, deps.graceDays);
  const stored = { ...payment, recordedBy: "stripe" };

  if (application.status !== "awaiting_payment") {
    const outcome = await deps.changes.recordRenewalCardPayment(application, stored, period);
    if (outcome === "recorded") deps.log.warn("renewal.paid_twice", { applicationId: application.id, paymentId, status: application.status });
    return outcome;
  }
  if (payment.amountPence !== application.amountDuePence) {
    const kept = await deps.changes.keepUnmatchedCardPayment(application, stored);
    if (kept === "recorded") {
      deps.log.warn("renewal.amount_differs", {
        applicationId: application.id,
        userId: application.userId,
        paymentId,
        sessionId: session.id,
        paidPence: payment.amountPence,
        amountDuePence: application.amountDuePence,
      });
    }
    return "amount-differs";
  }
  const followUps = deps.followUps.paymentRecorded({ payment, application: { ...application, status: "paid" }, period, renewal: true });
  const outcome = await deps.changes.recordRenewalCardPayment(application, stored, period, followUps.statements);
  if (outcome === "recorded") {
    deps.followUps.deliverSoon(followUps.ids);
    deps.log.info("renewal.paid_by_card", { applicationId: application.id, userId: application.userId, paymentId, periodStart: period.start, periodEnd: period.end });
  }
  return outcome;
}
