/**
 * Refunds, credit notes and disputes of MEMBERSHIP payments (joins and renewals), against real
 * D1, the Firebase Auth emulator's demo staff account and the FAKE Stripe API
 * (test/support/fake-stripe.ts), with webhooks signed as Stripe signs them. Card members join the
 * way applicants do (Checkout in subscription mode: the payment is the subscription's invoice,
 * paid by a payment intent Stripe names on the charge); offline members are seeded and their
 * payment recorded by staff. Mirrors refunds.test.ts (webinar orders).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApplicationStore } from "../../src/adapters/d1/applications";
import type { Application, NewApplication } from "../../src/domain/membership";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
import { joinByCard, MEMBERS_ONLY_PAGE } from "../support/worker/card-join";
import { validForm } from "../support/worker/join-form";
import { expectHiddenFromNonStaff, expectStaffHeaders, signedInStaff, STAFF } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";
import { dashboardRefund, deliver, dispute, fakeStripe, payCheckout, sendWebhook, signedEvent, stripeObject, stripeRequests } from "../support/worker/stripe";

const applications = createApplicationStore(env.DB);
let staff: TestBrowser;
let seeded = 0;

beforeAll(async () => {
  staff = await signedInStaff();
});

/** An offline applicant, their payment recorded by staff: an active member. */
async function offlineMember(pence = 12_500) {
  const n = `${Date.now().toString(36)}${seeded++}`;
  const application: NewApplication = {
    id: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
    reference: `GH-R${n.toUpperCase()}`,
    userId: `user-${n}`,
    email: `refunded-${n}@example.org`,
    givenName: "Ada",
    familyName: `Refunded${n}`,
    membershipSlug: "full-member",
    membershipTitle: "Full member",
    vatTreatment: "standard",
    paymentMethod: "offline",
    amountDuePence: pence,
    billing: null,
    details: {
      phone: "01632 960123",
      address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
      professional: { registrationNumber: `REG-${n}`, specialisation: "Orthodontics", workplace: "City Clinic", yearQualified: 2011 },
      declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
    },
  };
  expect(await applications.create(application)).toBe(true);
  const paid = await staff.post(`/staff/applications/${application.id}/payment`, { amount: (pence / 100).toFixed(2), receivedOn: londonDate(new Date()), paymentReference: "BACS 1" });
  expect(paid.status).toBe(303);
  const payment = (await env.DB.prepare("SELECT id FROM payments WHERE application_id = ?1").bind(application.id).first<{ id: string }>())!;
  return { application: (await applications.byId(application.id)) as Application, paymentId: payment.id };
}

/** A card member who joined through Checkout; `recorded`: checkout.session.completed has been handled. */
async function cardMember({ recorded = true }: { recorded?: boolean } = {}) {
  const joined = await joinByCard();
  const paid = await payCheckout(joined.sessionId, 10_000);
  const invoiceId = paid.session.invoice!;
  const { paymentIntent, charge } = await fakeStripe<{ paymentIntent: string; charge: { id: string } }>(`/__invoice_payment/${invoiceId}`, { method: "GET" });
  const completed = () => sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" });
  if (recorded) expect((await completed()).status).toBe(200);
  return { ...joined, userId: joined.application.user_id, invoiceId, paymentIntent, chargeId: charge.id, subscriptionId: paid.session.subscription!, completed };
}

const refundForm = (fields: Record<string, string> = {}) => ({
  refundAmount: "10.00",
  refundReason: "Goodwill: the journal arrived late",
  membership: "keep",
  idempotencyKey: crypto.randomUUID(),
  ...fields,
});
const refund = (paymentId: string, form: Record<string, string>) => staff.post(`/staff/payments/${paymentId}/refund`, form);

const refundsOf = async (paymentId: string) =>
  (
    await env.DB.prepare(
      `SELECT r.id, r.method, r.amount_pence, r.reason, r.recorded_by, r.source, c.number, c.total_pence AS note_pence, c.description
       FROM refunds r LEFT JOIN credit_notes c ON c.refund_id = r.id WHERE r.source = 'membership' AND r.payment_id = ?1 ORDER BY r.created_at, r.id`,
    )
      .bind(paymentId)
      .all<{ id: string; method: string; amount_pence: number; reason: string; recorded_by: string; source: string; number: string | null; note_pence: number | null; description: string }>()
  ).results;
const recordOf = (userId: string) =>
  env.DB.prepare("SELECT status, period_end, ends_on, billing_status FROM memberships WHERE user_id = ?1").bind(userId).first<{ status: string; period_end: string | null; ends_on: string | null; billing_status: string | null }>();
const refundEmails = async (refundIds: readonly string[]) =>
  (
    await env.DB.prepare("SELECT recipient, data FROM email_outbox WHERE kind = 'refund-issued' AND dedupe_key IN (SELECT 'refund-issued:' || value FROM json_each(?1))")
      .bind(JSON.stringify(refundIds))
      .all<{ recipient: string; data: string }>()
  ).results;
const audits = async (applicationId: string) =>
  (await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE application_id = ?1 AND action = 'membership.refunded' ORDER BY id").bind(applicationId).all<{ staff_email: string; details: string }>())
    .results;

async function expectGapFree() {
  const year = Number(londonDate(new Date()).slice(0, 4));
  const { results } = await env.DB.prepare("SELECT seq, number FROM credit_notes WHERE year = ?1 ORDER BY seq").bind(year).all<{ seq: number; number: string }>();
  expect(results.map((r) => r.seq)).toEqual(results.map((_, i) => i + 1));
  for (const r of results) expect(r.number).toBe(`CN-${year}-${String(r.seq).padStart(6, "0")}`);
}

describe("refunding an offline membership payment", () => {
  it("a partial refund keeping the membership, then a full one ending it now: two credit notes, e-mails and audit entries; then nothing more", async () => {
    const { application, paymentId } = await offlineMember(12_500);
    const applicationPage = await (await staff.fetch(`/staff/applications/${application.id}`)).text();
    expect(applicationPage).toContain(`href="/staff/payments/${paymentId}/refund"`);
    const form = await staff.fetch(`/staff/payments/${paymentId}/refund`);
    expect(form.status).toBe(200);
    expectStaffHeaders(form);
    expect(await form.text()).toContain("up to £125.00 can be");

    const first = await refund(paymentId, refundForm({ refundAmount: "£25" }));
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/staff/payments/${paymentId}/refund?done=refunded`);
    expect(await recordOf(application.userId)).toMatchObject({ status: "active", ends_on: null });

    const second = await refund(paymentId, refundForm({ refundAmount: "100", refundReason: "Joined by mistake", membership: "end-now" }));
    expect(second.status).toBe(303);
    const rows = await refundsOf(paymentId);
    expect(rows.map((r) => [r.method, r.amount_pence, r.note_pence, r.recorded_by, r.description])).toEqual([
      ["offline", 2_500, 2_500, STAFF.email, "Membership: Full member"],
      ["offline", 10_000, 10_000, STAFF.email, "Membership: Full member"],
    ]);
    expect(rows.every((r) => /^CN-\d{4}-\d{6}$/.test(r.number ?? ""))).toBe(true);
    const today = londonDate(new Date());
    expect(await recordOf(application.userId)).toMatchObject({ status: "cancelled", period_end: today, ends_on: today });
    expect((await audits(application.id)).map((a) => [JSON.parse(a.details).amountPence, JSON.parse(a.details).membership])).toEqual([
      [2_500, "keep"],
      [10_000, "end-now"],
    ]);
    const emails = await refundEmails(rows.map((r) => r.id));
    expect(emails.map((e) => e.recipient)).toEqual([application.email, application.email]);
    expect(emails.map((e) => JSON.parse(e.data).creditNoteNumber).sort()).toEqual(rows.map((r) => r.number).sort());

    const page = await (await staff.fetch(`/staff/payments/${paymentId}/refund?done=refunded`)).text();
    expect(page).toContain("Refund recorded, with its credit note.");
    expect(page).toContain("This payment has been refunded in full.");
    for (const r of rows) expect(page).toContain(`href="/staff/credit-notes/${r.number}"`);
    expect(page).not.toContain(`action="/staff/payments/${paymentId}/refund"`);
    const note = await (await staff.fetch(`/staff/credit-notes/${rows[0]!.number}`)).text();
    expect(note).toContain(`href="/staff/payments/${paymentId}/refund"`);
    expect(note).toContain("Membership: Full member");
    const member = await (await staff.fetch(`/staff/members/${application.userId}`)).text();
    expect(member).toContain(`href="/staff/payments/${paymentId}/refund"`);
    expect(member).toContain("after a refund; it does not renew");

    const more = await refund(paymentId, refundForm({ refundAmount: "0.01" }));
    expect(more.status).toBe(400);
    expect(await more.text()).toContain("This payment has already been refunded in full");
    expect(await refundsOf(paymentId)).toHaveLength(2);
    await expectGapFree();
  });

  it("leaving it to run to the period end keeps access and marks the end", async () => {
    const { application, paymentId } = await offlineMember(12_500);
    const before = await recordOf(application.userId);
    expect((await refund(paymentId, refundForm({ membership: "end-at-period-end" }))).status).toBe(303);
    expect(await recordOf(application.userId)).toMatchObject({ status: "active", period_end: before!.period_end, ends_on: before!.period_end!.slice(0, 10) });
  });

  it("refuses bad input with a specific message, refunding nothing", async () => {
    const { paymentId } = await offlineMember(12_500);
    const cases: [Record<string, string>, string][] = [
      [{ refundAmount: "" }, "Enter the amount to refund"],
      [{ refundAmount: "0" }, "The amount must be more than £0"],
      [{ refundAmount: "125.01" }, "The refund can be at most £125.00: £125.00 was paid and £0.00 has already been refunded"],
      [{ refundReason: "" }, "Enter the reason for the refund"],
      [{ membership: "" }, "Choose what happens to the membership"],
      [{ membership: "delete-everything" }, "Choose what happens to the membership"],
      [{ idempotencyKey: "short" }, "The refund form has expired: open the payment again"],
    ];
    for (const [fields, message] of cases) {
      const response = await refund(paymentId, refundForm(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await refund("not-a-payment", refundForm())).status).toBe(404);
    expect(await refundsOf(paymentId)).toEqual([]);
  });

  it("the same form sent 10 times refunds once; hidden from anyone but staff", async () => {
    const { application, paymentId } = await offlineMember(12_500);
    const form = refundForm({ refundAmount: "5", refundReason: "A reason only staff and the member see" });
    for (let i = 0; i < 10; i++) expect((await refund(paymentId, form)).status).toBe(303);
    expect((await refundsOf(paymentId)).map((r) => r.amount_pence)).toEqual([500]);
    expect(await audits(application.id)).toHaveLength(1);
    await expectHiddenFromNonStaff([`/staff/payments/${paymentId}/refund`], [[`/staff/payments/${paymentId}/refund`, refundForm()]], "A reason only staff and the member see");
    expect(await refundsOf(paymentId)).toHaveLength(1);
  });

  it("credit notes stay gap-free, and no payment is over-refunded, when many refunds arrive at once", async () => {
    const members = await Promise.all([1, 2, 3].map(() => offlineMember(1_000)));
    // Three £4 refunds at once per £10 payment: at most two fit.
    const attempts = members.flatMap(({ paymentId }) => [1, 2, 3].map(() => refund(paymentId, refundForm({ refundAmount: "4" }))));
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(6);
    for (const { paymentId } of members) expect((await refundsOf(paymentId)).map((r) => r.amount_pence)).toEqual([400, 400]);
    await expectGapFree();
  });
});

describe("refunding a card membership payment", () => {
  it("a partial refund through Stripe (the invoice's payment intent), then a full one letting it run to the period end", async () => {
    const { userId, invoiceId, paymentIntent, chargeId, subscriptionId, application } = await cardMember();
    const first = await refund(invoiceId, refundForm({ refundAmount: "30" }));
    expect(first.status).toBe(303);
    const calls = () => stripeRequests().then((all) => all.filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === paymentIntent));
    expect(await calls()).toEqual([expect.objectContaining({ body: expect.objectContaining({ amount: "3000" }), idempotencyKey: expect.stringMatching(/^refund:/) })]);
    expect((await sendWebhook("charge.refunded", { id: chargeId, object: "charge" })).status).toBe(200);

    const second = await refund(invoiceId, refundForm({ refundAmount: "70", membership: "end-at-period-end" }));
    expect(second.status).toBe(303);
    expect((await sendWebhook("charge.refunded", { id: chargeId, object: "charge" })).status).toBe(200);
    const rows = await refundsOf(invoiceId);
    expect(rows.map((r) => [r.method, r.amount_pence, r.recorded_by, r.id.startsWith("re_test_")])).toEqual([
      ["card", 3_000, STAFF.email, true],
      ["card", 7_000, STAFF.email, true],
    ]);
    expect(rows.every((r) => r.number)).toBe(true);
    expect(await refundEmails(rows.map((r) => r.id))).toHaveLength(2);
    expect(await stripeObject<{ cancel_at_period_end: boolean; status: string }>(`subscriptions/${subscriptionId}`)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(await recordOf(userId)).toMatchObject({ status: "active", ends_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await audits(application.id)).toHaveLength(2);

    expect((await refund(invoiceId, refundForm({ refundAmount: "1" }))).status).toBe(400);
    expect(await calls()).toHaveLength(2);
  });

  it("ending it now cancels the subscription in Stripe and member access at once", async () => {
    const { userId, invoiceId, subscriptionId, browser } = await cardMember();
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(200);
    const form = refundForm({ refundAmount: "100", membership: "end-now" });
    expect((await refund(invoiceId, form)).status).toBe(303);
    // Sent again (a double click): told it is refunded in full; nothing more is refunded or cancelled.
    const again = await refund(invoiceId, form);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This payment has already been refunded in full");
    expect(await refundsOf(invoiceId)).toHaveLength(1);
    expect(await stripeObject<{ status: string }>(`subscriptions/${subscriptionId}`)).toMatchObject({ status: "canceled" });
    expect(await recordOf(userId)).toMatchObject({ status: "cancelled" });
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
    expect((await stripeRequests()).filter((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it("a refund replayed 10 times (the form and Stripe's event) is one refund with one credit note", async () => {
    const { invoiceId, chargeId, application } = await cardMember();
    const form = refundForm({ refundAmount: "20" });
    for (let i = 0; i < 10; i++) expect((await refund(invoiceId, form)).status).toBe(303);
    const event = await signedEvent("charge.refunded", { id: chargeId, object: "charge" });
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await sendWebhook("charge.refunded", { id: chargeId, object: "charge" })).status).toBe(200);
    const rows = await refundsOf(invoiceId);
    expect(rows.map((r) => r.amount_pence)).toEqual([2_000]);
    expect(rows[0]!.number).toBeTruthy();
    expect(await refundEmails([rows[0]!.id])).toHaveLength(1);
    expect(await audits(application.id)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard gets the same credit note, even when it arrives before our record of the payment", async () => {
    const { invoiceId, paymentIntent, chargeId, completed, userId } = await cardMember({ recorded: false });
    const made = await dashboardRefund(paymentIntent, 4_000);
    const early = await signedEvent("charge.refunded", { id: chargeId, object: "charge" });
    // Not yet ours: refused so that Stripe delivers it again later (logged as an error); nothing recorded.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await deliver(early)).status).toBe(503);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    expect(await refundsOf(invoiceId)).toEqual([]);
    expect((await completed()).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    const rows = await refundsOf(invoiceId);
    expect(rows).toEqual([expect.objectContaining({ id: made.refund.id, method: "card", amount_pence: 4_000, recorded_by: "stripe", reason: "Refunded in Stripe's dashboard" })]);
    expect(rows[0]!.number).toMatch(/^CN-/);
    expect(await refundEmails([made.refund.id])).toHaveLength(1);
    // Taking nothing back: staff decide on the payment's page, where the rest can still be refunded.
    expect(await recordOf(userId)).toMatchObject({ status: "active", ends_on: null });
    expect(await (await staff.fetch(`/staff/payments/${invoiceId}/refund`)).text()).toContain("up to £60.00 can be");
    expect((await refund(invoiceId, refundForm({ refundAmount: "60.01" }))).status).toBe(400);
    await expectGapFree();
  });
});

describe("a staff 'end at period end' decision against Stripe's customer portal (security review, issue 23 item 10)", () => {
  /** The member's portal: where the site sends them, and the portal session Stripe made for it. */
  async function openPortal(browser: TestBrowser) {
    const response = await browser.post("/user/membership/billing-portal", {});
    expect(response.status).toBe(303);
    const url = response.headers.get("Location")!;
    expect(url).toMatch(new RegExp(`^${env.STRIPE_API_URL}/portal/bps_test_`));
    return url.slice(url.lastIndexOf("/") + 1);
  }
  const renewInPortal = (portalSessionId: string) => fakeStripe<{ id: string; cancel_at_period_end: boolean }>(`/__portal/${portalSessionId}/renew`);
  const endAtPeriodEnd = (invoiceId: string) => refund(invoiceId, refundForm({ refundAmount: "100", membership: "end-at-period-end" }));

  it("the portal opened for an ending membership offers no way to renew it", async () => {
    const { invoiceId, subscriptionId, userId, browser } = await cardMember();
    expect((await endAtPeriodEnd(invoiceId)).status).toBe(303);
    const portal = await openPortal(browser);
    // Stripe was asked for a portal whose configuration neither cancels nor changes subscriptions.
    const asked = (await stripeRequests()).findLast((r) => r.path === "/v1/billing_portal/sessions")!;
    expect(asked.body.configuration).toMatch(/^bpc_test_/);
    const configuration = (await stripeRequests()).find((r) => r.method === "POST" && r.path === "/v1/billing_portal/configurations")!;
    expect(configuration.body.features).toMatchObject({ subscription_cancel: { enabled: "false" }, subscription_update: { enabled: "false" }, payment_method_update: { enabled: "true" } });
    await expect(renewInPortal(portal)).rejects.toThrow(/400/);
    expect(await stripeObject<{ cancel_at_period_end: boolean }>(`subscriptions/${subscriptionId}`)).toMatchObject({ cancel_at_period_end: true });
    expect(await recordOf(userId)).toMatchObject({ status: "active", ends_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it("a renewal in a portal opened before staff's decision is undone when Stripe reports it (customer.subscription.updated)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { invoiceId, subscriptionId, userId, browser } = await cardMember();
    // A member who is not ending gets the account's usual portal.
    const portal = await openPortal(browser);
    expect((await stripeRequests()).findLast((r) => r.path === "/v1/billing_portal/sessions")!.body.configuration).toBeUndefined();
    expect((await endAtPeriodEnd(invoiceId)).status).toBe(303);
    const endsOn = (await recordOf(userId))!.ends_on;
    // Still open in another tab: the member presses "Renew".
    expect((await renewInPortal(portal)).cancel_at_period_end).toBe(false);
    for (let i = 0; i < 3; i++) expect((await sendWebhook("customer.subscription.updated", { id: subscriptionId, object: "subscription" })).status).toBe(200);
    expect(await stripeObject<{ cancel_at_period_end: boolean; status: string }>(`subscriptions/${subscriptionId}`)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(await recordOf(userId)).toMatchObject({ status: "active", ends_on: endsOn });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"membership.renewal_after_end_undone"'));
  });
});

describe("refunding a renewal paid through Checkout (one payment, no subscription)", () => {
  beforeAll(warmMembershipContent, 60_000);

  it("is refunded against its own payment intent, and ending it now ends the offline membership", async () => {
    const user = await createUser();
    const end = londonDate(new Date(Date.now() + 20 * 86_400_000));
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
       VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', ?3, ?4)`,
    )
      .bind(user.uid, user.email.toLowerCase(), londonDate(new Date(Date.now() - 345 * 86_400_000)), end)
      .run();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    expect((await browser.post("/user/membership/renew/pay-by-card", {})).status).toBe(303);
    const renewal = (await env.DB.prepare("SELECT id, checkout_session_id FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(user.uid).first<{ id: string; checkout_session_id: string }>())!;
    const paid = await payCheckout(renewal.checkout_session_id);
    expect((await sendWebhook("checkout.session.completed", { id: renewal.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    const paymentIntent = paid.session.payment_intent!;
    expect(await (await staff.fetch(`/staff/members/${user.uid}`)).text()).toContain(`href="/staff/payments/${paymentIntent}/refund"`);

    expect((await refund(paymentIntent, refundForm({ refundAmount: "195", membership: "end-now", refundReason: "Renewed by mistake" }))).status).toBe(303);
    expect((await stripeRequests()).filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === paymentIntent).map((r) => r.body.amount)).toEqual(["19500"]);
    expect((await refundsOf(paymentIntent)).map((r) => [r.method, r.amount_pence, r.description])).toEqual([["card", 19_500, "Membership: Full member, renewal"]]);
    expect(await recordOf(user.uid)).toMatchObject({ status: "cancelled", ends_on: londonDate(new Date()) });
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
  });
});

describe("disputes of a membership payment", () => {
  const disputeOf = async (userId: string) =>
    (await env.DB.prepare("SELECT status FROM disputes WHERE user_id = ?1 AND source = 'membership'").bind(userId).first<{ status: string }>())?.status ?? null;

  it("a dispute suspends member access and flags the member; lost, the membership ends and the subscription is cancelled", async () => {
    const { userId, paymentIntent, subscriptionId, browser, form } = await cardMember();
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(200);
    const opened = await dispute({ paymentIntent, status: "needs_response" });
    expect((await sendWebhook("charge.dispute.created", { id: opened.id, object: "dispute" })).status).toBe(200);
    expect(await disputeOf(userId)).toBe("open");
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
    // The same rule everywhere: no proof of membership, and the join form does not call them a member nor let them join again.
    expect((await browser.fetch("/user/membership/proof")).status).toBe(404);
    expect(await (await browser.fetch("/user/membership")).text()).not.toContain('href="/user/membership/proof"');
    const joinAgain = await browser.post("/join", validForm({ email: undefined, password: undefined }));
    expect(joinAgain.status).toBe(400);
    expect(await joinAgain.text()).toContain("Your membership is suspended while a payment for it is disputed with your bank");
    const flagged = await (await staff.fetch(`/staff/members/${userId}`)).text();
    expect(flagged).toContain("Payment disputed");
    expect(flagged).toContain('data-dispute-status="open"');
    const list = await (await staff.fetch(`/staff/members?status=all&q=${encodeURIComponent(form.email!)}`)).text();
    expect(list).toContain("Payment disputed: access suspended");

    await dispute({ id: opened.id, status: "lost" });
    const closed = await signedEvent("charge.dispute.closed", { id: opened.id, object: "dispute" });
    for (let i = 0; i < 3; i++) expect((await deliver(closed)).status).toBe(200);
    expect(await disputeOf(userId)).toBe("lost");
    expect(await recordOf(userId)).toMatchObject({ status: "cancelled" });
    expect(await stripeObject<{ status: string }>(`subscriptions/${subscriptionId}`)).toMatchObject({ status: "canceled" });
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
    expect(await (await staff.fetch(`/staff/members/${userId}`)).text()).toContain("Dispute lost: the bank returned the money and the membership has ended.");
  });

  it("won, member access is restored", async () => {
    const { userId, paymentIntent, browser, invoiceId } = await cardMember();
    const opened = await dispute({ paymentIntent, status: "warning_needs_response" });
    expect((await sendWebhook("charge.dispute.created", { id: opened.id, object: "dispute" })).status).toBe(200);
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
    expect(await (await staff.fetch(`/staff/payments/${invoiceId}/refund`)).text()).toContain("member access is suspended");
    await dispute({ id: opened.id, status: "won" });
    expect((await sendWebhook("charge.dispute.closed", { id: opened.id, object: "dispute" })).status).toBe(200);
    expect(await disputeOf(userId)).toBe("won");
    expect((await browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(200);
    expect(await recordOf(userId)).toMatchObject({ status: "active" });
    expect(await (await staff.fetch(`/staff/members/${userId}`)).text()).toContain("Dispute won: member access is restored.");
  });
});

describe("who may refund", () => {
  /** A verified account the administrator adds with `role`, signed in with its second factor passed. */
  async function staffWithRole(role: "finance" | "membership" | "read_only"): Promise<TestBrowser> {
    const user = await createUser();
    await verifyEmail(user.email, user.password);
    expect((await staff.post("/staff/team", { email: user.email, role })).status).toBe(303);
    return signedInStaff(user);
  }

  it("finance staff refund from the payment's page; membership and read-only staff may not (read-only may look)", async () => {
    const { paymentId, application } = await offlineMember(12_500);
    const finance = await staffWithRole("finance");
    expect((await finance.fetch(`/staff/payments/${paymentId}/refund`)).status).toBe(200);
    expect((await finance.fetch(`/staff/applications/${application.id}`)).status).toBe(403);
    expect((await finance.post(`/staff/payments/${paymentId}/refund`, refundForm({ refundAmount: "1" }))).status).toBe(303);

    const membership = await staffWithRole("membership");
    expect((await membership.fetch(`/staff/payments/${paymentId}/refund`)).status).toBe(403);
    expect((await membership.post(`/staff/payments/${paymentId}/refund`, refundForm({ refundAmount: "1" }))).status).toBe(403);
    const readOnly = await staffWithRole("read_only");
    expect((await readOnly.fetch(`/staff/payments/${paymentId}/refund`)).status).toBe(200);
    expect((await readOnly.post(`/staff/payments/${paymentId}/refund`, refundForm({ refundAmount: "1" }))).status).toBe(403);
    expect((await refundsOf(paymentId)).map((r) => r.amount_pence)).toEqual([100]);
  });
});
