/**
 * Card payment for a membership application: what the Checkout session charges (Stripe price
 * ids or the CMS amounts, the joining fee, the newly qualified's coupon), for whom, and closing
 * it when staff reject the application. Stripe is a fake BillingApi; the store is in memory.
 */
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../../src/errors";
import { expireMembershipCheckout, membershipCheckoutLines, membershipCheckoutUrl } from "../../../src/services/payments/membership-checkout";
import { application, terms } from "../../fixtures/membership";
import { CHECKOUT_ORIGIN, checkoutSession, createFakeBillingApi, STRIPE_ORIGINS } from "../../support/unit/fake-billing-api";
import { createInMemoryMembership } from "../../support/unit/in-memory-membership";
import { seedApplication } from "../../support/unit/in-memory-membership-tables";
import { SITE_URL } from "../../support/unit/card-payments";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const NO_STRIPE_IDS = { subscriptionPriceId: null, initialPriceId: null, halfOffCouponId: null };

function setup(options: { sessionId?: string | null; status?: "awaiting_payment" | "paid" | "rejected"; yearQualified?: number } = {}) {
  const db = createInMemoryMembership();
  const stripe = createFakeBillingApi();
  const applicant = application({ status: options.status ?? "awaiting_payment" });
  applicant.details.professional.yearQualified = options.yearQualified ?? 2015;
  seedApplication(db.tables, applicant, options.sessionId ?? null);
  const deps = { billing: stripe.api, store: db.cardBilling, redirectOrigins: STRIPE_ORIGINS, siteUrl: SITE_URL, now: () => NOW };
  return { db, stripe, applicant, deps };
}

describe("membershipCheckoutLines", () => {
  it("charges the yearly subscription and the joining fee by their Stripe prices", () => {
    expect(membershipCheckoutLines(terms(), false)).toEqual({
      lines: [
        { price: "price_full_yearly", quantity: 1 },
        { price: "price_full_joining", quantity: 1 },
      ],
      couponId: null,
    });
  });

  it("adds the half-off coupon for the newly qualified", () => {
    expect(membershipCheckoutLines(terms(), true).couponId).toBe("coupon_half_off");
  });

  it("charges the CMS amounts, the subscription yearly, where the CMS has no Stripe prices", () => {
    expect(membershipCheckoutLines(terms({ stripe: NO_STRIPE_IDS }), false).lines).toEqual([
      { name: "Full member (yearly subscription)", unitAmountPence: 19_500, quantity: 1, recurring: "year" },
      { name: "Full member joining fee", unitAmountPence: 2_500, quantity: 1 },
    ]);
  });

  it("has no joining fee line for a membership without one", () => {
    expect(membershipCheckoutLines(terms({ joiningFeePence: 0, stripe: NO_STRIPE_IDS }), false).lines).toEqual([
      { name: "Full member (yearly subscription)", unitAmountPence: 19_500, quantity: 1, recurring: "year" },
    ]);
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
        couponId: null,
        customerEmail: "ada@guild.example",
        customerId: null,
        successUrl: `${SITE_URL}/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${SITE_URL}/user/membership?checkout=cancelled`,
      }),
    ]);
    expect(await db.cardBilling.checkoutSession("app-1")).toBe("cs_test_1");
  });

  it("bills the member's existing Stripe customer", async () => {
    const { stripe, applicant, deps } = setup();
    await membershipCheckoutUrl(deps, applicant, terms(), "cus_1");
    expect(stripe.created[0]?.customerId).toBe("cus_1");
  });

  it.each([
    [2026, "coupon_half_off"],
    [2024, "coupon_half_off"],
    [2023, null],
  ])("for someone qualified in %s, in 2026, uses coupon %s", async (yearQualified, couponId) => {
    const { stripe, applicant, deps } = setup({ yearQualified });
    await membershipCheckoutUrl(deps, applicant, terms(), null);
    expect(stripe.created[0]?.couponId).toBe(couponId);
  });

  it("uses no coupon where the CMS offers no half price", async () => {
    const { stripe, applicant, deps } = setup({ yearQualified: 2026 });
    await membershipCheckoutUrl(deps, applicant, terms({ halfOffForNewlyQualified: false, stripe: { ...terms().stripe, halfOffCouponId: null } }), null);
    expect(stripe.created[0]?.couponId).toBeNull();
  });

  it("sends the applicant back to the session still open for the application", async () => {
    const { stripe, applicant, deps } = setup({ sessionId: "cs_open" });
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open" }));
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
