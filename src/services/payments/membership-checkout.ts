/**
 * Card payment for a membership application (docs/decisions/0007, 0033): a Stripe Checkout
 * session in subscription mode. Lines: the recurring yearly subscription price and the one-off
 * joining fee (Stripe price ids from the CMS; where the CMS has none, the CMS amount as inline
 * price data), each with the inclusive tax rate of the application's VAT treatment (exempt:
 * none), so Stripe's tax on each line is our receipt's VAT on it. The first-year discount (the
 * half-price offer for the newly qualified and any discount code: exactly what the application's
 * amount due left off the subscription) is one Stripe coupon, once, on the subscription's product
 * alone. Checkout is refused unless the lines less the coupon come to the amount due. Opened (or
 * an open one reused) by checkout-session.ts; expired when staff reject the application.
 */
import type { Application } from "../../domain/membership";
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { CheckoutLine } from "../../domain/billing";
import { AppError } from "../../errors";
import { log } from "../../log";
import { halfPrice, joinParts } from "../membership/terms";
import type { MembershipTerms } from "../../domain/membership";
import { openCheckout, type CheckoutOpenerDeps } from "./checkout-session";

export interface MembershipCheckoutDeps extends CheckoutOpenerDeps {
  store: CardBillingStore;
  siteUrl: string;
}

/** What the Checkout lines charge before the coupon: the CMS's amounts (editors keep Stripe's prices equal). */
export const listPence = (terms: MembershipTerms) => terms.subscriptionPence + terms.joiningFeePence;

/** The lines of a membership's Checkout, each carrying `taxRateId`; `productId` names the inline subscription line's product. */
export function membershipCheckoutLines(terms: MembershipTerms, taxRateId: string | null, productId: string | null = null): CheckoutLine[] {
  const lines: CheckoutLine[] = [
    terms.stripe.subscriptionPriceId
      ? { price: terms.stripe.subscriptionPriceId, quantity: 1, taxRateId }
      : {
          name: `${terms.title} (yearly subscription)`,
          unitAmountPence: terms.subscriptionPence,
          quantity: 1,
          recurring: "year",
          taxRateId,
          ...(productId ? { productId } : {}),
        },
  ];
  if (terms.stripe.initialPriceId) lines.push({ price: terms.stripe.initialPriceId, quantity: 1, taxRateId });
  else if (terms.joiningFeePence > 0) lines.push({ name: `${terms.title} joining fee`, unitAmountPence: terms.joiningFeePence, quantity: 1, taxRateId });
  return lines;
}

export type FirstYearDiscount =
  /** `pence` to take off the subscription's first invoice (0: no coupon), named for what it is. */
  | { kind: "discount"; pence: number; name: string | null; code: string | null }
  /** The membership's prices no longer produce the application's amount due. */
  | { kind: "mismatch"; reason: string };

/**
 * What the coupon must take off the subscription line so Checkout charges the application's
 * amount due: the list subscription less the first year's subscription the application recorded
 * (after the half-price offer and any code). An application that kept no joining fee (made
 * before it was kept) is read with today's. A mismatch when the joining fee has changed since
 * the application, or the subscription now costs less than the application's first year.
 */
export function firstYearDiscount(application: Pick<Application, "amountDuePence" | "joiningFeePence" | "discount">, terms: MembershipTerms): FirstYearDiscount {
  const parts = joinParts(application) ?? joinParts({ amountDuePence: application.amountDuePence, joiningFeePence: terms.joiningFeePence });
  if (!parts) return { kind: "mismatch", reason: "the amount due is less than the joining fee" };
  if (parts.joiningFeePence !== terms.joiningFeePence) return { kind: "mismatch", reason: `the joining fee was ${parts.joiningFeePence}p and is now ${terms.joiningFeePence}p` };
  const pence = terms.subscriptionPence - parts.subscriptionPence;
  if (pence < 0) return { kind: "mismatch", reason: `the subscription now costs ${terms.subscriptionPence}p, less than the ${parts.subscriptionPence}p the application owes for it` };
  if (listPence(terms) - pence !== application.amountDuePence) return { kind: "mismatch", reason: "the lines less the discount are not the amount due" };
  const code = application.discount && application.discount.totalPence > 0 ? application.discount.code : null;
  const halfOff = terms.subscriptionPence - halfPrice(terms.subscriptionPence);
  const rest = pence - (code ? application.discount!.totalPence : 0);
  // Stripe shows a coupon's name (40 characters at most) on the invoice.
  const offer = rest === 0 ? null : rest === halfOff ? "half price" : "as priced on applying";
  const name = pence === 0 ? null : code ? `${offer ? `${capitalised(offer)} + ` : ""}${code}, first year` : `${offer === "half price" ? "Newly qualified, half price" : "First year as priced on applying"}`;
  return { kind: "discount", pence, name, code };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the payer is told when Checkout cannot charge what the application owes. */
export const AMOUNT_CHANGED_MESSAGE =
  "This membership's price has changed since you applied, so we cannot take a card payment for the amount on your application. Pay by bank transfer or cheque with your payment reference, or contact us.";

/** The subscription line's Stripe product: its price's, or one made for the inline line. Null when the price's amount is not the CMS's. */
async function subscriptionProduct(deps: MembershipCheckoutDeps, terms: MembershipTerms): Promise<{ productId: string } | { mismatch: string }> {
  const priceId = terms.stripe.subscriptionPriceId;
  if (!priceId) return { productId: await deps.billing.membershipProduct({ slug: terms.slug, name: `${terms.title} (yearly subscription)` }) };
  const price = await deps.billing.retrievePrice(priceId);
  if (!price) throw new Error(`Stripe does not know the subscription price ${priceId} of ${terms.slug}`);
  if (price.unitAmountPence !== terms.subscriptionPence) return { mismatch: `Stripe's price ${priceId} is ${price.unitAmountPence}p, the CMS's ${terms.subscriptionPence}p` };
  if (terms.stripe.initialPriceId) {
    // A coupon on a product reaches every line of it: the joining fee must be another product.
    const fee = await deps.billing.retrievePrice(terms.stripe.initialPriceId);
    if (fee?.productId === price.productId) return { mismatch: `the joining fee's price ${terms.stripe.initialPriceId} is of the subscription's product` };
  }
  return { productId: price.productId };
}

function refuse(application: Application, reason: string): never {
  log.error("membership.checkout_amount_mismatch", { applicationId: application.id, amountDuePence: application.amountDuePence, reason });
  throw new AppError("CONFLICT", AMOUNT_CHANGED_MESSAGE, { details: { tellPayer: true } });
}

/** The URL to send the applicant to: an open session of theirs, or a new one. */
export async function membershipCheckoutUrl(
  deps: MembershipCheckoutDeps,
  application: Application,
  terms: MembershipTerms,
  customerId: string | null,
): Promise<string> {
  if (application.status !== "awaiting_payment") throw new AppError("CONFLICT", "This application has already been paid or closed");
  if (application.vetting === "pending" || application.vetting === "more_info") throw new AppError("CONFLICT", "This application is waiting for approval: it can be paid once it is approved");
  const discount = firstYearDiscount(application, terms);
  if (discount.kind === "mismatch") refuse(application, discount.reason);
  const taxRateId = (await deps.billing.taxRates())[application.vatTreatment];
  let couponId: string | null = null;
  let productId: string | null = null;
  if (discount.pence > 0) {
    const product = await subscriptionProduct(deps, terms);
    if ("mismatch" in product) refuse(application, product.mismatch);
    productId = product.productId;
    couponId = await deps.billing.firstYearCoupon({ amountOffPence: discount.pence, productId, name: discount.name ?? "First year", code: discount.code });
  }
  const lines = membershipCheckoutLines(terms, taxRateId, terms.stripe.subscriptionPriceId ? null : productId);
  // Inline lines at their own amounts; a Stripe price at the CMS's amount (the subscription's was checked against Stripe's when discounted).
  const priced = lines.reduce((sum, line, i) => sum + ("unitAmountPence" in line ? line.unitAmountPence * line.quantity : i === 0 ? terms.subscriptionPence : terms.joiningFeePence), 0);
  if (priced - discount.pence !== application.amountDuePence) refuse(application, `the lines (${priced}p) less the discount (${discount.pence}p) are not the amount due`);
  return openCheckout(deps, {
    previous: await deps.store.checkoutSession(application.id),
    amountDuePence: application.amountDuePence,
    keyPrefix: `membership-checkout:${application.id}`,
    remember: (sessionId) => deps.store.setCheckoutSession(application.id, sessionId),
    session: {
      mode: "subscription",
      purpose: { kind: "membership", applicationId: application.id, userId: application.userId },
      ...(discount.pence > 0 ? { metadata: { firstYearDiscountPence: String(discount.pence), ...(discount.code ? { discountCode: discount.code } : {}) } } : {}),
      lines,
      couponId,
      directDebit: application.directDebit ?? null,
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
