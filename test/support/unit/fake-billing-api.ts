/**
 * A fake BillingApi (Stripe's API cannot be reached here), in memory, keeping the rules of
 * Stripe's that the services rely on:
 * - an idempotency key replays the session it created; the same key with other parameters is
 *   refused (Stripe's `idempotency_error`: "Keys for idempotent requests can only be used with
 *   the same parameters they were first used with");
 * - only an open Checkout session can be expired;
 * - an unknown Checkout session is a 404; an unknown subscription or invoice reads as null, as
 *   the adapter (src/adapters/stripe/billing-api.ts) turns Stripe's 404 into null.
 * Tests put Stripe's objects in `sessions`, `subscriptions`, `invoices` and `prices`, take Stripe
 * down per method with `failing`, and read what was asked in `created`, `cancelled`, `cancelledAtPeriodEnd`, `expired`,
 * `portals`, `products` and `coupons`.
 */
import type { BillingApi } from "../../../src/adapters/stripe/billing-api";
import type { CheckoutSession, FirstYearCoupon, Invoice, NewCheckoutSession, StripePrice, Subscription } from "../../../src/domain/billing";

export const CHECKOUT_ORIGIN = "https://checkout.stripe.com";
export const PORTAL_ORIGIN = "https://billing.stripe.com";
export const STRIPE_ORIGINS = [CHECKOUT_ORIGIN, PORTAL_ORIGIN] as const;

/** An error as the Stripe SDK throws it. */
export class FakeStripeError extends Error {
  override readonly name = "StripeError";
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export function checkoutSession(fields: Partial<CheckoutSession> = {}): CheckoutSession {
  const id = fields.id ?? "cs_test_1";
  return {
    id,
    url: `${CHECKOUT_ORIGIN}/c/pay/${id}`,
    status: "open",
    paymentStatus: "unpaid",
    purpose: null,
    customerId: null,
    subscriptionId: null,
    invoiceId: null,
    paymentIntentId: null,
    amountTotalPence: 0,
    amountTaxPence: 0,
    ...fields,
  };
}

/** An active subscription of customer cus_1 for 1 December 2026 to 1 December 2027. */
export function subscription(fields: Partial<Subscription> = {}): Subscription {
  return {
    id: "sub_1",
    status: "active",
    customerId: "cus_1",
    purpose: null,
    periodStart: Date.parse("2026-12-01T00:00:00.000Z") / 1000,
    periodEnd: Date.parse("2027-12-01T00:00:00.000Z") / 1000,
    cancelAtPeriodEnd: false,
    directDebit: null,
    latestInvoice: null,
    ...fields,
  };
}

export function invoice(fields: Partial<Invoice> = {}): Invoice {
  return { id: "in_1", status: "paid", subscriptionId: "sub_1", amountPaidPence: 19_500, amountDuePence: 19_500, paidAt: Date.parse("2026-12-01T09:30:00.000Z") / 1000, amountTaxPence: null, ...fields };
}

export function createFakeBillingApi(options: { sessionUrl?: (id: string) => string; portalUrl?: (customerId: string) => string } = {}) {
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const idempotency = new Map<string, { request: string; sessionId: string }>();
  const created: NewCheckoutSession[] = [];
  const cancelled: string[] = [];
  const expired: string[] = [];
  /** Subscriptions asked to cancel at their period end. */
  const cancelledAtPeriodEnd: string[] = [];
  const portals: { customerId: string; returnUrl: string; subscriptionChanges: boolean }[] = [];
  const priceChanges: { id: string; priceId: string }[] = [];
  /** Stripe's prices (tests put them here); an unknown one reads as null. */
  const prices = new Map<string, StripePrice>();
  /** Products and coupons asked for, in order (the same request twice gives the same id, as Stripe's idempotency does). */
  const products: { slug: string; name: string }[] = [];
  const coupons: FirstYearCoupon[] = [];
  /** Methods that fail as if Stripe could not be reached. */
  const failing = new Set<keyof BillingApi>();
  let next = 1;

  const reach = (method: keyof BillingApi) => {
    if (failing.has(method)) throw new FakeStripeError(500, "api_error", `Stripe could not be reached (${method})`);
  };
  const missing = (what: string, id: string) => new FakeStripeError(404, "invalid_request_error", `No such ${what}: '${id}'`);

  const api: BillingApi = {
    // Refunds, charges and disputes are exercised against the HTTP fake (integration tests).
    async refundPayment(paymentIntentId) {
      reach("refundPayment");
      throw missing("payment_intent", paymentIntentId);
    },
    async paymentFee() {
      reach("paymentFee");
      return null;
    },
    async retrieveCharge() {
      reach("retrieveCharge");
      return null;
    },
    async paymentIntentOfInvoice() {
      reach("paymentIntentOfInvoice");
      return null;
    },
    async invoiceOfPaymentIntent() {
      reach("invoiceOfPaymentIntent");
      return null;
    },
    async cancelSubscriptionAtPeriodEnd(id) {
      reach("cancelSubscriptionAtPeriodEnd");
      const subscription = subscriptions.get(id);
      if (!subscription) throw missing("subscription", id);
      cancelledAtPeriodEnd.push(id);
      subscription.cancelAtPeriodEnd = true;
    },
    async retrieveDispute() {
      reach("retrieveDispute");
      return null;
    },
    async taxRates() {
      reach("taxRates");
      return { standard: "txr_standard", reduced: "txr_reduced", zero: "txr_zero", exempt: null };
    },
    async retrievePrice(id) {
      reach("retrievePrice");
      return structuredClone(prices.get(id) ?? null);
    },
    async membershipProduct(membership) {
      reach("membershipProduct");
      const at = products.findIndex((p) => p.slug === membership.slug && p.name === membership.name);
      if (at >= 0) return `prod_${at + 1}`;
      products.push(membership);
      return `prod_${products.length}`;
    },
    async firstYearCoupon(coupon) {
      reach("firstYearCoupon");
      const at = coupons.findIndex((c) => JSON.stringify(c) === JSON.stringify(coupon));
      if (at >= 0) return `coupon_${at + 1}`;
      coupons.push(structuredClone(coupon));
      return `coupon_${coupons.length}`;
    },
    async changeSubscriptionPrice(id, priceId) {
      reach("changeSubscriptionPrice");
      const found = subscriptions.get(id);
      if (!found) throw missing("subscription", id);
      priceChanges.push({ id, priceId });
      return { invoiceId: null };
    },
    async createCheckoutSession(session) {
      reach("createCheckoutSession");
      const { idempotencyKey, ...request } = session;
      const replay = idempotency.get(idempotencyKey);
      if (replay) {
        if (replay.request !== JSON.stringify(request)) {
          throw new FakeStripeError(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
        }
        return structuredClone(sessions.get(replay.sessionId)!);
      }
      created.push(structuredClone(session));
      const id = `cs_test_${next++}`;
      sessions.set(id, checkoutSession({ id, url: options.sessionUrl?.(id) ?? `${CHECKOUT_ORIGIN}/c/pay/${id}`, purpose: session.purpose, customerId: session.customerId }));
      idempotency.set(idempotencyKey, { request: JSON.stringify(request), sessionId: id });
      return structuredClone(sessions.get(id)!);
    },
    async retrieveCheckoutSession(id) {
      reach("retrieveCheckoutSession");
      const session = sessions.get(id);
      if (!session) throw missing("checkout.session", id);
      return structuredClone(session);
    },
    async retrieveSubscription(id) {
      reach("retrieveSubscription");
      return structuredClone(subscriptions.get(id) ?? null);
    },
    async retrieveCustomer(id) {
      reach("retrieveCustomer");
      // Customers are exercised against the HTTP fake (integration tests); here every customer a subscription names exists.
      return [...subscriptions.values()].some((s) => s.customerId === id) ? { id, deleted: false } : null;
    },
    async retrieveInvoice(id) {
      reach("retrieveInvoice");
      return structuredClone(invoices.get(id) ?? null);
    },
    async createPortalSession(customerId, returnUrl, { subscriptionChanges }) {
      reach("createPortalSession");
      portals.push({ customerId, returnUrl, subscriptionChanges });
      return { url: options.portalUrl?.(customerId) ?? `${PORTAL_ORIGIN}/p/session/test_${customerId}` };
    },
    async cancelSubscription(id) {
      reach("cancelSubscription");
      const found = subscriptions.get(id);
      if (!found) throw missing("subscription", id);
      cancelled.push(id);
      found.status = "canceled";
    },
    async expireCheckoutSession(id) {
      reach("expireCheckoutSession");
      const session = sessions.get(id);
      if (!session) throw missing("checkout.session", id);
      if (session.status !== "open") throw new FakeStripeError(400, "invalid_request_error", `Only Checkout Sessions with a status of open can be expired (${id} is ${session.status})`);
      expired.push(id);
      session.status = "expired";
    },
  };

  return { api, sessions, subscriptions, invoices, created, cancelled, cancelledAtPeriodEnd, expired, portals, failing, prices, products, coupons };
}

export type FakeBillingApi = ReturnType<typeof createFakeBillingApi>;
