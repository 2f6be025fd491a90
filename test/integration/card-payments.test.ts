/**
 * Card payment for memberships (issue 5): Stripe Checkout through the official SDK against the
 * FAKE Stripe API (test/support/fake-stripe.ts; Stripe cannot be reached here), and the signed
 * webhook: signature checks, replays, out-of-order events, failures and the billing portal.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { TestBrowser } from "../support/worker/browser";
import { applicationOf, count, joinByCard, MEMBERS_ONLY_PAGE, membership } from "../support/worker/card-join";
import { fetchWith } from "../support/worker/helpers";
import { validForm } from "../support/worker/join-form";
import {
  changeSubscription,
  deliver,
  fakeStripe,
  newInvoice,
  payCheckout,
  sendWebhook,
  signedEvent,
  stripeRequests,
} from "../support/worker/stripe";

/** Joins by card and pays, delivering checkout.session.completed; returns what was made. */
async function paidMember() {
  const joined = await joinByCard();
  const paid = await payCheckout(joined.sessionId, 1000);
  const response = await sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" });
  expect(response.status).toBe(200);
  return { ...joined, paid, subscriptionId: paid.session.subscription! };
}

describe("joining with card payment", () => {
  it("offers card payment only when Stripe is configured", async () => {
    const withStripe = await (await new TestBrowser().fetch("/join")).text();
    expect(withStripe).toMatch(/<input[^>]*value="card"/);
    const without = await (await fetchWith({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, "/join")).text();
    expect(without).not.toMatch(/<input[^>]*value="card"/);
    expect(without).toMatch(/<input[^>]*value="offline"/);
  });

  it("stores the application and sends the applicant to Stripe Checkout with the CMS's prices, tax rates and return URLs", async () => {
    const { checkoutUrl, application, form } = await joinByCard();
    expect(checkoutUrl).toBe(`${env.STRIPE_API_URL}/checkout/pay/${application.checkout_session_id}`);
    expect(application).toMatchObject({ status: "awaiting_payment", payment_method: "card" });
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.body).toMatchObject({
      mode: "subscription",
      customer_email: form.email,
      client_reference_id: application.id,
      metadata: { kind: "membership", applicationId: application.id, userId: application.user_id },
      subscription_data: { metadata: { kind: "membership", applicationId: application.id, userId: application.user_id } },
      success_url: "http://localhost:8787/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/user/membership?checkout=cancelled",
    });
    const lines = request.body.line_items as { price: string }[];
    expect(lines.map((l) => l.price)).toEqual([expect.stringMatching(/^price_demo_\w+_subscription$/), expect.stringMatching(/^price_demo_\w+_joining_fee$/)]);
    // Qualified in 2012: not newly qualified, so no half-off coupon.
    expect(request.body.discounts).toBeUndefined();
    expect(request.idempotencyKey).toMatch(new RegExp(`^membership-checkout:${application.id}:first:\\d+$`));
  });

  it("gives the newly qualified half price as a coupon of our own on the subscription's product (never the CMS's coupon id)", async () => {
    await fakeStripe("/__prices", { body: JSON.stringify({ price_demo_full_member_subscription: { unitAmount: 19_500, product: "prod_demo_full_member" } }) });
    await joinByCard({ yearQualified: String(new Date().getUTCFullYear()) });
    const requests = await stripeRequests();
    const coupon = requests.findLast((r) => r.path === "/v1/coupons")!;
    expect(coupon.body).toMatchObject({ amount_off: "9750", duration: "once", applies_to: { products: ["prod_demo_full_member"] } });
    const request = requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.body.discounts).toEqual([{ coupon: expect.stringMatching(/^coupon_test_/) }]);
  });

  it("a double submission makes one application and one Checkout session; paying later reopens the same open session", async () => {
    // Stripe's prices cost the CMS's amounts, so the open session charges what is due and is reused.
    await fakeStripe("/__prices", {
      body: JSON.stringify({ price_demo_full_member_subscription: 19_500, price_demo_full_member_joining_fee: 2_500 }),
    });
    const browser = new TestBrowser();
    const form = validForm({ paymentMethod: "card" });
    const first = await browser.post("/join", form);
    const second = await browser.post("/join", form);
    expect(first.status).toBe(303);
    expect(second.headers.get("Location")).toBe("/user/membership");
    expect(await count("SELECT COUNT(*) AS n FROM applications WHERE email = ?1", form.email)).toBe(1);
    const again = await browser.post("/user/membership/pay-by-card", {});
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    const sessions = (await stripeRequests()).filter((r) => r.path === "/v1/checkout/sessions" && (r.body.customer_email as string) === form.email);
    expect(sessions).toHaveLength(1);
  });

  it("the membership page offers card payment, or switching to bank transfer, while it is awaiting payment", async () => {
    const { browser, form } = await joinByCard();
    const html = await (await browser.fetch("/user/membership")).text();
    expect(html).toContain('action="/user/membership/pay-by-card"');
    expect(html).toContain('action="/user/membership/pay-offline"');
    expect((await browser.post("/user/membership/pay-offline", {})).status).toBe(303);
    expect((await applicationOf(form.email!))!.payment_method).toBe("offline");
    const offline = await (await browser.fetch("/user/membership")).text();
    expect(offline).toContain("Your payment reference");
    expect(offline).toContain("Pay by card instead");
  });

  it("coming back from a cancelled Checkout keeps the application and says nothing was charged", async () => {
    const { browser, form } = await joinByCard();
    const html = await (await browser.fetch("/user/membership?checkout=cancelled")).text();
    expect(html).toContain('data-payment-notice="cancelled"');
    expect(html).toContain("nothing was charged");
    expect((await applicationOf(form.email!))!.status).toBe("awaiting_payment");
  });

  it("with Stripe failing, the application is kept and the applicant can pay by card later", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await fakeStripe("/__fail?count=3"); // the SDK's two retries fail too
    const { browser, checkoutUrl, form } = await joinByCard();
    expect(checkoutUrl).toBe("/user/membership?payment=unavailable");
    expect((await applicationOf(form.email!))!.status).toBe("awaiting_payment");
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"event":"membership.checkout_failed"'));
    const html = await (await browser.fetch(checkoutUrl)).text();
    expect(html).toContain('data-payment-notice="unavailable"');
    const retry = await browser.post("/user/membership/pay-by-card", {});
    expect(retry.headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`));
  }, 30_000);

  it("returning from Checkout after paying shows the membership active at once, before any webhook", async () => {
    const { browser, sessionId, application } = await joinByCard();
    await payCheckout(sessionId, 14_500);
    const html = await (await browser.fetch(`/user/membership?checkout=complete&session_id=${sessionId}`)).text();
    expect(html).toContain('data-payment-notice="confirmed"');
    expect(html).toContain('data-membership-status="active"');
    // The join page's success message too: the application is complete.
    expect(html.match(/class="notice notice--success"/g)).toHaveLength(2);
    expect(await membership(application.user_id)).toMatchObject({ status: "active", payment_method: "card", billing_status: "active" });
  });

  it("another user's Checkout session id on the return URL changes nothing", async () => {
    const victim = await joinByCard();
    await payCheckout(victim.sessionId, 14_500);
    const attacker = await joinByCard();
    const html = await (await attacker.browser.fetch(`/user/membership?checkout=complete&session_id=${victim.sessionId}`)).text();
    expect(html).toContain('data-payment-notice="confirming"');
    expect((await membership(victim.application.user_id))!.status).toBe("awaiting_payment");
    expect((await membership(attacker.application.user_id))!.status).toBe("awaiting_payment");
  });
});

describe("the Stripe webhook", () => {
  it("checkout.session.completed activates the membership: payment recorded, period a year, members-only pages open", async () => {
    const { browser, application, paid } = await paidMember();
    const record = (await membership(application.user_id))!;
    expect(record).toMatchObject({
      status: "active",
      payment_method: "card",
      billing_status: "active",
      stripe_customer_id: paid.session.customer,
      stripe_subscription_id: paid.session.subscription,
    });
    const days = (Date.parse(record.period_end!) - Date.parse(record.period_start!)) / 86_400_000;
    expect(days).toBe(365);
    expect((await applicationOf((await env.DB.prepare("SELECT email FROM applications WHERE id = ?1").bind(application.id).first<{ email: string }>())!.email))!.status).toBe("paid");
    const payment = await env.DB.prepare("SELECT * FROM payments WHERE application_id = ?1").bind(application.id).first<{ id: string; method: string; amount_pence: number }>();
    expect(payment).toMatchObject({ id: paid.session.invoice, method: "card", amount_pence: 1000 });
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(200);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('action="/user/membership/billing-portal"');
    expect(page).toContain("Renews on");
  });

  it("an event replayed ten times is handled once: one payment, one event row, later deliveries acknowledged as duplicates", async () => {
    const joined = await joinByCard();
    await payCheckout(joined.sessionId, 1000);
    const event = await signedEvent("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" });
    const outcomes = [];
    for (let i = 0; i < 10; i++) {
      const response = await deliver(event);
      expect(response.status).toBe(200);
      outcomes.push(((await response.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(["handled", ...Array(9).fill("duplicate")]);
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1", joined.application.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?1", event.id)).toBe(1);
  });

  it("ten distinct events about the same payment, delivered at once, still record it once", async () => {
    const joined = await joinByCard();
    await payCheckout(joined.sessionId, 1000);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1", joined.application.id)).toBe(1);
    expect((await membership(joined.application.user_id))!.status).toBe("active");
  });

  it("a bad, missing, forged or stale signature gets 400 and changes nothing", async () => {
    const joined = await joinByCard();
    await payCheckout(joined.sessionId, 1000);
    const object = { id: joined.sessionId, object: "checkout.session" };
    const events = await count("SELECT COUNT(*) AS n FROM stripe_events");
    const good = await signedEvent("checkout.session.completed", object);
    const forged = await signedEvent("checkout.session.completed", object, { secret: "whsec_someone_else_000000000" });
    const stale = await signedEvent("checkout.session.completed", object, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const cases: [string, Response][] = [
      ["garbage signature", await deliver(good, "t=1,v1=deadbeef")],
      ["missing header", await deliver(good, "")],
      ["another endpoint's secret", await deliver(forged)],
      ["an hour old", await deliver(stale)],
      ["tampered body", await deliver({ ...good, body: good.body.replace(joined.sessionId, "cs_test_other") })],
    ];
    for (const [name, response] of cases) {
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, name).toBe("BAD_REQUEST");
    }
    expect(await count("SELECT COUNT(*) AS n FROM stripe_events")).toBe(events);
    expect((await membership(joined.application.user_id))!.status).toBe("awaiting_payment");
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1", joined.application.id)).toBe(0);
  });

  it("out of order: a cancellation delivered before the checkout completion still ends cancelled, with the payment kept", async () => {
    const joined = await joinByCard();
    const paid = await payCheckout(joined.sessionId, 1000);
    const subscription = paid.session.subscription!;
    await changeSubscription(subscription, { status: "canceled" });
    expect((await sendWebhook("customer.subscription.deleted", { id: subscription, object: "subscription" })).status).toBe(200);
    expect((await sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" })).status).toBe(200);
    expect(await membership(joined.application.user_id)).toMatchObject({ status: "cancelled", billing_status: "canceled" });
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1", joined.application.id)).toBe(1);
  });

  it("out of order: a renewal's invoice.paid before the subscription update extends the period; the late update does not undo it", async () => {
    const { application, subscriptionId } = await paidMember();
    const before = (await membership(application.user_id))!;
    const nextEnd = Math.floor(Date.parse(before.period_end!) / 1000) + 365 * 86_400;
    await changeSubscription(subscriptionId, { periodStart: Math.floor(Date.parse(before.period_end!) / 1000), periodEnd: nextEnd });
    const renewal = await newInvoice(subscriptionId, 14_500);
    await sendWebhook("invoice.paid", { id: renewal.id, object: "invoice" });
    await sendWebhook("customer.subscription.updated", { id: subscriptionId, object: "subscription" }, { created: Math.floor(Date.now() / 1000) - 3000 });
    const after = (await membership(application.user_id))!;
    expect(Date.parse(after.period_end!)).toBe(nextEnd * 1000);
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1", application.id)).toBe(2);
  });

  it("a failed renewal keeps the member active until the paid period (plus grace) ends, and tells them", async () => {
    const { browser, application, subscriptionId } = await paidMember();
    const before = (await membership(application.user_id))!;
    await changeSubscription(subscriptionId, { status: "past_due", periodEnd: Math.floor(Date.parse(before.period_end!) / 1000) + 365 * 86_400 });
    const failed = await newInvoice(subscriptionId, 14_500, "open");
    expect((await sendWebhook("invoice.payment_failed", { id: failed.id, object: "invoice" })).status).toBe(200);
    const after = (await membership(application.user_id))!;
    expect(after).toMatchObject({ status: "active", billing_status: "past_due", period_end: before.period_end });
    expect(await (await browser.fetch("/user/membership")).text()).toContain("Your last card payment did not go through");
    // Stripe gives up: the subscription is cancelled, and so is the membership.
    await changeSubscription(subscriptionId, { status: "canceled" });
    await sendWebhook("customer.subscription.updated", { id: subscriptionId, object: "subscription" });
    expect((await membership(application.user_id))!.status).toBe("cancelled");
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
  });

  it("a late event about an older subscription never touches the membership a newer application pays for", async () => {
    const first = await paidMember();
    await changeSubscription(first.subscriptionId, { status: "canceled" });
    await sendWebhook("customer.subscription.deleted", { id: first.subscriptionId, object: "subscription" });
    expect((await membership(first.application.user_id))!.status).toBe("cancelled");
    // The member joins again by card and pays: a new application and subscription.
    const again = await first.browser.post("/join", validForm({ paymentMethod: "card", email: undefined, password: undefined }));
    expect(again.status).toBe(303);
    const second = (await env.DB.prepare("SELECT id, checkout_session_id FROM applications WHERE user_id = ?1 ORDER BY created_at DESC LIMIT 1")
      .bind(first.application.user_id)
      .first<{ id: string; checkout_session_id: string }>())!;
    expect(second.id).not.toBe(first.application.id);
    const paid = await payCheckout(second.checkout_session_id, 1000);
    await sendWebhook("checkout.session.completed", { id: second.checkout_session_id, object: "checkout.session" });
    expect(await membership(first.application.user_id)).toMatchObject({ status: "active", stripe_subscription_id: paid.session.subscription });
    // Stripe delivers an old event about the first subscription late (its state re-read: canceled).
    await sendWebhook("customer.subscription.updated", { id: first.subscriptionId, object: "subscription" });
    expect(await membership(first.application.user_id)).toMatchObject({ status: "active", stripe_subscription_id: paid.session.subscription });
  });

  it("a subscription Stripe no longer has ends the membership", async () => {
    const { application, subscriptionId } = await paidMember();
    await changeSubscription(subscriptionId, { deleted: true });
    await sendWebhook("customer.subscription.deleted", { id: subscriptionId, object: "subscription" });
    expect(await membership(application.user_id)).toMatchObject({ status: "cancelled", stripe_subscription_id: subscriptionId });
  });

  it("acknowledges events it does not act on, and answers 503 (so Stripe retries) when Stripe cannot be read", async () => {
    const ignored = await sendWebhook("customer.created", { id: "cus_test_x", object: "customer" });
    expect(await ignored.json()).toMatchObject({ received: true, outcome: "ignored" });
    const joined = await joinByCard();
    await payCheckout(joined.sessionId, 1000);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await fakeStripe("/__fail?count=3");
    const event = await signedEvent("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" });
    const failed = await deliver(event);
    expect(failed.status).toBe(503);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"code":"PAYMENT_UNAVAILABLE"'));
    expect(await count("SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?1", event.id)).toBe(0);
    // Stripe's retry of the same event succeeds.
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: "handled" });
    expect((await membership(joined.application.user_id))!.status).toBe("active");
  }, 30_000);

  it("refuses a body larger than any Stripe event with 400, before reading its signature", async () => {
    const events = await count("SELECT COUNT(*) AS n FROM stripe_events");
    const event = await signedEvent("checkout.session.completed", { id: `cs_test_${"x".repeat(600 * 1024)}`, object: "checkout.session" });
    const response = await deliver(event);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "BAD_REQUEST", message: "The webhook body is too large" } });
    expect(await count("SELECT COUNT(*) AS n FROM stripe_events")).toBe(events);
  });

  it("is not there when Stripe is not configured", async () => {
    const response = await fetchWith({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, "/api/stripe/webhook", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});

describe("the billing portal", () => {
  it("sends a card-paid member to Stripe's portal for their own customer, returning to the membership page", async () => {
    const { browser, paid } = await paidMember();
    const response = await browser.post("/user/membership/billing-portal", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/portal/bps_test_`));
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/billing_portal/sessions")!;
    expect(request.body).toEqual({ customer: paid.session.customer, return_url: "http://localhost:8787/user/membership" });
  });

  it("is refused (404) to a member who does not pay by card, and needs a session and a CSRF token", async () => {
    const { browser } = await joinByCard({ paymentMethod: "offline" });
    expect((await browser.post("/user/membership/billing-portal", {})).status).toBe(404);
    expect((await new TestBrowser().post("/user/membership/billing-portal", {})).status).toBe(303);
    expect((await browser.fetch("/user/membership/billing-portal", { method: "POST" })).status).toBe(403);
  });
});
