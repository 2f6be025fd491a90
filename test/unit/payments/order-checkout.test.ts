/**
 * Card payment for a webinar order: what its Checkout session charges, from the order a cart
 * checkout made (Stripe prices, member prices, a bundle's coupon or discounted amount), and for
 * which orders one may be opened. Stripe is a fake BillingApi; the order store is in memory.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/errors";
import type { Buyer } from "../../../src/domain/buyer";
import type { Order } from "../../../src/domain/orders";
import type { CartItemRef } from "../../../src/shared/cart";
import type { CatalogueBundle } from "../../../src/shared/pricing/bundle-offer";
import type { DiscountCode } from "../../../src/shared/pricing/discount-code";
import { checkout } from "../../../src/services/orders/checkout";
import { orderCheckoutLines, orderCheckoutUrl } from "../../../src/services/payments/order-checkout";
import { order } from "../../fixtures/orders";
import { catalogueWebinar as webinar, NONE, NOW } from "../../fixtures/pricing";
import { SITE_URL } from "../../support/unit/card-payments";
import { CHECKOUT_ORIGIN, checkoutSession, createFakeBillingApi, STRIPE_ORIGINS } from "../../support/unit/fake-billing-api";
import { createInMemoryOrderStore } from "../../support/unit/in-memory-order-store";
import { NO_ORDER_FOLLOW_UPS } from "../../support/unit/follow-ups";

const A = webinar("a");
const B = webinar("b", { defaultPrice: 30, memberPrice: 15 });
const C = webinar("c", { defaultPrice: 20, memberPrice: null });
const NO_PRICE_ID = webinar("d", { stripePriceId: null, memberPriceId: null });
const PERCENT: CatalogueBundle = { id: "pct", bundleName: "Percent bundle", vatTreatment: "exempt", couponId: "coupon_pct", discount: 20, discountType: "percent", webinars: [A, B] };
const NO_COUPON: CatalogueBundle = { ...PERCENT, id: "no-coupon", bundleName: "Bundle without a coupon", couponId: null };
const WITH_VAT: CatalogueBundle = { ...PERCENT, id: "with-vat", bundleName: "Bundle with VAT", vatTreatment: "reduced" };
const CATALOGUE = { webinars: [A, B, C, NO_PRICE_ID], bundles: [PERCENT, NO_COUPON, WITH_VAT] };
const RATES = { standard: "txr_standard", reduced: "txr_reduced", zero: "txr_zero", exempt: null };

/** No discount codes exist, and none has been used. */
const NO_CODES = { discountCode: async () => null, redemptions: { usage: async () => ({ total: 0, byBuyer: 0 }) } };

const bundle = (id: string): CartItemRef => ({ kind: "bundle", id });
const single = (id: string): CartItemRef => ({ kind: "webinar", id });

/** Card orders get no pro-forma invoice: one asked for here is a bug. */
const CARD_ONLY = {
  issue: (): never => {
    throw new Error("A card order asked for a pro-forma invoice");
  },
};

/** Carts here hold no event bookings, so no hold's end is ever checked. */
const NO_BOOKINGS = { attachToOrder: () => [] };
const NO_CHECKS = { whenHoldEnds: (): never => {
  throw new Error("A cart without bookings scheduled a check of a waiting list");
} };

/** The order a card checkout of `items` makes for a buyer of this class, as the cart showed it. */
async function ordered(items: CartItemRef[], viewer: Buyer["viewer"] = "user"): Promise<Order> {
  const orders = createInMemoryOrderStore();
  const buyer = { viewer, userId: "user-1", owned: NONE };
  const expected = await checkout({ orders, proForma: CARD_ONLY, bookings: NO_BOOKINGS, checks: NO_CHECKS, followUps: NO_ORDER_FOLLOW_UPS, codes: NO_CODES, now: () => NOW }, CATALOGUE, { buyer, email: "ada@guild.example", items, expectedTotalPence: -1, paymentMethod: "card", idempotencyKey: "k", billing: null });
  if (expected.kind !== "price-changed") throw new Error(`Expected the price check, got ${expected.kind}`);
  const result = await checkout({ orders, proForma: CARD_ONLY, bookings: NO_BOOKINGS, checks: NO_CHECKS, followUps: NO_ORDER_FOLLOW_UPS, codes: NO_CODES, now: () => NOW }, CATALOGUE, {
    buyer,
    email: "ada@guild.example",
    items,
    expectedTotalPence: expected.quote.totalPence,
    paymentMethod: "card",
    idempotencyKey: "k",
    billing: null,
  });
  if (result.kind !== "ordered" || !result.paid) throw new Error(`Expected a paid order, got ${result.kind}`);
  return result.paid;
}

describe("orderCheckoutLines", () => {
  it("charges a bundle alone as its webinars' Stripe prices, with its coupon taking the discount off", async () => {
    expect(orderCheckoutLines(await ordered([bundle("pct")]), RATES)).toEqual({
      lines: [
        { price: "price_a", quantity: 1, taxRateId: null },
        { price: "price_b", quantity: 1, taxRateId: null },
      ],
      couponId: "coupon_pct",
    });
  });

  it("charges a member's bundle at the member prices' ids", async () => {
    expect(orderCheckoutLines(await ordered([bundle("pct")], "member"), RATES).lines).toEqual([
      { price: "price_a_member", quantity: 1, taxRateId: null },
      { price: "price_b_member", quantity: 1, taxRateId: null },
    ]);
  });

  it("charges a bundle in a larger order at its discounted amount, with no coupon", async () => {
    expect(orderCheckoutLines(await ordered([bundle("pct"), single("c")]), RATES)).toEqual({
      lines: [
        { name: "Percent bundle (bundle)", unitAmountPence: 6_000, quantity: 1, taxRateId: null },
        { price: "price_c", quantity: 1, taxRateId: "txr_standard" },
      ],
      couponId: null,
    });
  });

  it("charges a bundle alone at its discounted amount when the CMS gives no coupon", async () => {
    expect(orderCheckoutLines(await ordered([bundle("no-coupon")]), RATES)).toEqual({
      lines: [{ name: "Bundle without a coupon (bundle)", unitAmountPence: 6_000, quantity: 1, taxRateId: null }],
      couponId: null,
    });
  });

  it("charges a member a webinar's member price id, and the computed amount for a webinar with no Stripe price", async () => {
    expect(orderCheckoutLines(await ordered([single("a"), single("d")], "member"), RATES).lines).toEqual([
      { price: "price_a_member", quantity: 1, taxRateId: "txr_standard" },
      { name: "Webinar d", unitAmountPence: 2_500, quantity: 1, taxRateId: "txr_standard" },
    ]);
  });

  it("charges a bundle that carries VAT as one line at its discounted amount with its tax rate, never through the coupon", async () => {
    expect(orderCheckoutLines(await ordered([bundle("with-vat")]), RATES)).toEqual({
      lines: [{ name: "Bundle with VAT (bundle)", unitAmountPence: 6_000, quantity: 1, taxRateId: "txr_reduced" }],
      couponId: null,
    });
  });
});

describe("orderCheckoutLines with a discount code", () => {
  const CODE: DiscountCode = {
    id: "9",
    code: "TENOFF",
    kind: "percent",
    percentOff: 10,
    amountOffPence: null,
    appliesTo: { allWebinars: true, allBundles: true, webinarIds: [], bundleIds: [], membershipIds: [] },
    validFrom: null,
    validUntil: null,
    maxRedemptions: 5,
    maxPerUser: 1,
    stacksWithBundle: true,
  };
  const codes = { discountCode: async (code: string) => (code === "TENOFF" ? CODE : null), redemptions: { usage: async () => ({ total: 0, byBuyer: 0 }) } };

  async function orderedWithCode(items: CartItemRef[], expectedTotalPence: number): Promise<Order> {
    const orders = createInMemoryOrderStore();
    const result = await checkout({ orders, proForma: CARD_ONLY, bookings: NO_BOOKINGS, checks: NO_CHECKS, followUps: NO_ORDER_FOLLOW_UPS, codes, now: () => NOW }, CATALOGUE, {
      buyer: { viewer: "user", userId: "user-1", owned: NONE },
      email: "ada@guild.example",
      items,
      expectedTotalPence,
      paymentMethod: "card",
      idempotencyKey: "k",
      code: "tenoff",
      billing: null,
    });
    if (result.kind !== "ordered" || !result.paid) throw new Error(`Expected a paid order, got ${result.kind}`);
    return result.paid;
  }

  it("sends a discounted webinar at its discounted amount, not its Stripe price, and records the code", async () => {
    const order = await orderedWithCode([single("a"), single("c")], 4050 + 1800);
    expect(order.discount).toEqual({ codeId: "9", code: "TENOFF", totalPence: 650 });
    expect(orderCheckoutLines(order, RATES)).toEqual({
      lines: [
        { name: "Webinar a - code TENOFF", unitAmountPence: 4050, quantity: 1, taxRateId: "txr_standard" },
        { name: "Webinar c - code TENOFF", unitAmountPence: 1800, quantity: 1, taxRateId: "txr_standard" },
      ],
      couponId: null,
    });
  });

  it("never sends a discounted bundle through its coupon", async () => {
    // 7500 less 20% = 6000, less 10% = 5400.
    expect(orderCheckoutLines(await orderedWithCode([bundle("pct")], 5400), RATES)).toEqual({
      lines: [{ name: "Percent bundle (bundle) - code TENOFF", unitAmountPence: 5400, quantity: 1, taxRateId: null }],
      couponId: null,
    });
  });

  it("refuses an order priced without the code the buyer saw (a changed total orders nothing)", async () => {
    const orders = createInMemoryOrderStore();
    const result = await checkout({ orders, proForma: CARD_ONLY, bookings: NO_BOOKINGS, checks: NO_CHECKS, followUps: NO_ORDER_FOLLOW_UPS, codes, now: () => NOW }, CATALOGUE, {
      buyer: { viewer: "user", userId: "user-1", owned: NONE },
      email: "ada@guild.example",
      items: [single("a")],
      expectedTotalPence: 4500,
      paymentMethod: "card",
      idempotencyKey: "k",
      code: "NOPE-CODE",
      billing: null,
    });
    expect(result).toEqual({ kind: "code-refused", message: "There is no discount code “NOPE-CODE”. Check how it is spelt." });
  });
});

describe("orderCheckoutUrl", () => {
  function setup(stored: Order) {
    const orders = createInMemoryOrderStore();
    orders.seed(stored);
    const stripe = createFakeBillingApi();
    return { orders, stripe, deps: { billing: stripe.api, orders, siteUrl: SITE_URL, redirectOrigins: STRIPE_ORIGINS, now: () => NOW } };
  }

  it("opens a payment Checkout for the buyer's order and remembers it on the order", async () => {
    const { orders, stripe, deps } = setup(order());
    expect(await orderCheckoutUrl(deps, order())).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_1`);
    expect(stripe.created).toEqual([
      expect.objectContaining({
        mode: "payment",
        purpose: { kind: "order", orderId: order().id, userId: "user-1" },
        lines: [{ price: "price_a", quantity: 1, taxRateId: "txr_standard" }],
        customerEmail: "ada@guild.example",
        customerId: null,
        successUrl: `${SITE_URL}/user/webinars?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${SITE_URL}/user/webinars?checkout=cancelled`,
      }),
    ]);
    expect((await orders.byId(order().id))?.checkoutSessionId).toBe("cs_test_1");
  });

  it("sends the buyer back to the session still open for the order, at its total", async () => {
    const { stripe, deps } = setup(order({ checkoutSessionId: "cs_open" }));
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open", amountTotalPence: order().totalPence }));
    expect(await orderCheckoutUrl(deps, order({ checkoutSessionId: "cs_open" }))).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_open`);
    expect(stripe.created).toEqual([]);
  });

  it.each([
    ["paid", order({ status: "paid" })],
    ["cancelled", order({ status: "cancelled" })],
    ["of £0", order({ lines: [], totalPence: 0 })],
  ])("refuses an order that is %s, opening nothing", async (_, refused) => {
    const { stripe, deps } = setup(refused);
    const error = await orderCheckoutUrl(deps, refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(stripe.created).toEqual([]);
  });
});
