/**
 * Card payment for a membership application: what the Checkout session charges (Stripe price
 * ids or the CMS amounts, the joining fee, each line's tax rate, the first-year coupon), for whom,
 * the refusal when that would not be the amount due, and closing it when staff reject the
 * application. Stripe is a fake BillingApi; the store is in memory.
 */
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../../src/errors";
import type { Application } from "../../../src/domain/membership";
import { AMOUNT_CHANGED_MESSAGE, expireMembershipCheckout, firstYearDiscount, membershipCheckoutLines, membershipCheckoutUrl } from "../../../src/services/payments/membership-checkout";
import { application, terms } from "../../fixtures/membership";
import { CHECKOUT_ORIGIN, checkoutSession, createFakeBillingApi, STRIPE_ORIGINS } from "../../support/unit/fake-billing-api";
import { createInMemoryMembership } from "../../support/unit/in-memory-membership";
import { seedApplication } from "../../support/unit/in-memory-membership-tables";
import { SITE_URL } from "../../support/unit/card-payments";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const NO_STRIPE_IDS = { subscriptionPriceId: null, initialPriceId: null, halfOffCouponId: null };

function setup(options: { sessionId?: string | null; status?: "awaiting_payment" | "paid" | "rejected"; amountDuePence?: number; joiningFeePence?: number | null; discount?: Application["discount"] } = {}) {
  const db = createInMemoryMembership();
  const stripe = createFakeBillingApi();
  const applicant = application({
    status: options.status ?? "awaiting_payment",
    amountDuePence: options.amountDuePence ?? 22_000,
    joiningFeePence: options.joiningFeePence === undefined ? 2_500 : options.joiningFeePence,
    discount: options.discount ?? null,
  });
  seedApplication(db.tables, applicant, options.sessionId ?? null);
  stripe.prices.set("price_full_yearly", { id: "price_full_yearly", productId: "prod_full", unitAmountPence: 19_500 });
  stripe.prices.set("price_full_joining", { id: "price_full_joining", productId: "prod_joining", unitAmountPence: 2_500 });
  const deps = { billing: stripe.api, store: db.cardBilling, redirectOrigins: STRIPE_ORIGINS, siteUrl: SITE_URL, now: () => NOW };
  return { db, stripe, applicant, deps };
}

const CODE = { codeId: "7", code: "MEMBER20", totalPence: 2_000 };

describe("membershipCheckoutLines", () => {
  it("charges the yearly subscription and the joining fee by their Stripe prices, each at the VAT treatment's tax rate", () => {
    expect(membershipCheckoutLines(terms(), "txr_standard")).toEqual([
      { price: "price_full_yearly", quantity: 1, taxRateId: "txr_standard" },
      { price: "price_full_joining", quantity: 1, taxRateId: "txr_standard" },
    ]);
  });

  it("charges the CMS amounts, the subscription yearly (of the product given), where the CMS has no Stripe prices; exempt lines carry no rate", () => {
    expect(membershipCheckoutLines(terms({ stripe: NO_STRIPE_IDS }), null, "prod_1")).toEqual([
      { name: "Full member (yearly subscription)", unitAmountPence: 19_500, quantity: 1, recurring: "year", taxRateId: null, productId: "prod_1" },
      { name: "Full member joining fee", unitAmountPence: 2_500, quantity: 1, taxRateId: null },
    ]);
  });

  it("has no joining fee line for a membership without one", () => {
    expect(membershipCheckoutLines(terms({ joiningFeePence: 0, stripe: NO_STRIPE_IDS }), "txr_standard")).toEqual([
      { name: "Full member (yearly subscription)", unitAmountPence: 19_500, quantity: 1, recurring: "year", taxRateId: "txr_standard" },
    ]);
  });
});

describe("firstYearDiscount: what the coupon takes off the subscription so Checkout charges the amount due", () => {
  // Full member: £195 a year, £25 joining fee; half price is £97.50.
  it.each([
    ["no discount", 22_000, null, 0, null],
    ["half price for the newly qualified", 12_250, null, 9_750, "Newly qualified, half price"],
    ["a code", 20_000, CODE, 2_000, "MEMBER20, first year"],
    ["half price and a code", 10_250, CODE, 11_750, "Half price + MEMBER20, first year"],
  ])("%s", (_, amountDuePence, discount, pence, name) => {
    expect(firstYearDiscount({ amountDuePence, joiningFeePence: 2_500, discount }, terms())).toEqual({ kind: "discount", pence, name, code: discount?.code ?? null });
  });

  it("reads an application that kept no joining fee with today's", () => {
    expect(firstYearDiscount({ amountDuePence: 12_250, joiningFeePence: null }, terms())).toMatchObject({ kind: "discount", pence: 9_750 });
  });

  it("names a discount it cannot explain (the price went up since the application) as the price on applying", () => {
    expect(firstYearDiscount({ amountDuePence: 22_000, joiningFeePence: 2_500 }, terms({ subscriptionPence: 21_000 }))).toEqual({
      kind: "discount",
      pence: 1_500,
      name: "First year as priced on applying",
      code: null,
    });
  });

  it.each([
    ["the joining fee changed", terms({ joiningFeePence: 3_000 }), "the joining fee was 2500p and is now 3000p"],
    ["the subscription costs less than the application owes for it", terms({ subscriptionPence: 15_000 }), "the subscription now costs 15000p, less than the 19500p the application owes for it"],
  ])("a mismatch when %s", (_, changed, reason) => {
    expect(firstYearDiscount({ amountDuePence: 22_000, joiningFeePence: 2_500 }, changed)).toEqual({ kind: "mismatch", reason });
  });
});

describe("membershipCheckoutUrl", () => {
  it("opens a subscription Checkout for the applicant's application and remembers it", async () => {
    const { db, stripe, applicant, deps } = setup();
    expect(await membershipCheckoutUrl(deps, applicant, terms(), null)).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_1`);
    expect(stripe.created).toEqual([
      expect.objectContaining({
        mode: "subscription",
        purpose: { kind: "membership", applicationId: "app-1", userId: "user-1" },
        lines: [
          { price: "price_full_yearly", quantity: 1, taxRateId: "txr_standard" },
          { price: "price_full_joining", quantity: 1, taxRateId: "txr_standard" },
        ],
        couponId: null,
        customerEmail: "ada@guild.example",
        customerId: null,
        successUrl: `${SITE_URL}/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${SITE_URL}/user/membership?checkout=cancelled`,
      }),
    ]);
    expect(stripe.coupons).toEqual([]);
    expect(await db.cardBilling.checkoutSession("app-1")).toBe("cs_test_1");
  });

  it("bills the member's existing Stripe customer", async () => {
    const { stripe, applicant, deps } = setup();
    await membershipCheckoutUrl(deps, applicant, terms(), "cus_1");
    expect(stripe.created[0]?.customerId).toBe("cus_1");
  });

  it("half price and a code: one coupon for both, once, on the subscription price's product, never the CMS's coupon", async () => {
    const { stripe, applicant, deps } = setup({ amountDuePence: 10_250, discount: CODE });
    await membershipCheckoutUrl(deps, applicant, terms(), null);
    expect(stripe.coupons).toEqual([{ amountOffPence: 11_750, productId: "prod_full", name: "Half price + MEMBER20, first year", code: "MEMBER20" }]);
    expect(stripe.created[0]).toMatchObject({ couponId: "coupon_1", metadata: { firstYearDiscountPence: "11750", discountCode: "MEMBER20" } });
  });

  it("an inline subscription line gets a product of its own for the coupon to name", async () => {
    const { stripe, applicant, deps } = setup({ amountDuePence: 20_000, discount: CODE });
    await membershipCheckoutUrl(deps, applicant, terms({ stripe: NO_STRIPE_IDS }), null);
    expect(stripe.products).toEqual([{ slug: "full-member", name: "Full member (yearly subscription)" }]);
    expect(stripe.created[0]!.lines[0]).toMatchObject({ productId: "prod_1", unitAmountPence: 19_500 });
    expect(stripe.coupons).toEqual([{ amountOffPence: 2_000, productId: "prod_1", name: "MEMBER20, first year", code: "MEMBER20" }]);
  });

  it("an exempt membership's lines carry no tax rate", async () => {
    const { stripe, deps } = setup();
    await membershipCheckoutUrl(deps, application({ joiningFeePence: 2_500, vatTreatment: "exempt" }), terms(), null);
    expect(stripe.created[0]!.lines.map((line) => line.taxRateId)).toEqual([null, null]);
  });

  it.each([
    ["the joining fee changed since the application", terms({ joiningFeePence: 3_000 }), undefined],
    ["Stripe's subscription price is not the CMS's", terms(), 18_000],
  ])("refuses, logging an error and telling the payer, when %s", async (_, changed, stripePrice) => {
    const { stripe, applicant, deps } = setup({ amountDuePence: 20_000, discount: CODE });
    if (stripePrice) stripe.prices.set("price_full_yearly", { id: "price_full_yearly", productId: "prod_full", unitAmountPence: stripePrice });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await membershipCheckoutUrl(deps, applicant, changed, null).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "CONFLICT", message: AMOUNT_CHANGED_MESSAGE, details: { tellPayer: true } });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"event":"membership.checkout_amount_mismatch"'));
    expect(stripe.created).toEqual([]);
  });

  it("sends the applicant back to the session still open for the application, at its amount due", async () => {
    const { stripe, applicant, deps } = setup({ sessionId: "cs_open" });
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open", amountTotalPence: applicant.amountDuePence }));
    expect(await membershipCheckoutUrl(deps, applicant, terms(), null)).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_open`);
    expect(stripe.created).toEqual([]);
  });

  it.each(["paid", "rejected"] as const)("refuses an application that is %s, opening nothing", async (status) => {
    const { stripe, applicant, deps } = setup({ status });
    const error = await membershipCheckoutUrl(deps, applicant, terms(), null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(stripe.created).toEqual([]);
  });
});

describe("expireMembershipCheckout", () => {
  it("closes the application's open session and says which", async () => {
    const { stripe, deps } = setup({ sessionId: "cs_open" });
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open" }));
    expect(await expireMembershipCheckout(deps, "app-1")).toBe("cs_open");
    expect(stripe.expired).toEqual(["cs_open"]);
  });

  it.each(["complete", "expired"])("leaves a session that is %s alone", async (status) => {
    const { stripe, deps } = setup({ sessionId: "cs_1" });
    stripe.sessions.set("cs_1", checkoutSession({ id: "cs_1", status }));
    expect(await expireMembershipCheckout(deps, "app-1")).toBeNull();
    expect(stripe.expired).toEqual([]);
  });

  it("lets the rejection go ahead when Stripe cannot be reached, and says so in the log", async () => {
    const { stripe, deps } = setup({ sessionId: "cs_open" });
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open" }));
    stripe.failing.add("expireCheckoutSession");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await expireMembershipCheckout(deps, "app-1")).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"membership.checkout_expiry_failed"'));
  });
});
