/**
 * Webinar checkout and orders (issue 6) against the real Strapi demo content, D1 and the FAKE
 * Stripe API (test/support/fake-stripe.ts; Stripe cannot be reached here): prices recomputed at
 * the edge, free items granted at once, offline and card orders, webhook fulfilment exactly
 * once, tampered carts, price changes and access to what was bought.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarBundlesOperation, webinarsOperation } from "../../src/adapters/cms/operations";
import { createOrderStore } from "../../src/adapters/d1/orders";
import type { WebinarBundle, WebinarSummary } from "../../src/domain/content";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { deliver, payCheckout, sendWebhook, signedEvent, stripeRequests } from "../support/worker/stripe";
import { everyEntry } from "../support/worker/cms-lists";

let webinars: WebinarSummary[];
let bundles: WebinarBundle[];
const bySlug = (slug: string) => webinars.find((w) => w.slug === slug)!;
const bundleBySlug = (slug: string) => bundles.find((b) => b.slug === slug)!;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  [webinars, bundles] = await Promise.all([everyEntry(cms, webinarsOperation), everyEntry(cms, webinarBundlesOperation)]);
});

const BACK_PAIN = () => bySlug("managing-persistent-low-back-pain"); // £45, members £25, upcoming
const OLDER_ADULTS = () => bySlug("exercise-prescription-for-older-adults"); // recording (Vimeo), £35, members £20
const CLINICAL_REASONING = () => bySlug("introduction-to-clinical-reasoning"); // free for everyone
const PELVIC = () => bySlug("pelvic-health-essentials"); // free for members, £45 otherwise
const MASTERCLASS = () => bundleBySlug("recorded-masterclass-collection"); // £15 off its two recordings

const count = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;

async function shopper(options: { member?: boolean } = {}) {
  const user = await createUser();
  if (options.member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

function checkoutForm(items: string, expectedTotalPence: number, extra: Record<string, string> = {}) {
  return { items, expectedTotalPence: String(expectedTotalPence), idempotencyKey: crypto.randomUUID(), paymentMethod: "offline", ...extra };
}

const ordersOf = (userId: string) =>
  env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1 ORDER BY created_at").bind(userId).all<{
    id: string;
    status: string;
    payment_method: string;
    total_pence: number;
    reference: string;
    checkout_session_id: string | null;
  }>();
const entitled = async (userId: string) =>
  (await env.DB.prepare("SELECT webinar_id FROM entitlements WHERE user_id = ?1 ORDER BY webinar_id").bind(userId).all<{ webinar_id: string }>()).results.map((r) => r.webinar_id).sort();

describe("checking out", () => {
  it("sends a visitor to sign in and back to the same cart", async () => {
    const items = `webinar:${BACK_PAIN().id}`;
    const response = await new TestBrowser().post("/cart/checkout", checkoutForm(items, 4500));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/api/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`/cart?items=${encodeURIComponent(items)}`);
  });

  it("an offline order awaits payment with a reference; nothing is granted until staff record it", async () => {
    const { browser, user } = await shopper();
    const response = await browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id}`, 4500));
    expect(response.status).toBe(303);
    const [order] = (await ordersOf(user.uid)).results;
    expect(order).toMatchObject({ status: "awaiting_payment", payment_method: "offline", total_pence: 4500 });
    expect(response.headers.get("Location")).toBe(`/user/webinars?ordered=${order!.id}`);
    expect(await entitled(user.uid)).toEqual([]);
    const page = await (await browser.fetch(`/user/webinars?ordered=${order!.id}`)).text();
    expect(page).toContain(`Order ${order!.reference}: awaiting payment`);
    expect(page).toContain("£45.00");
    expect(page).toContain("data-cart-clear");
  });

  it("grants a webinar free for everyone at once, with no payment", async () => {
    const { browser, user } = await shopper();
    const response = await browser.post("/cart/checkout", checkoutForm(`webinar:${CLINICAL_REASONING().id}`, 0, { paymentMethod: "" }));
    expect(response.status).toBe(303);
    expect((await ordersOf(user.uid)).results).toEqual([expect.objectContaining({ status: "paid", payment_method: "free", total_pence: 0 })]);
    expect(await entitled(user.uid)).toEqual([CLINICAL_REASONING().id]);
    const page = await (await browser.fetch("/user/webinars")).text();
    expect(page).toContain(CLINICAL_REASONING().name);
  });

  it("charges a member the member price, and grants a member-free webinar at once in the same checkout", async () => {
    const { browser, user } = await shopper({ member: true });
    const response = await browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id},webinar:${PELVIC().id}`, 2500));
    expect(response.status).toBe(303);
    const orders = (await ordersOf(user.uid)).results;
    expect(orders.map((o) => [o.status, o.payment_method, o.total_pence]).sort()).toEqual([
      ["awaiting_payment", "offline", 2500],
      ["paid", "free", 0],
    ]);
    expect(await entitled(user.uid)).toEqual([PELVIC().id]);
  });

  it("a bundle is charged at its discount, and grants every webinar in it once paid", async () => {
    const { browser, user } = await shopper();
    const bundle = MASTERCLASS();
    const full = bundle.webinars.reduce((sum, w) => sum + Math.round((w.defaultPrice ?? 0) * 100), 0);
    const response = await browser.post("/cart/checkout", checkoutForm(`bundle:${bundle.id}`, full - 1500));
    expect(response.status).toBe(303);
    const [order] = (await ordersOf(user.uid)).results;
    expect(order!.total_pence).toBe(full - 1500);
    const stored = await env.DB.prepare("SELECT webinar_ids FROM orders WHERE id = ?1").bind(order!.id).first<{ webinar_ids: string }>();
    expect(JSON.parse(stored!.webinar_ids).sort()).toEqual(bundle.webinars.map((w) => w.id).sort());
  });

  it("a double submission makes one order", async () => {
    const { browser, user } = await shopper();
    const form = checkoutForm(`webinar:${BACK_PAIN().id}`, 4500);
    const first = await browser.post("/cart/checkout", form);
    const second = await browser.post("/cart/checkout", form);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect((await ordersOf(user.uid)).results).toHaveLength(1);
  });
});

describe("tampered carts and changed prices", () => {
  it("a forged total orders nothing and shows the cart again with the new total", async () => {
    const { browser, user } = await shopper();
    const items = `webinar:${BACK_PAIN().id}`;
    const response = await browser.post("/cart/checkout", checkoutForm(items, 1));
    expect(response.headers.get("Location")).toBe(`/cart?${new URLSearchParams({ items, notice: "price-changed" })}`);
    expect((await ordersOf(user.uid)).results).toEqual([]);
  });

  it("an item no longer in the CMS, or already owned, is taken out of the cart with the reason, and nothing is ordered", async () => {
    const { browser, user } = await shopper();
    await browser.post("/cart/checkout", checkoutForm(`webinar:${CLINICAL_REASONING().id}`, 0));
    const items = `webinar:${BACK_PAIN().id},webinar:999999,webinar:${CLINICAL_REASONING().id}`;
    const response = await browser.post("/cart/checkout", checkoutForm(items, 4500));
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/cart");
    expect(location.searchParams.get("notice")).toBe("removed");
    expect(location.searchParams.get("items")).toBe(`webinar:${BACK_PAIN().id}`);
    expect(location.searchParams.get("removed")).toBe(`webinar:999999,webinar:${CLINICAL_REASONING().id}`);
    expect((await ordersOf(user.uid)).results).toHaveLength(1); // only the free one from before
  });

  it.each([
    ["an unknown kind", "course:1", "Your cart holds an item of an unknown kind"],
    ["an id with a path in it", "webinar:../../etc", "Your cart holds an item with an invalid id"],
    ["a negative quantity", "webinar:1:-5", "Your cart holds an item of an unknown kind"],
    ["a huge cart", Array.from({ length: 51 }, (_, i) => `webinar:${i + 1}`).join(","), "Your cart can hold at most 50 items"],
    ["a cart field too long to be a cart", `webinar:${"9".repeat(9000)}`, "Your cart is too large"],
  ])("refuses %s with 400 and a specific message", async (_name, items, message) => {
    const { browser, user } = await shopper();
    const response = await browser.post("/cart/checkout", checkoutForm(items, 100));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect((await ordersOf(user.uid)).results).toEqual([]);
  });

  it.each([
    ["a negative total", { expectedTotalPence: "-100" }, "cannot be negative"],
    ["a fractional total", { expectedTotalPence: "12.5" }, "not a whole number of pence"],
    ["no idempotency key", { idempotencyKey: "" }, "This checkout form has expired"],
    ["an unknown payment method", { paymentMethod: "bitcoin" }, "Choose how you will pay"],
  ])("refuses %s with 400", async (_name, extra, message) => {
    const { browser } = await shopper();
    const response = await browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id}`, 4500, extra));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("refuses a checkout without the CSRF token", async () => {
    const { browser, user } = await shopper();
    const body = new URLSearchParams(checkoutForm(`webinar:${BACK_PAIN().id}`, 4500));
    expect((await browser.fetch("/cart/checkout", { method: "POST", body })).status).toBe(403);
    expect((await ordersOf(user.uid)).results).toEqual([]);
  });
});

describe("paying by card", () => {
  it("opens Stripe Checkout with the member's Stripe price, and a signed webhook grants the webinar exactly once", async () => {
    const { browser, user } = await shopper({ member: true });
    const response = await browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id}`, 2500, { paymentMethod: "card" }));
    expect(response.headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`));
    const [order] = (await ordersOf(user.uid)).results;
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.body).toMatchObject({
      mode: "payment",
      line_items: [{ price: "price_demo_back_pain_member", quantity: "1" }],
      metadata: { kind: "order", orderId: order!.id, userId: user.uid },
      success_url: "http://localhost:8787/user/webinars?checkout=complete&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/user/webinars?checkout=cancelled",
    });
    await payCheckout(order!.checkout_session_id!, 2500);
    const event = await signedEvent("checkout.session.completed", { id: order!.checkout_session_id!, object: "checkout.session" });
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    // Stripe may also send distinct events about the same payment.
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id!, object: "checkout.session" });
    expect((await ordersOf(user.uid)).results[0]).toMatchObject({ status: "paid" });
    expect(await count("SELECT COUNT(*) AS n FROM order_payments WHERE order_id = ?1", order!.id)).toBe(1);
    expect(await entitled(user.uid)).toEqual([BACK_PAIN().id]);
    const page = await (await browser.fetch("/user/webinars")).text();
    expect(page).toContain(BACK_PAIN().name);
  });

  it("a bundle alone goes to Stripe as its webinars' prices with the bundle's coupon", async () => {
    const { browser, user } = await shopper();
    const bundle = MASTERCLASS();
    const full = bundle.webinars.reduce((sum, w) => sum + Math.round((w.defaultPrice ?? 0) * 100), 0);
    await browser.post("/cart/checkout", checkoutForm(`bundle:${bundle.id}`, full - 1500, { paymentMethod: "card" }));
    const [order] = (await ordersOf(user.uid)).results;
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/checkout/sessions" && (r.body.metadata as { orderId?: string }).orderId === order!.id)!;
    expect((request.body.line_items as { price: string }[]).map((l) => l.price).sort()).toEqual(
      bundle.webinars.map((w) => w.stripePriceId).sort(),
    );
    expect(request.body.discounts).toEqual([{ coupon: bundle.couponId }]);
  });

  it("a bundle with other items is charged at its discounted amount (Stripe takes one coupon per session)", async () => {
    const { browser, user } = await shopper();
    const bundle = MASTERCLASS();
    const full = bundle.webinars.reduce((sum, w) => sum + Math.round((w.defaultPrice ?? 0) * 100), 0);
    await browser.post("/cart/checkout", checkoutForm(`bundle:${bundle.id},webinar:${BACK_PAIN().id}`, full - 1500 + 4500, { paymentMethod: "card" }));
    const [order] = (await ordersOf(user.uid)).results;
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/checkout/sessions" && (r.body.metadata as { orderId?: string }).orderId === order!.id)!;
    expect(request.body.discounts).toBeUndefined();
    expect(request.body.line_items).toEqual([
      // Each line with Stripe's inclusive tax rate for its VAT treatment (this bundle is zero-rated).
      { quantity: "1", price_data: { currency: "gbp", unit_amount: String(full - 1500), product_data: { name: `${bundle.bundleName} (bundle)` } }, tax_rates: [expect.stringMatching(/^txr_/)] },
      { price: BACK_PAIN().stripePriceId, quantity: "1", tax_rates: [expect.stringMatching(/^txr_/)] },
    ]);
  });

  it("returning from Checkout after paying shows the webinars at once; leaving it keeps the order to pay later", async () => {
    const { browser, user } = await shopper();
    await browser.post("/cart/checkout", checkoutForm(`webinar:${OLDER_ADULTS().id}`, 3500, { paymentMethod: "card" }));
    const [order] = (await ordersOf(user.uid)).results;
    const cancelled = await (await browser.fetch("/user/webinars?checkout=cancelled")).text();
    expect(cancelled).toContain('data-order-notice="cancelled"');
    expect(cancelled).toContain(`/user/orders/${order!.id}/pay-by-card`);
    await payCheckout(order!.checkout_session_id!, 3500);
    const back = await (await browser.fetch(`/user/webinars?checkout=complete&session_id=${order!.checkout_session_id}`)).text();
    expect(back).toContain('data-order-notice="confirmed"');
    expect(await entitled(user.uid)).toEqual([OLDER_ADULTS().id]);
  });

  it("a card payment for an order staff cancelled meanwhile still grants it (the money was taken); staff cannot pay a cancelled order", async () => {
    const { browser, user } = await shopper();
    await browser.post("/cart/checkout", checkoutForm(`webinar:${OLDER_ADULTS().id}`, 3500, { paymentMethod: "card" }));
    const [row] = (await ordersOf(user.uid)).results;
    const store = createOrderStore(env.DB);
    const order = (await store.byId(row!.id))!;
    expect(await store.cancel(order, "No payment arrived", { staffEmail: "staff@guildhall.example", action: "order.cancelled", details: {} })).toBe(true);
    const staffPay = await store.pay(order, { id: crypto.randomUUID(), method: "offline", amountPence: 3500, receivedOn: "2026-11-22", reference: "late", recordedBy: "staff@guildhall.example" }, null);
    expect(staffPay).toBe(false);
    await payCheckout(row!.checkout_session_id!, 3500);
    await sendWebhook("checkout.session.completed", { id: row!.checkout_session_id!, object: "checkout.session" });
    expect((await ordersOf(user.uid)).results[0]).toMatchObject({ status: "paid" });
    expect(await entitled(user.uid)).toEqual([OLDER_ADULTS().id]);
  });

  it("another user cannot pay for, switch, or see someone else's order", async () => {
    const owner = await shopper();
    await owner.browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id}`, 4500));
    const [order] = (await ordersOf(owner.user.uid)).results;
    const other = await shopper();
    expect((await other.browser.post(`/user/orders/${order!.id}/pay-by-card`, {})).status).toBe(404);
    expect((await other.browser.post(`/user/orders/${order!.id}/pay-offline`, {})).status).toBe(404);
    expect((await owner.browser.post("/user/orders/not-an-order/pay-by-card", {})).status).toBe(404);
    expect(await (await other.browser.fetch(`/user/webinars?ordered=${order!.id}`)).text()).not.toContain(order!.reference);
  });
});

describe("access to what was bought", () => {
  const privateLinks = /zoom\.example|vimeo\.example/;

  it("nobody without the webinar receives its Zoom or Vimeo links, on any webinar page or list", async () => {
    const visitor = new TestBrowser();
    const { browser } = await shopper();
    for (const path of ["/webinars", "/webinars/bundles", ...webinars.map((w) => `/webinars/${w.slug}`), ...bundles.map((b) => `/webinars/bundles/${b.slug}`)]) {
      for (const who of [visitor, browser]) {
        const html = await (await who.fetch(path)).text();
        expect(html, path).not.toMatch(privateLinks);
      }
    }
    for (const w of webinars.filter((w) => Date.parse(w.date) > Date.now())) {
      const ics = await (await visitor.fetch(`/webinars/${w.slug}/calendar.ics`)).text();
      expect(ics, w.slug).not.toMatch(privateLinks);
    }
  });

  it("the owner of a past webinar gets its recording on the webinar page, privately", async () => {
    const { browser, user } = await shopper();
    await browser.post("/cart/checkout", checkoutForm(`webinar:${OLDER_ADULTS().id}`, 3500, { paymentMethod: "card" }));
    const [order] = (await ordersOf(user.uid)).results;
    await payCheckout(order!.checkout_session_id!, 3500);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id!, object: "checkout.session" });
    const response = await browser.fetch(`/webinars/${OLDER_ADULTS().slug}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain('data-access="recording"');
    expect(html).toContain("https://vimeo.example/video/800000001");
  });

  it("the owner of an upcoming webinar sees when the joining link will appear, and a calendar file, but not the link yet", async () => {
    const { browser, user } = await shopper();
    await browser.post("/cart/checkout", checkoutForm(`webinar:${CLINICAL_REASONING().id}`, 0));
    expect(await entitled(user.uid)).toEqual([CLINICAL_REASONING().id]);
    const html = await (await browser.fetch(`/webinars/${CLINICAL_REASONING().slug}`)).text();
    expect(html).toContain('data-access="live-soon"');
    expect(html).toContain(`/webinars/${CLINICAL_REASONING().slug}/calendar.ics`);
    expect(html).not.toMatch(privateLinks);
  });

  it("serves an .ics file for an upcoming webinar and 404 for a past one", async () => {
    const response = await new TestBrowser().fetch(`/webinars/${BACK_PAIN().slug}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${BACK_PAIN().slug}.ics"`);
    const ics = await response.text();
    expect(ics).toContain("BEGIN:VEVENT\r\n");
    expect(ics).toContain(`SUMMARY:${BACK_PAIN().name}`);
    expect((await new TestBrowser().fetch(`/webinars/${OLDER_ADULTS().slug}/calendar.ics`)).status).toBe(404);
    expect((await new TestBrowser().fetch("/webinars/no-such-webinar/calendar.ics")).status).toBe(404);
  });
});
