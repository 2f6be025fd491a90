/**
 * Opening Stripe Checkout for something payable: an open session is reused (only at the amount due), a new one is
 * created idempotently and remembered, and the browser only ever goes to Stripe's pages.
 * Stripe is a fake BillingApi that keeps Stripe's idempotency rules.
 */
import { describe, expect, it } from "vitest";
import { openCheckout, safeRedirect, type CheckoutTarget } from "../../../src/services/payments/checkout-session";
import { CHECKOUT_ORIGIN, checkoutSession, createFakeBillingApi, STRIPE_ORIGINS } from "../../support/unit/fake-billing-api";

const NOW = new Date("2026-11-20T12:00:00.000Z");

function setup(options: Parameters<typeof createFakeBillingApi>[0] = {}) {
  const stripe = createFakeBillingApi(options);
  const clock = { now: NOW };
  const remembered: string[] = [];
  const deps = { billing: stripe.api, redirectOrigins: STRIPE_ORIGINS, now: () => clock.now };
  // The fake's sessions charge nothing unless a test says otherwise: what is due matches them.
  const target = (previous: string | null = null, amountDuePence = 0): CheckoutTarget => ({
    previous,
    amountDuePence,
    keyPrefix: "order-checkout:order-1",
    remember: async (sessionId) => {
      remembered.push(sessionId);
    },
    session: {
      mode: "payment",
      purpose: { kind: "order", orderId: "order-1", userId: "user-1" },
      lines: [{ price: "price_a", quantity: 1 }],
      couponId: null,
      customerEmail: "ada@guild.example",
      customerId: null,
      successUrl: "https://guildhall.example/user/webinars?checkout=complete&session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://guildhall.example/user/webinars?checkout=cancelled",
    },
  });
  return { stripe, clock, remembered, deps, target };
}

describe("openCheckout", () => {
  it("creates a session the first time, remembers it and sends the browser to it", async () => {
    const { stripe, remembered, deps, target } = setup();
    const url = await openCheckout(deps, target());
    expect(url).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_1`);
    expect(remembered).toEqual(["cs_test_1"]);
    expect(stripe.created).toEqual([expect.objectContaining({ ...target().session })]);
  });

  it("asks Stripe to close the session after at least an hour, within Stripe's 24-hour limit", async () => {
    const { stripe, deps, target } = setup();
    await openCheckout(deps, target());
    const openFor = stripe.created[0]!.expiresAt - NOW.getTime() / 1000;
    expect(openFor).toBeGreaterThanOrEqual(60 * 60);
    expect(openFor).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it("reuses the open session it has, creating none", async () => {
    const { stripe, remembered, deps, target } = setup();
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open" }));
    expect(await openCheckout(deps, target("cs_open"))).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_open`);
    expect(stripe.created).toEqual([]);
    expect(remembered).toEqual([]);
  });

  it("does not reuse an open session charging another amount than is due now, and closes it", async () => {
    const { stripe, remembered, deps, target } = setup();
    stripe.sessions.set("cs_cheaper", checkoutSession({ id: "cs_cheaper", amountTotalPence: 9_500 }));
    expect(await openCheckout(deps, target("cs_cheaper", 19_500))).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_1`);
    expect(stripe.expired).toEqual(["cs_cheaper"]);
    expect(remembered).toEqual(["cs_test_1"]);
  });

  it("opens a new session in place of one that has expired", async () => {
    const { stripe, remembered, deps, target } = setup();
    await openCheckout(deps, target());
    stripe.sessions.get("cs_test_1")!.status = "expired";
    expect(await openCheckout(deps, target("cs_test_1"))).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_2`);
    expect(remembered).toEqual(["cs_test_1", "cs_test_2"]);
  });

  it("opens a new session when Stripe cannot say what the previous one is", async () => {
    const { stripe, deps, target } = setup();
    stripe.failing.add("retrieveCheckoutSession");
    expect(await openCheckout(deps, target("cs_unknown"))).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_1`);
  });

  it("opens the same session for a double click (both requests before either is remembered)", async () => {
    const { stripe, deps, target } = setup();
    const [first, second] = await Promise.all([openCheckout(deps, target()), openCheckout(deps, target())]);
    expect(second).toBe(first);
    expect(stripe.created).toHaveLength(1);
  });

  it("opens the same session on a retry seconds later, when the first attempt could not remember it", async () => {
    const { stripe, clock, deps, target } = setup();
    const lost: CheckoutTarget = { ...target(), remember: () => Promise.reject(new Error("D1 is unavailable")) };
    await expect(openCheckout(deps, lost)).rejects.toThrow("D1 is unavailable");
    clock.now = new Date(NOW.getTime() + 7_000);
    expect(await openCheckout(deps, target())).toBe(`${CHECKOUT_ORIGIN}/c/pay/cs_test_1`);
    expect(stripe.created).toHaveLength(1);
  });

  it("opens the same new session for two tabs replacing the same expired one", async () => {
    const { stripe, deps, target } = setup();
    stripe.sessions.set("cs_old", checkoutSession({ id: "cs_old", status: "expired" }));
    const [first, second] = await Promise.all([openCheckout(deps, target("cs_old")), openCheckout(deps, target("cs_old"))]);
    expect(second).toBe(first);
    expect(stripe.created).toHaveLength(1);
  });

  it("refuses a new session whose URL is not on Stripe's origins", async () => {
    const { deps, target } = setup({ sessionUrl: (id) => `https://checkout.evil.example/c/pay/${id}` });
    await expect(openCheckout(deps, target())).rejects.toThrow("Refusing to redirect to https://checkout.evil.example from Stripe");
  });

  it("refuses an open session whose URL is not on Stripe's origins", async () => {
    const { stripe, deps, target } = setup();
    stripe.sessions.set("cs_open", checkoutSession({ id: "cs_open", url: "https://evil.example/pay" }));
    await expect(openCheckout(deps, target("cs_open"))).rejects.toThrow("Refusing to redirect to https://evil.example from Stripe");
  });

  it("fails when Stripe returns a session without a URL", async () => {
    const { stripe, deps, target } = setup();
    const create = stripe.api.createCheckoutSession;
    stripe.api.createCheckoutSession = async (session) => ({ ...(await create(session)), url: null });
    await expect(openCheckout(deps, target())).rejects.toThrow("Stripe returned Checkout session cs_test_1 without a URL");
  });
});

describe("safeRedirect", () => {
  const deps = { redirectOrigins: STRIPE_ORIGINS };

  it.each([`${CHECKOUT_ORIGIN}/c/pay/cs_1#fragment`, "https://billing.stripe.com/p/session/test_1"])("allows %s", (url) => {
    expect(safeRedirect(deps, url)).toBe(url);
  });

  it.each([
    ["another host", "https://evil.example/c/pay", "https://evil.example"],
    ["Stripe's host over http", "http://checkout.stripe.com/c/pay", "http://checkout.stripe.com"],
    ["a look-alike host", "https://checkout.stripe.com.evil.example/", "https://checkout.stripe.com.evil.example"],
    ["Stripe's host as a user name", "https://checkout.stripe.com@evil.example/", "https://evil.example"],
    ["a script", "javascript:alert(1)", "null"],
    ["a relative path", "/c/pay", "an invalid URL"],
  ])("refuses %s", (_, url, named) => {
    expect(() => safeRedirect(deps, url)).toThrow(`Refusing to redirect to ${named} from Stripe`);
  });
});
