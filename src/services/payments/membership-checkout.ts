/**
 * Card payment for a membership application (docs/decisions/0007): a Stripe Checkout session in
 * subscription mode. Lines: the recurring yearly subscription price and the one-off joining fee
 * (Stripe price ids from the CMS; where the CMS has none, the CMS amount as inline price data),
 * with the half-off coupon for the newly qualified. Opened (or an open one reused) by
 * checkout-session.ts; expired when staff reject the application.
 */
import type { Application } from "../../domain/membership";
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { CheckoutLine } from "../../domain/billing";
import { AppError } from "../../errors";
import { log } from "../../log";
import { amountDue } from "../membership/terms";
import type { MembershipTerms } from "../../domain/membership";
import { openCheckout, type CheckoutOpenerDeps } from "./checkout-session";

export interface MembershipCheckoutDeps extends CheckoutOpenerDeps {
  store: CardBillingStore;
  siteUrl: string;
}

export function membershipCheckoutLines(terms: MembershipTerms, halfOff: boolean): { lines: CheckoutLine[]; couponId: string | null } {
  const lines: CheckoutLine[] = [
    terms.stripe.subscriptionPriceId
      ? { price: terms.stripe.subscriptionPriceId, quantity: 1 }
      : { name: `${terms.title} (yearly subscription)`, unitAmountPence: terms.subscriptionPence, quantity: 1, recurring: "year" },
  ];
  if (terms.stripe.initialPriceId) lines.push({ price: terms.stripe.initialPriceId, quantity: 1 });
  else if (terms.joiningFeePence > 0) lines.push({ name: `${terms.title} joining fee`, unitAmountPence: terms.joiningFeePence, quantity: 1 });
  return { lines, couponId: halfOff ? terms.stripe.halfOffCouponId : null };
}

/** The URL to send the applicant to: an open session of theirs, or a new one. */
export async function membershipCheckoutUrl(
  deps: MembershipCheckoutDeps,
  application: Application,
  terms: MembershipTerms,
  customerId: string | null,
): Promise<string> {
  if (application.status !== "awaiting_payment") throw new AppError("CONFLICT", "This application has already been paid or closed");
  const halfOff = amountDue(terms, application.details.professional.yearQualified, deps.now()).halfOff && terms.stripe.halfOffCouponId !== null;
  const { lines, couponId } = membershipCheckoutLines(terms, halfOff);
  return openCheckout(deps, {
    previous: await deps.store.checkoutSession(application.id),
    keyPrefix: `membership-checkout:${application.id}`,
    remember: (sessionId) => deps.store.setCheckoutSession(application.id, sessionId),
    session: {
      mode: "subscription",
      purpose: { kind: "membership", applicationId: application.id, userId: application.userId },
      lines,
      couponId,
      customerEmail: application.email,
      customerId,
      successUrl: `${deps.siteUrl}/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.siteUrl}/user/membership?checkout=cancelled`,
    },
  });
}

/**
 * Closes the application's Checkout session if it is still open, so a tab left open can no
 * longer pay for an application staff are rejecting. Returns the session's id when it was
 * closed. Best effort: if Stripe cannot be reached the rejection goes ahead, and a payment that
 * still arrives is handled as one made after the rejection (membership-billing.ts).
 */
export async function expireMembershipCheckout(deps: Pick<MembershipCheckoutDeps, "billing" | "store">, applicationId: string): Promise<string | null> {
  const sessionId = await deps.store.checkoutSession(applicationId);
  if (!sessionId) return null;
  try {
    const session = await deps.billing.retrieveCheckoutSession(sessionId);
    if (session.status !== "open") return null;
    await deps.billing.expireCheckoutSession(sessionId);
    return sessionId;
  } catch (error) {
    log.warn("membership.checkout_expiry_failed", { applicationId, sessionId, error });
    return null;
  }
}
