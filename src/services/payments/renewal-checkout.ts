/**
 * Card payment for an offline member's renewal (docs/decisions/0015-membership-year.md): one
 * Stripe Checkout payment, not a subscription, for the renewal application's amount (the CMS's
 * yearly price of the membership it renews into, set when the renewal was made; no joining fee,
 * no half-price offer). The member stays an offline-paid member: next year they choose again.
 * Opened (or an open one reused) by checkout-session.ts, like the joining and order checkouts.
 * Leaving Checkout without paying keeps the renewal awaiting payment, so the bank transfer with
 * its reference still works.
 */
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { Application } from "../../domain/membership";
import { AppError } from "../../errors";
import { openCheckout, type CheckoutOpenerDeps } from "./checkout-session";

export interface RenewalCheckoutDeps extends CheckoutOpenerDeps {
  store: Pick<CardBillingStore, "checkoutSession" | "setCheckoutSession">;
  siteUrl: string;
}

/** Where the member comes back to: paid (the page records it at once), or left without paying. */
export const RENEWAL_CARD_CANCELLED = "/user/membership?renewal=card-cancelled";

/** The URL to send the member to: an open session for this renewal, or a new one. */
export async function renewalCheckoutUrl(deps: RenewalCheckoutDeps, application: Application, customerId: string | null): Promise<string> {
  if (application.kind !== "renewal" || application.status !== "awaiting_payment") throw new AppError("CONFLICT", "This renewal has already been paid or closed");
  return openCheckout(deps, {
    previous: await deps.store.checkoutSession(application.id),
    amountDuePence: application.amountDuePence,
    keyPrefix: `renewal-checkout:${application.id}`,
    remember: (sessionId) => deps.store.setCheckoutSession(application.id, sessionId),
    session: {
      mode: "payment",
      purpose: { kind: "renewal", applicationId: application.id, userId: application.userId },
      // With the inclusive tax rate of the renewal's VAT treatment (exempt: none), so Stripe's tax is the receipt's VAT.
      lines: [
        {
          name: `${application.membershipTitle}, renewal for one year (${application.reference})`,
          unitAmountPence: application.amountDuePence,
          quantity: 1,
          taxRateId: (await deps.billing.taxRates())[application.vatTreatment],
        },
      ],
      couponId: null,
      directDebit: application.directDebit ?? null,
      customerEmail: application.email,
      customerId,
      successUrl: `${deps.siteUrl}/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.siteUrl}${RENEWAL_CARD_CANCELLED}`,
    },
  });
}
