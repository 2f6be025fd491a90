/**
 * Card payment for a membership application (docs/decisions/0007): a Stripe Checkout session in
 * subscription mode. Lines: the recurring yearly subscription price and the one-off joining fee
 * (Stripe price ids from the CMS; where the CMS has none, the CMS amount as inline price data),
 * with the half-off coupon for the newly qualified. The session is created with an idempotency
 * key derived from the application and the session it replaces, so a double click or a retry
 * opens the same session, and an open session is reused when the applicant comes back to pay.
 */
import type { Application } from "../../adapters/d1/applications";
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { BillingApi, CheckoutLine } from "../../adapters/stripe/billing-api";
import { AppError } from "../../errors";
import { amountDue, type MembershipTerms } from "../membership/terms";

export interface MembershipCheckoutDeps {
  billing: BillingApi;
  store: CardBillingStore;
  siteUrl: string;
  /** Origins the browser may be sent to (Stripe Checkout's). */
  redirectOrigins: readonly string[];
  now: () => Date;
}

/** A Checkout session stays open for an hour; the applicant can always open a new one. */
const SESSION_LIFETIME_SECONDS = 60 * 60;

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
  const previous = await deps.store.checkoutSession(application.id);
  if (previous) {
    const open = await deps.billing.retrieveCheckoutSession(previous).catch(() => null);
    if (open?.status === "open" && open.url) return safeRedirect(deps, open.url);
  }
  const now = deps.now();
  const halfOff = amountDue(terms, application.details.professional.yearQualified, now).halfOff && terms.stripe.halfOffCouponId !== null;
  const { lines, couponId } = membershipCheckoutLines(terms, halfOff);
  const session = await deps.billing.createCheckoutSession({
    mode: "subscription",
    purpose: { kind: "membership", applicationId: application.id, userId: application.userId },
    lines,
    couponId,
    customerEmail: application.email,
    customerId,
    successUrl: `${deps.siteUrl}/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.siteUrl}/user/membership?checkout=cancelled`,
    idempotencyKey: `membership-checkout:${application.id}:${previous ?? "first"}`,
    expiresAt: Math.floor(now.getTime() / 1000) + SESSION_LIFETIME_SECONDS,
  });
  await deps.store.setCheckoutSession(application.id, session.id);
  if (!session.url) throw new Error(`Stripe returned Checkout session ${session.id} without a URL`);
  return safeRedirect(deps, session.url);
}

/** Only ever send the browser to Stripe's own pages. */
export function safeRedirect(deps: Pick<MembershipCheckoutDeps, "redirectOrigins">, url: string): string {
  const origin = URL.canParse(url) ? new URL(url).origin : null;
  if (!origin || !deps.redirectOrigins.includes(origin)) throw new Error(`Refusing to redirect to ${origin ?? "an invalid URL"} from Stripe`);
  return url;
}
