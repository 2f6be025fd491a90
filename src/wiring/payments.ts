/**
 * What follows a payment, shared by membership and money: card payments through Stripe (null
 * when not configured), pro-forma invoices, the follow-ups (receipts and e-mails) written in a
 * change's batch, and an offline member's renewal paid by card.
 */
import { createCardBillingStore } from "../adapters/d1/card-billing";
import { createBillingApi } from "../adapters/stripe/billing-api";
import type { CheckoutSession } from "../domain/billing";
import { log } from "../log";
import { createMembershipFollowUps } from "../services/membership/follow-ups";
import { createOrderFollowUps } from "../services/orders/follow-ups";
import type { CardPayments } from "../services/payments/card-payments";
import { completeRenewalCheckout } from "../services/payments/renewal-payment";
import { createProFormaIssuer } from "../services/pro-forma/pro-forma-issue";
import type { Core } from "./core";

export type Payments = ReturnType<typeof buildPayments>;

export function buildPayments({ config, db, stores, published, notices, graceDays, now }: Core) {
  const cardStore = createCardBillingStore(db);
  const card: CardPayments | null = config.stripe
    ? {
        stripe: config.stripe,
        billing: createBillingApi(config.stripe),
        store: cardStore,
        siteUrl: config.site.url,
        redirectOrigins: config.stripe.redirectOrigins,
        now,
        log,
      }
    : null;
  const membershipFollowUps = createMembershipFollowUps({
    receipts: stores.receipts,
    notices,
    offlinePaymentInstructions: config.membership.offlinePaymentInstructions,
    graceDays,
    now,
    staff: stores.staff,
    seededStaffEmails: config.membership.staffEmails,
  });
  return {
    card,
    /** Pro-forma invoices issued with the payer's e-mail (a bank-transfer join or order, or staff). */
    proFormaIssuer: createProFormaIssuer({ store: stores.proForma, notices, paymentInstructions: config.membership.offlinePaymentInstructions }),
    membershipFollowUps,
    orderFollowUps: createOrderFollowUps({ receipts: stores.receipts, notices, content: published, bookings: stores.eventBookings, now, log }),
    /** An offline member's renewal paid by card, from the webhook or their return from Checkout. */
    completeRenewal: (session: CheckoutSession) =>
      completeRenewalCheckout(
        { applications: stores.applications, memberships: stores.memberships, changes: stores.membershipChanges, followUps: membershipFollowUps, debits: cardStore, graceDays, now, log },
        session,
      ),
  };
}
