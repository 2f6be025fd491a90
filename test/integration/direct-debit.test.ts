/**
 * Paying membership by Direct Debit (Bacs) through Stripe Checkout, against the FAKE Stripe API
 * (test/support/fake-stripe.ts; Stripe cannot be reached here). The mandate is given on Stripe's
 * page; the bank pays days later. Until it does the application reads "Direct Debit pending",
 * nothing is activated and no receipt exists; the money's arrival activates (or renews) and
 * receipts once; a collection the bank refuses leaves the application payable another way and
 * tells the applicant once. Stripe's events replayed change nothing more.
 */
import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { applicationOf, count, joinByCard, MEMBERS_ONLY_PAGE, membership } from "../support/worker/card-join";
import { fetchWith } from "../support/worker/helpers";
import { signedInStaff } from "../support/worker/staff";
import { changeSubscription, deliver, fakeStripe, giveDirectDebitMandate, renewSubscription, sendWebhook, settleDirectDebit, stripeObject, stripeRequests } from "../support/worker/stripe";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;

const debitOf = (applicationId: string) =>
  env.DB.prepare("SELECT status, payment_method, direct_debit, direct_debit_state FROM applications WHERE id = ?1")
    .bind(applicationId)
    .first<{ status: string; payment_method: string; direct_debit: string | null; direct_debit_state: string | null }>();
const receiptsOf = (userId: string) => count("SELECT COUNT(*) AS n FROM receipts WHERE user_id = ?1", userId);
const emailsOf = (email: string, kind: string) => count("SELECT COUNT(*) AS n FROM email_outbox WHERE recipient = ?1 AND kind = ?2", email, kind);

/** Joins choosing Direct Debit and gives the mandate; checkout.session.completed is delivered (unpaid). */
async function pendingJoin() {
  // Stripe's prices cost the CMS's amounts, so the session charges the application's amount due.
  await fakeStripe("/__prices", { body: JSON.stringify({ price_demo_full_member_subscription: 19_500, price_demo_full_member_joining_fee: 2_500 }) });
  const joined = await joinByCard({ paymentMethod: "direct_debit" });
  await giveDirectDebitMandate(joined.sessionId);
  expect((await sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" })).status).toBe(200);
  return joined;
}

beforeAll(warmMembershipContent, 60_000);
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("joining by Direct Debit", () => {
  it("is offered on the join form only when STRIPE_DIRECT_DEBIT names a scheme", async () => {
    const offered = await (await new TestBrowser().fetch("/join")).text();
    expect(offered).toMatch(/<input[^>]*value="direct_debit"/);
    expect(offered).toContain("Direct Debit (Bacs)");
    const without = await (await fetchWith({ STRIPE_DIRECT_DEBIT: undefined }, "/join")).text();
    expect(without).not.toMatch(/<input[^>]*value="direct_debit"/);
    expect(without).toMatch(/<input[^>]*value="card"/);
  });

  it("opens Stripe Checkout for Bacs Direct Debit only, in subscription mode", async () => {
    const { application } = await joinByCard({ paymentMethod: "direct_debit" });
    expect(await debitOf(application.id)).toMatchObject({ status: "awaiting_payment", payment_method: "card", direct_debit: "bacs_debit", direct_debit_state: null });
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.body).toMatchObject({ mode: "subscription", payment_method_types: ["bacs_debit"] });
  });

  it("pending, then paid: nothing is activated or receipted until the bank pays; then one receipt and one welcome, however often Stripe replays", async () => {
    const { browser, sessionId, application, form } = await pendingJoin();
    const email = form.email!;
    // Back from Stripe, before the bank pays.
    const back = await (await browser.fetch(`/user/membership?checkout=complete&session_id=${sessionId}`)).text();
    expect(back).toContain('data-direct-debit="pending"');
    expect(back).toContain("Direct Debit pending — we will confirm when your bank pays.");
    expect(back).not.toContain('data-payment-notice="confirmed"');
    // Nothing to pay twice meanwhile.
    expect(back).not.toContain('action="/user/membership/pay-by-card"');
    expect(await debitOf(application.id)).toMatchObject({ status: "awaiting_payment", direct_debit_state: "pending" });
    const staffList = await (await (await signedInStaff()).fetch("/staff/applications")).text();
    expect(staffList).toContain('<strong data-direct-debit-state="pending">Direct Debit (Bacs): pending</strong>');
    expect((await membership(application.user_id))!.status).toBe("awaiting_payment");
    expect(await receiptsOf(application.user_id)).toBe(0);
    expect(await emailsOf(email, "membership-paid")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1", application.id)).toBe(0);
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).not.toBe(200);
    // Pressing "Pay by card" while pending opens nothing.
    expect((await browser.post("/user/membership/pay-by-card", {})).headers.get("Location")).toBe("/user/membership");

    // Days later the bank pays: Stripe's events, delivered, then all of them again.
    const settled = await settleDirectDebit(sessionId, "paid");
    expect(settled.statuses).toEqual([200, 200, 200]);
    for (const event of settled.signed) expect((await deliver(event)).status).toBe(200);
    await sendWebhook("checkout.session.completed", { id: sessionId, object: "checkout.session" });

    expect(await debitOf(application.id)).toMatchObject({ status: "paid", direct_debit_state: null });
    expect(await membership(application.user_id)).toMatchObject({ status: "active", payment_method: "card", billing_status: "active" });
    const payments = await env.DB.prepare("SELECT id, amount_pence FROM payments WHERE application_id = ?1").bind(application.id).all();
    expect(payments.results).toEqual([{ id: settled.invoice!.id, amount_pence: 22_000 }]);
    expect(await receiptsOf(application.user_id)).toBe(1);
    expect(await emailsOf(email, "membership-paid")).toBe(1);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-membership-status="active"');
    expect(page).not.toContain('data-direct-debit="pending"');
  });

  it("not paid by the bank: nothing activated or receipted, the subscription cancelled, the applicant told once, and free to pay another way", async () => {
    const { browser, sessionId, application, form } = await pendingJoin();
    const email = form.email!;
    const settled = await settleDirectDebit(sessionId, "failed");
    expect(settled.statuses).toEqual([200, 200]);
    // Replayed, and delivered again as new events: still one e-mail.
    for (const event of settled.signed) expect((await deliver(event)).status).toBe(200);
    await sendWebhook("checkout.session.async_payment_failed", { id: sessionId, object: "checkout.session" });

    expect(await debitOf(application.id)).toMatchObject({ status: "awaiting_payment", direct_debit_state: "failed" });
    expect((await membership(application.user_id))!.status).toBe("awaiting_payment");
    expect(await receiptsOf(application.user_id)).toBe(0);
    expect(await emailsOf(email, "direct-debit-failed")).toBe(1);
    expect(await emailsOf(email, "membership-paid")).toBe(0);
    // Stripe will never collect it later, after the applicant has paid another way.
    expect((await stripeObject<{ status: string }>(`subscriptions/${settled.subscription!.id}`)).status).toBe("canceled");

    // Staff see the method and the failure on the application, in the list and on the member's page.
    const staff = await signedInStaff();
    const shown = '<strong data-direct-debit-state="failed">Direct Debit (Bacs): failed</strong>';
    expect(await (await staff.fetch(`/staff/applications/${application.id}`)).text()).toContain(shown);
    expect(await (await staff.fetch(`/staff/members/${application.user_id}`)).text()).toContain(shown);

    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-direct-debit="failed"');
    expect(page).toContain('action="/user/membership/pay-by-card"');
    expect(page).toContain('action="/user/membership/pay-by-direct-debit"');
    expect(page).toContain('action="/user/membership/pay-offline"');

    // Trying Direct Debit again opens a new session; its mandate makes the application pending again.
    const again = await browser.post("/user/membership/pay-by-direct-debit", {});
    expect(again.headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`));
    const retry = (await applicationOf(email))!.checkout_session_id!;
    expect(retry).not.toBe(sessionId);
    expect(await debitOf(application.id)).toMatchObject({ direct_debit_state: null });
    await giveDirectDebitMandate(retry);
    await sendWebhook("checkout.session.completed", { id: retry, object: "checkout.session" });
    expect(await debitOf(application.id)).toMatchObject({ direct_debit_state: "pending" });
    // The first session's events replayed now change nothing.
    for (const event of settled.signed) await deliver(event);
    await sendWebhook("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    expect(await debitOf(application.id)).toMatchObject({ direct_debit_state: "pending" });
    expect(await emailsOf(email, "direct-debit-failed")).toBe(1);
  });
});

describe("renewing by Direct Debit", () => {
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
  const renewalOf = (userId: string) =>
    env.DB.prepare("SELECT id, status, direct_debit, direct_debit_state, checkout_session_id FROM applications WHERE user_id = ?1 AND kind = 'renewal'")
      .bind(userId)
      .first<{ id: string; status: string; direct_debit: string | null; direct_debit_state: string | null; checkout_session_id: string }>();

  it("one Direct Debit payment: pending keeps the old period and issues no receipt; the bank's payment renews once from the old end", async () => {
    const { user, email, browser, oldEnd } = await offlineMember(10);
    const offer = await (await browser.fetch("/user/membership")).text();
    expect(offer).toContain('formAction="/user/membership/renew/pay-by-direct-debit"');

    const opened = await browser.post("/user/membership/renew/pay-by-direct-debit", {});
    expect(opened.headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`));
    const renewal = (await renewalOf(user.uid))!;
    expect(renewal).toMatchObject({ status: "awaiting_payment", direct_debit: "bacs_debit", direct_debit_state: null });
    const request = (await stripeRequests()).findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.body).toMatchObject({ mode: "payment", payment_method_types: ["bacs_debit"] });

    await giveDirectDebitMandate(renewal.checkout_session_id);
    // The member comes back before the webhook: the page says pending, offers no second payment.
    const back = await (await browser.fetch(`/user/membership?checkout=complete&session_id=${renewal.checkout_session_id}`)).text();
    expect(back).toContain('data-direct-debit="pending"');
    expect(back).not.toContain('action="/user/membership/renew/pay-by-card"');
    await sendWebhook("checkout.session.completed", { id: renewal.checkout_session_id, object: "checkout.session" });
    expect(await renewalOf(user.uid)).toMatchObject({ status: "awaiting_payment", direct_debit_state: "pending" });
    expect(await env.DB.prepare("SELECT period_end FROM memberships WHERE user_id = ?1").bind(user.uid).first()).toEqual({ period_end: oldEnd });
    expect(await receiptsOf(user.uid)).toBe(0);

    const settled = await settleDirectDebit(renewal.checkout_session_id, "paid");
    expect(settled.statuses).toEqual([200]);
    for (let i = 0; i < 3; i++) await deliver(settled.signed[0]!);
    expect(await renewalOf(user.uid)).toMatchObject({ status: "paid", direct_debit_state: null });
    const record = await env.DB.prepare("SELECT status, period_start, period_end FROM memberships WHERE user_id = ?1").bind(user.uid).first<{ period_start: string; period_end: string }>();
    expect(record!.period_start).toBe(oldEnd);
    expect(await receiptsOf(user.uid)).toBe(1);
    expect(await emailsOf(email, "membership-paid")).toBe(1);
  });

  it("not paid by the bank: the membership keeps its period (then its grace), the member is told once, and can pay again", async () => {
    const { user, email, browser, oldEnd } = await offlineMember(10);
    await browser.post("/user/membership/renew/pay-by-direct-debit", {});
    const renewal = (await renewalOf(user.uid))!;
    await giveDirectDebitMandate(renewal.checkout_session_id);
    await sendWebhook("checkout.session.completed", { id: renewal.checkout_session_id, object: "checkout.session" });
    const settled = await settleDirectDebit(renewal.checkout_session_id, "failed");
    await deliver(settled.signed[0]!);
    expect(await renewalOf(user.uid)).toMatchObject({ status: "awaiting_payment", direct_debit_state: "failed" });
    expect(await env.DB.prepare("SELECT status, period_end FROM memberships WHERE user_id = ?1").bind(user.uid).first()).toEqual({ status: "active", period_end: oldEnd });
    expect(await receiptsOf(user.uid)).toBe(0);
    expect(await emailsOf(email, "direct-debit-failed")).toBe(1);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-direct-debit="failed"');
    expect(page).toContain('action="/user/membership/renew/pay-by-card"');
  });
});

describe("a Direct Debit member's yearly renewal", () => {
  const recordOf = (userId: string) =>
    env.DB.prepare("SELECT status, billing_status, period_end, renewal_debit_invoice, renewal_debit_since FROM memberships WHERE user_id = ?1")
      .bind(userId)
      .first<{ status: string; billing_status: string; period_end: string; renewal_debit_invoice: string | null; renewal_debit_since: string | null }>();

  /** A member who joined by Direct Debit (paid), whose paid period ends in ten days, then Stripe raises the renewal. */
  async function renewalCollecting() {
    const joined = await pendingJoin();
    const settled = await settleDirectDebit(joined.sessionId, "paid");
    const subscriptionId = settled.subscription!.id;
    const oldEnd = Math.floor((Date.now() + 10 * DAY) / 1000);
    await changeSubscription(subscriptionId, { periodStart: oldEnd - 365 * 86_400, periodEnd: oldEnd });
    await sendWebhook("customer.subscription.updated", { id: subscriptionId, object: "subscription" });
    const renewed = await renewSubscription(subscriptionId);
    expect(renewed.invoice.status).toBe("open");
    return { ...joined, subscriptionId, oldEnd: new Date(oldEnd * 1000).toISOString(), renewed };
  }

  it("is shown as a collection pending on the staff page, the register and /user/membership; the period paid for stays until the bank pays", async () => {
    const { browser, application, oldEnd, renewed, form } = await renewalCollecting();
    const userId = application.user_id;
    // Replayed: still one pending collection, from when Stripe raised the invoice.
    for (const event of renewed.signed) await deliver(event);
    const record = (await recordOf(userId))!;
    expect(record).toMatchObject({ status: "active", billing_status: "active", period_end: oldEnd, renewal_debit_invoice: renewed.invoice.id });
    expect(record.renewal_debit_since).not.toBeNull();
    expect(await receiptsOf(userId)).toBe(1);

    const pending = /Renewal by Direct Debit: collection pending since \d{1,2} \w+ \d{4}/;
    const staff = await signedInStaff();
    const memberPage = await (await staff.fetch(`/staff/members/${userId}`)).text();
    expect(memberPage).toContain('data-renewal-debit="pending"');
    expect(memberPage).toMatch(pending);
    // The renewal-due tab lists them as collecting, not as a renewal to chase.
    const dueTab = await (await staff.fetch(`/staff/members?status=renewal_due&q=${encodeURIComponent(form.email!)}`)).text();
    const row = dueTab.slice(dueTab.indexOf(`/staff/members/${userId}`));
    expect(row).toMatch(pending);
    expect(row.slice(0, row.indexOf("</tr>"))).not.toContain("Renewal due");
    const own = await (await browser.fetch("/user/membership")).text();
    expect(own).toContain('data-renewal-debit="pending"');
    expect(own).toMatch(pending);
  });

  it("paid by the bank: the period moves on once, one receipt, and nothing pending is shown any more", async () => {
    const { browser, application, renewed } = await renewalCollecting();
    const userId = application.user_id;
    const paid = await settleDirectDebit(renewed.invoice.id, "paid");
    expect(paid.statuses).toEqual([200]);
    await deliver(paid.signed[0]!);
    const record = (await recordOf(userId))!;
    expect(record).toMatchObject({ status: "active", renewal_debit_invoice: null, renewal_debit_since: null });
    expect(Date.parse(record.period_end)).toBeGreaterThan(Date.now() + 300 * DAY);
    expect(await receiptsOf(userId)).toBe(2);
    const own = await (await browser.fetch("/user/membership")).text();
    expect(own).not.toContain('data-renewal-debit="pending"');
  });

  it("refused by the bank: the failed-payment path (past due, the member told once), the old period kept, nothing pending shown", async () => {
    const { application, oldEnd, renewed, form } = await renewalCollecting();
    const userId = application.user_id;
    const failed = await settleDirectDebit(renewed.invoice.id, "failed");
    expect(failed.statuses).toEqual([200, 200]);
    expect(await recordOf(userId)).toMatchObject({ status: "active", billing_status: "past_due", period_end: oldEnd, renewal_debit_invoice: null, renewal_debit_since: null });
    expect(await emailsOf(form.email!, "payment-failed")).toBe(1);
    expect(await receiptsOf(userId)).toBe(1);
    const staffPage = await (await (await signedInStaff()).fetch(`/staff/members/${userId}`)).text();
    expect(staffPage).not.toContain('data-renewal-debit="pending"');
  });
});
