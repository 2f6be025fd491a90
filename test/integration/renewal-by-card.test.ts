/**
 * An offline member renews by card (issue 12): through the real Worker, D1 and the FAKE Stripe API
 * (test/support/fake-stripe.ts). /user/membership offers "Renew and pay by card" 30 days before
 * the end; it makes the renewal (its own reference, still payable by bank transfer) and opens a
 * Stripe Checkout session in payment mode (one payment, no subscription) for the CMS's yearly
 * price. Leaving Checkout keeps the renewal awaiting payment. Paying, then the return page and
 * the signed webhook delivered ten times over, leaves one payment, one receipt and one "renewed"
 * e-mail, and a period that runs on from the old end date. Without Stripe only bank transfer is
 * offered.
 */
import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { oneYearAfter } from "../../src/services/membership/renewal-period";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { fetchWith } from "../support/worker/helpers";
import { signedInStaff } from "../support/worker/staff";
import { deliver, fakeStripe, payCheckout, sendWebhook, signedEvent, stripeObject, stripeRequests } from "../support/worker/stripe";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;

/** A signed-in member paid offline whose period ends in `endsInDays` days. */
async function offlineMember(endsInDays: number) {
  const user = await createUser();
  const oldEnd = londonDate(new Date(Date.now() + endsInDays * DAY));
  await env.DB.prepare(
    `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
     VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', ?3, ?4)`,
  )
    .bind(user.uid, user.email.toLowerCase(), londonDate(new Date(Date.now() - (365 - endsInDays) * DAY)), oldEnd)
    .run();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { user, email: user.email.toLowerCase(), browser, oldEnd };
}

const renewalsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT id, reference, amount_due_pence, status, checkout_session_id FROM applications WHERE user_id = ?1 AND kind = 'renewal'")
      .bind(userId)
      .all<{ id: string; reference: string; amount_due_pence: number; status: string; checkout_session_id: string | null }>()
  ).results;
const recordOf = (userId: string) =>
  env.DB.prepare("SELECT status, payment_method, period_start, period_end, stripe_subscription_id FROM memberships WHERE user_id = ?1").bind(userId).first();
const countOf = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;

beforeAll(warmMembershipContent, 60_000);
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("renewing a membership paid offline, by card", () => {
  it("opens one Checkout payment; leaving it keeps the renewal; paying (return + webhook 10x) records it once and extends from the old end", async () => {
    const { user, email, browser, oldEnd } = await offlineMember(20);

    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-renewal="offer"');
    // One form (with the billing details): its card button sends it to the card route.
    expect(page).toContain('formAction="/user/membership/renew/pay-by-card"');
    expect(page).toContain('action="/user/membership/renew"');
    expect(page).toContain("Renew and pay by card");

    // No CSRF token: refused, nothing made.
    expect((await browser.fetch("/user/membership/renew/pay-by-card", { method: "POST", body: new URLSearchParams({}) })).status).toBe(403);
    // No session: off to sign in, nothing made.
    expect((await new TestBrowser().post("/user/membership/renew/pay-by-card", {})).headers.get("Location")).not.toMatch(/stripe|checkout/);
    expect(await renewalsOf(user.uid)).toEqual([]);

    // Pressed twice (a double click): one renewal, one Checkout session, the same address.
    const first = await browser.post("/user/membership/renew/pay-by-card", {});
    const second = await browser.post("/user/membership/renew/pay-by-card", {});
    expect(first.status).toBe(303);
    const checkoutUrl = first.headers.get("Location")!;
    expect(checkoutUrl).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`));
    expect(second.headers.get("Location")).toBe(checkoutUrl);
    const [renewal, ...more] = await renewalsOf(user.uid);
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({ amount_due_pence: 19_500, status: "awaiting_payment" });
    const sessionId = renewal!.checkout_session_id!;
    expect(checkoutUrl).toBe(`${env.STRIPE_API_URL}/checkout/pay/${sessionId}`);

    const created = (await stripeRequests()).filter((r) => r.path === "/v1/checkout/sessions" && r.body.customer_email === email);
    expect(created).toHaveLength(1);
    const metadata = { kind: "renewal", applicationId: renewal!.id, userId: user.uid };
    expect(created[0]!.body).toMatchObject({
      mode: "payment",
      metadata,
      payment_intent_data: { metadata },
      client_reference_id: renewal!.id,
      success_url: "http://localhost:8787/user/membership?checkout=complete&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/user/membership?renewal=card-cancelled",
    });
    expect(created[0]!.body.subscription_data).toBeUndefined();
    expect(created[0]!.body.discounts).toBeUndefined();
    // One line: a year at the CMS's price, no joining fee, not recurring, at the standard rate's tax rate.
    expect(created[0]!.body.line_items).toEqual([
      {
        quantity: "1",
        price_data: { currency: "gbp", unit_amount: "19500", product_data: { name: `Full member, renewal for one year (${renewal!.reference})` } },
        tax_rates: [expect.stringMatching(/^txr_test_/)],
      },
    ]);
    expect(created[0]!.idempotencyKey).toMatch(new RegExp(`^renewal-checkout:${renewal!.id}:first:\\d+$`));

    // Left Checkout without paying: the renewal waits, payable by bank transfer or by card again.
    const cancelled = await (await browser.fetch("/user/membership?renewal=card-cancelled")).text();
    expect(cancelled).toContain('data-renewal-notice="card-cancelled"');
    expect(cancelled).toContain("nothing was charged");
    expect(cancelled).toContain('data-renewal="awaiting-payment"');
    expect(cancelled).toContain(renewal!.reference);
    expect(cancelled).toContain('action="/user/membership/renew/pay-by-card"');
    expect((await renewalsOf(user.uid))[0]!.status).toBe("awaiting_payment");

    // Paid: the return page records it at once, then Stripe's events arrive, ten times over.
    const paid = await payCheckout(sessionId);
    const paymentIntent = paid.session.payment_intent!;
    expect(paymentIntent).toMatch(/^pi_test_/);
    const back = await (await browser.fetch(`/user/membership?checkout=complete&session_id=${sessionId}`)).text();
    expect(back).toContain('data-payment-notice="confirmed"');
    const replayed = await signedEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    for (let i = 0; i < 10; i++) {
      expect((await deliver(replayed)).status).toBe(200);
      expect((await sendWebhook(i % 2 ? "checkout.session.completed" : "checkout.session.async_payment_succeeded", { id: sessionId, object: "checkout.session" })).status).toBe(200);
    }

    expect(await recordOf(user.uid)).toEqual({
      status: "active",
      payment_method: "offline",
      period_start: oldEnd,
      period_end: oneYearAfter(oldEnd),
      stripe_subscription_id: null,
    });
    expect((await renewalsOf(user.uid))[0]!.status).toBe("paid");
    const payments = (await env.DB.prepare("SELECT id, method, amount_pence, reference, recorded_by FROM payments WHERE user_id = ?1").bind(user.uid).all()).results;
    expect(payments).toEqual([{ id: paymentIntent, method: "card", amount_pence: 19_500, reference: paymentIntent, recorded_by: "stripe" }]);
    expect(await countOf("SELECT COUNT(*) AS n FROM receipts WHERE user_id = ?1", user.uid)).toBe(1);
    // Stripe's tax on the line is the receipt's VAT: £195 at 20%, £32.50.
    const session = await stripeObject<{ total_details: { amount_tax: number } }>(`checkout/sessions/${sessionId}`);
    const receipt = await env.DB.prepare("SELECT vat_pence FROM receipts WHERE user_id = ?1").bind(user.uid).first<{ vat_pence: number }>();
    expect(session.total_details.amount_tax).toBe(3_250);
    expect(receipt!.vat_pence).toBe(session.total_details.amount_tax);
    const messages = (
      await env.DB.prepare("SELECT kind, data FROM email_outbox WHERE recipient = ?1 AND kind = 'membership-paid'").bind(email).all<{ kind: string; data: string }>()
    ).results;
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!.data)).toMatchObject({ renewal: true, periodStart: oldEnd, periodEnd: oneYearAfter(oldEnd), amountPence: 19_500, paymentMethod: "card" });
    expect(JSON.parse(messages[0]!.data).receiptNumber).toMatch(/\d/);

    const after = await (await browser.fetch("/user/membership")).text();
    expect(after).toContain('data-member-state="active"');
    expect(after).not.toContain("data-renewal=");
    // Renewed by one payment, the member stays offline-paid: no subscription, nothing taken next year.
    expect(after).not.toContain('action="/user/membership/billing-portal"');
  }, 60_000);

  it("in grace, the card payment still extends from the old end", async () => {
    const { user, browser, oldEnd } = await offlineMember(-3);
    const response = await browser.post("/user/membership/renew/pay-by-card", {});
    expect(response.headers.get("Location")).toMatch(/\/checkout\/pay\/cs_test_/);
    const [renewal] = await renewalsOf(user.uid);
    await payCheckout(renewal!.checkout_session_id!);
    expect((await sendWebhook("checkout.session.completed", { id: renewal!.checkout_session_id!, object: "checkout.session" })).status).toBe(200);
    expect(await recordOf(user.uid)).toMatchObject({ status: "active", period_start: oldEnd, period_end: oneYearAfter(oldEnd) });
  }, 30_000);

  it("staff recording the bank transfer closes the open card Checkout", async () => {
    const { user, browser } = await offlineMember(10);
    await browser.post("/user/membership/renew/pay-by-card", {});
    const [renewal] = await renewalsOf(user.uid);
    const staff = await signedInStaff();
    expect((await staff.post(`/staff/applications/${renewal!.id}/payment`, { amount: "195.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 4456" })).status).toBe(303);
    expect((await stripeObject<{ status: string }>(`checkout/sessions/${renewal!.checkout_session_id}`)).status).toBe("expired");
    await expect(payCheckout(renewal!.checkout_session_id!)).rejects.toThrow(/400/);
  }, 30_000);

  it("a card payment confirmed after staff recorded the bank transfer is stored (to refund) but extends nothing and sends nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user, email, browser, oldEnd } = await offlineMember(10);
    await browser.post("/user/membership/renew/pay-by-card", {});
    const [renewal] = await renewalsOf(user.uid);
    // Paid at Stripe, but the webhook arrives only after staff recorded a transfer too.
    await payCheckout(renewal!.checkout_session_id!);
    const staff = await signedInStaff();
    const recorded = await staff.post(`/staff/applications/${renewal!.id}/payment`, { amount: "195.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 4455" });
    expect(recorded.status).toBe(303);
    for (let i = 0; i < 3; i++) expect((await sendWebhook("checkout.session.completed", { id: renewal!.checkout_session_id!, object: "checkout.session" })).status).toBe(200);
    expect(await recordOf(user.uid)).toMatchObject({ period_start: oldEnd, period_end: oneYearAfter(oldEnd) });
    const methods = (await env.DB.prepare("SELECT method FROM payments WHERE user_id = ?1 ORDER BY method").bind(user.uid).all<{ method: string }>()).results.map((r) => r.method);
    expect(methods).toEqual(["card", "offline"]);
    expect(await countOf("SELECT COUNT(*) AS n FROM email_outbox WHERE recipient = ?1 AND kind = 'membership-paid'", email)).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"renewal.paid_twice"'));
    // Staff see the surplus on the renewal's page, to refund.
    expect(await (await staff.fetch(`/staff/applications/${renewal!.id}`)).text()).toContain("data-overpaid");
  }, 30_000);

  it("without Stripe, offers only the bank transfer", async () => {
    const { browser } = await offlineMember(20);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const page = await (await fetchWith({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, "/user/membership", { headers: { Cookie: cookie } })).text();
    expect(page).toContain('data-renewal="offer"');
    expect(page).toContain('action="/user/membership/renew"');
    expect(page).not.toContain("pay-by-card");
  });
});

/** The member schedules a downgrade to associate (their renewal then costs £95), or keeps full membership (withdrawing it: £195). */
const chooseType = (browser: TestBrowser, membershipSlug: "associate" | "full-member") =>
  browser.post("/user/membership/change", { membershipSlug, idempotencyKey: crypto.randomUUID() });

describe("a renewal repriced while its card Checkout is open (security review, issue 23 item 2)", () => {
  it("withdrawing a downgrade closes the cheaper Checkout; paying by card again opens one at the dearer price", async () => {
    const { user, browser } = await offlineMember(20);
    expect((await chooseType(browser, "associate")).headers.get("Location")).toBe("/user/membership?changed=downgrade");
    await browser.post("/user/membership/renew/pay-by-card", {});
    const [cheap] = await renewalsOf(user.uid);
    expect(cheap).toMatchObject({ amount_due_pence: 9_500, status: "awaiting_payment" });
    const cheapSession = cheap!.checkout_session_id!;

    expect((await chooseType(browser, "full-member")).headers.get("Location")).toBe("/user/membership?changed=kept");
    expect((await renewalsOf(user.uid))[0]).toMatchObject({ amount_due_pence: 19_500 });
    // The £95 session is closed at Stripe: it can no longer be paid.
    expect((await stripeObject<{ status: string }>(`checkout/sessions/${cheapSession}`)).status).toBe("expired");
    await expect(payCheckout(cheapSession)).rejects.toThrow(/400/);

    const again = await browser.post("/user/membership/renew/pay-by-card", {});
    expect(again.headers.get("Location")).not.toContain(cheapSession);
    const dear = (await renewalsOf(user.uid))[0]!.checkout_session_id!;
    expect((await stripeObject<{ amount_total: number }>(`checkout/sessions/${dear}`)).amount_total).toBe(19_500);
  }, 30_000);

  it("an open session whose amount is no longer what is due is not reused (even when Stripe could not close it)", async () => {
    const { user, browser } = await offlineMember(20);
    await chooseType(browser, "associate");
    await browser.post("/user/membership/renew/pay-by-card", {});
    const cheapSession = (await renewalsOf(user.uid))[0]!.checkout_session_id!;
    // Stripe fails (the SDK retries twice) while the downgrade is withdrawn: the £95 session stays open.
    await fakeStripe("/__fail?count=3");
    await chooseType(browser, "full-member");
    await fakeStripe("/__fail?count=0");
    expect((await stripeObject<{ status: string }>(`checkout/sessions/${cheapSession}`)).status).toBe("open");

    const again = await browser.post("/user/membership/renew/pay-by-card", {});
    expect(again.headers.get("Location")).not.toContain(cheapSession);
    const dear = (await renewalsOf(user.uid))[0]!.checkout_session_id!;
    expect(dear).not.toBe(cheapSession);
    expect((await stripeObject<{ amount_total: number }>(`checkout/sessions/${dear}`)).amount_total).toBe(19_500);
    // The stale one is closed on the way.
    expect((await stripeObject<{ status: string }>(`checkout/sessions/${cheapSession}`)).status).toBe("expired");
  }, 30_000);

  it("a payment of the old, cheaper amount is recorded and flagged for staff but renews nothing; paying what is due then renews", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user, email, browser, oldEnd } = await offlineMember(20);
    await chooseType(browser, "associate");
    await browser.post("/user/membership/renew/pay-by-card", {});
    const [renewal] = await renewalsOf(user.uid);
    const cheapSession = renewal!.checkout_session_id!;
    // Paid at Stripe at £95; the downgrade is withdrawn before Stripe's event arrives.
    const paid = await payCheckout(cheapSession);
    await chooseType(browser, "full-member");
    const back = await (await browser.fetch(`/user/membership?checkout=complete&session_id=${cheapSession}`)).text();
    expect(back).not.toContain('data-payment-notice="confirmed"');
    for (let i = 0; i < 3; i++) expect((await sendWebhook("checkout.session.completed", { id: cheapSession, object: "checkout.session" })).status).toBe(200);

    // Nothing renewed: the period, the renewal and its price are as they were; no receipt, no "renewed" e-mail.
    expect(await recordOf(user.uid)).toMatchObject({ status: "active", period_end: oldEnd });
    expect((await renewalsOf(user.uid))[0]).toMatchObject({ status: "awaiting_payment", amount_due_pence: 19_500 });
    // The money is kept on record, once, against the renewal.
    const payments = (await env.DB.prepare("SELECT id, application_id, method, amount_pence FROM payments WHERE user_id = ?1").bind(user.uid).all()).results;
    expect(payments).toEqual([{ id: paid.session.payment_intent, application_id: renewal!.id, method: "card", amount_pence: 9_500 }]);
    expect(await countOf("SELECT COUNT(*) AS n FROM receipts WHERE user_id = ?1", user.uid)).toBe(0);
    expect(await countOf("SELECT COUNT(*) AS n FROM email_outbox WHERE recipient = ?1 AND kind = 'membership-paid'", email)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"renewal.amount_differs"'));

    // Staff see it on the application and in the list.
    const staff = await signedInStaff();
    const detail = await (await staff.fetch(`/staff/applications/${renewal!.id}`)).text();
    expect(detail).toContain("data-payment-mismatch");
    expect(detail).toContain("£95.00");
    expect(detail).toContain("£195.00");
    const list = await (await staff.fetch(`/staff/applications?status=refund_due&q=${renewal!.reference}`)).text();
    expect(list).toContain(renewal!.reference);

    // Paying what is due renews the dearer membership; the £95 stays flagged, to refund.
    await browser.post("/user/membership/renew/pay-by-card", {});
    const dear = (await renewalsOf(user.uid))[0]!.checkout_session_id!;
    expect(dear).not.toBe(cheapSession);
    await payCheckout(dear);
    expect((await sendWebhook("checkout.session.completed", { id: dear, object: "checkout.session" })).status).toBe(200);
    expect(await recordOf(user.uid)).toMatchObject({ period_start: oldEnd, period_end: oneYearAfter(oldEnd) });
    expect((await renewalsOf(user.uid))[0]!.status).toBe("paid");
    const settled = await (await staff.fetch(`/staff/applications/${renewal!.id}`)).text();
    expect(settled).not.toContain("data-payment-mismatch");
    expect(settled).toContain("data-overpaid");
  }, 60_000);
});
