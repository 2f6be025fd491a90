/**
 * Refunds, credit notes and disputes against real D1, the Firebase Auth emulator's demo staff
 * account and the FAKE Stripe API (test/support/fake-stripe.ts): webhooks signed as Stripe signs
 * them. Card orders are paid the way buyers pay them (a Checkout session completed at the fake,
 * then its signed checkout.session.completed); offline orders are seeded and paid by staff.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import { createOrderStore } from "../../src/adapters/d1/orders";
import type { WebinarSummary } from "../../src/domain/content";
import type { NewOrder, Order } from "../../src/domain/orders";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { expectHiddenFromNonStaff, expectStaffHeaders, signedInStaff, STAFF } from "../support/worker/staff";
import { dashboardRefund, deliver, dispute, fakeStripe, payCheckout, sendWebhook, signedEvent, stripeRequests } from "../support/worker/stripe";
import { everyEntry } from "../support/worker/cms-lists";

const store = createOrderStore(env.DB);
let staff: TestBrowser;
let buyer: { email: string; uid: string; password: string };
let webinars: WebinarSummary[];
let seeded = 0;

beforeAll(async () => {
  staff = await signedInStaff();
  buyer = await createUser();
  webinars = await everyEntry(createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 }), webinarsOperation);
});

const UPCOMING = () => webinars.find((w) => w.slug === "managing-persistent-low-back-pain")!; // upcoming
const RECORDING = () => webinars.find((w) => w.slug === "exercise-prescription-for-older-adults")!; // over: a recording

/** A stored order for the buyer: one webinar with a webinar id of its own. */
async function seed(fields: Partial<NewOrder> = {}): Promise<Order> {
  const n = `${Date.now().toString(36)}${seeded++}`.toUpperCase();
  const pence = fields.totalPence ?? 4_500;
  const order: NewOrder = {
    id: crypto.randomUUID(),
    billing: null,
    idempotencyKey: crypto.randomUUID(),
    reference: `GH-ORD${n}`,
    userId: buyer.uid,
    email: buyer.email,
    paymentMethod: "offline",
    totalPence: pence,
    lines: [{ kind: "webinar", id: `w-${n}`, title: `Root canals ${n}`, pence, webinarIds: [`w-${n}`], stripePriceIds: [], couponId: null, vatTreatment: "standard" }],
    webinarIds: [`w-${n}`],
    ...fields,
  };
  expect(await store.create(order)).toBe(true);
  return (await store.byId(order.id))!;
}

/** An offline order, paid as staff record it. */
async function offlineOrder(pence = 4_500) {
  const order = await seed({ totalPence: pence });
  const response = await staff.post(`/staff/orders/${order.id}/payment`, { amount: (pence / 100).toFixed(2), receivedOn: londonDate(new Date()), paymentReference: "BACS 1" });
  expect(response.status).toBe(303);
  const [payment] = await store.payments(order.id);
  return { order, paymentId: payment!.id };
}

/** A card order the buyer has paid at (fake) Stripe Checkout; `recorded`: its webhook has been handled too. */
async function cardOrder(pence = 4_500, { recorded = true, webinarIds }: { recorded?: boolean; webinarIds?: string[] } = {}) {
  const order = await seed({ paymentMethod: "card", totalPence: pence, ...(webinarIds ? { webinarIds } : {}) });
  const session = await fakeStripe<{ id: string }>("/v1/checkout/sessions", {
    headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      mode: "payment",
      "metadata[kind]": "order",
      "metadata[orderId]": order.id,
      "metadata[userId]": buyer.uid,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": String(pence),
    }),
  });
  const paid = (await payCheckout(session.id, pence)) as unknown as { session: { payment_intent: string }; charge: { id: string } };
  const completed = () => sendWebhook("checkout.session.completed", { id: session.id, object: "checkout.session" });
  if (recorded) expect((await completed()).status).toBe(200);
  return { order, paymentIntent: paid.session.payment_intent, chargeId: paid.charge.id, completed };
}

const refundForm = (paymentId: string, fields: Record<string, string> = {}) => ({
  paymentId,
  refundAmount: "10.00",
  refundReason: "Goodwill: the sound failed for twenty minutes",
  revoke: "keep",
  idempotencyKey: crypto.randomUUID(),
  ...fields,
});
const refund = (order: Order, form: Record<string, string>) => staff.post(`/staff/orders/${order.id}/refund`, form);

const refundsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT r.id, r.method, r.amount_pence, r.reason, r.recorded_by, c.number, c.total_pence AS note_pence
       FROM refunds r LEFT JOIN credit_notes c ON c.refund_id = r.id WHERE r.order_id = ?1 ORDER BY r.created_at, r.id`,
    )
      .bind(orderId)
      .all<{ id: string; method: string; amount_pence: number; reason: string; recorded_by: string; number: string | null; note_pence: number | null }>()
  ).results;
const entitled = async (orderId: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE order_id = ?1").bind(orderId).first<{ n: number }>())!.n;
const refundEmails = async (refundIds: readonly string[]) =>
  (
    await env.DB.prepare("SELECT dedupe_key, recipient, subject, data FROM email_outbox WHERE kind = 'refund-issued' AND dedupe_key IN (SELECT 'refund-issued:' || value FROM json_each(?1))")
      .bind(JSON.stringify(refundIds))
      .all<{ dedupe_key: string; recipient: string; subject: string; data: string }>()
  ).results;
const audits = async (orderId: string) =>
  (await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE order_id = ?1 AND action = 'order.refunded' ORDER BY id").bind(orderId).all<{ staff_email: string; details: string }>())
    .results;

/** Every credit note number of the year, in order: 1, 2, 3… with none left out. */
async function expectGapFree() {
  const year = Number(londonDate(new Date()).slice(0, 4));
  const { results } = await env.DB.prepare("SELECT seq, number FROM credit_notes WHERE year = ?1 ORDER BY seq").bind(year).all<{ seq: number; number: string }>();
  expect(results.map((r) => r.seq)).toEqual(results.map((_, i) => i + 1));
  for (const r of results) expect(r.number).toBe(`CN-${year}-${String(r.seq).padStart(6, "0")}`);
}

describe("refunding an offline payment", () => {
  it("a partial refund, then a full one: two credit notes, two e-mails, two audit entries; then nothing more can be refunded", async () => {
    const { order, paymentId } = await offlineOrder(4_500);
    const first = await refund(order, refundForm(paymentId, { refundAmount: "£10.50" }));
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/staff/orders/${order.id}?done=refunded`);
    expect(await entitled(order.id)).toBe(1);

    const second = await refund(order, refundForm(paymentId, { refundAmount: "34.50", refundReason: "The buyer cancelled", revoke: "revoke-webinars" }));
    expect(second.status).toBe(303);
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => [r.method, r.amount_pence, r.note_pence, r.recorded_by])).toEqual([
      ["offline", 1_050, 1_050, STAFF.email],
      ["offline", 3_450, 3_450, STAFF.email],
    ]);
    expect(rows.every((r) => /^CN-\d{4}-\d{6}$/.test(r.number ?? ""))).toBe(true);
    expect(await entitled(order.id)).toBe(0);
    expect((await audits(order.id)).map((a) => JSON.parse(a.details).amountPence)).toEqual([1_050, 3_450]);
    const emails = await refundEmails(rows.map((r) => r.id));
    expect(emails).toHaveLength(2);
    expect(emails.map((e) => JSON.parse(e.data).creditNoteNumber).sort()).toEqual(rows.map((r) => r.number).sort());
    expect(emails[0]!.recipient).toBe(buyer.email);

    const page = await staff.fetch(`/staff/orders/${order.id}?done=refunded`);
    expectStaffHeaders(page);
    const html = await page.text();
    expect(html).toContain("Refund recorded, with its credit note.");
    for (const r of rows) expect(html).toContain(`href="/staff/credit-notes/${r.number}"`);
    expect(html).not.toContain(`action="/staff/orders/${order.id}/refund"`);

    const more = await refund(order, refundForm(paymentId, { refundAmount: "0.01" }));
    expect(more.status).toBe(400);
    expect(await more.text()).toContain("This payment has already been refunded in full");
    expect(await refundsOf(order.id)).toHaveLength(2);
    await expectGapFree();
  });

  it("refuses bad input with a specific message next to the field, refunding nothing", async () => {
    const { order, paymentId } = await offlineOrder(4_500);
    const cases: [Record<string, string>, string][] = [
      [{ refundAmount: "" }, "Enter the amount to refund"],
      [{ refundAmount: "0" }, "The amount must be more than £0"],
      [{ refundAmount: "-3" }, "The amount must be more than £0"],
      [{ refundAmount: "ten" }, "Enter the amount in pounds, like 45 or 45.50"],
      [{ refundAmount: "1.005" }, "Enter the amount in pounds, like 45 or 45.50"],
      [{ refundAmount: "45.01" }, "The refund can be at most £45.00: £45.00 was paid and £0.00 has already been refunded"],
      [{ refundReason: "" }, "Enter the reason for the refund"],
      [{ refundReason: "no" }, "The reason must be at least 5 characters"],
      [{ refundReason: "x".repeat(501) }, "The reason must be at most 500 characters"],
      [{ idempotencyKey: "short" }, "The refund form has expired: open the order again"],
      [{ paymentId: "not-a-payment" }, ""],
    ];
    for (const [fields, message] of cases) {
      const response = await refund(order, refundForm(paymentId, fields));
      if (fields.paymentId) {
        expect(response.status).toBe(404);
        continue;
      }
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message.replaceAll("'", "&#x27;"));
    }
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("the same form sent 10 times refunds once", async () => {
    const { order, paymentId } = await offlineOrder(4_500);
    const form = refundForm(paymentId, { refundAmount: "5" });
    for (let i = 0; i < 10; i++) expect((await refund(order, form)).status).toBe(303);
    expect((await refundsOf(order.id)).map((r) => r.amount_pence)).toEqual([500]);
    expect(await audits(order.id)).toHaveLength(1);
  });

  it("is hidden from anyone but staff", async () => {
    const { order, paymentId } = await offlineOrder(4_500);
    await refund(order, refundForm(paymentId, { refundReason: "A reason only staff and the buyer see" }));
    const [row] = await refundsOf(order.id);
    await expectHiddenFromNonStaff([`/staff/credit-notes/${row!.number}`], [[`/staff/orders/${order.id}/refund`, refundForm(paymentId)]], "A reason only staff and the buyer see");
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});

describe("credit notes", () => {
  it("print as one page with the society, the number, the receipt credited, the payer, the amount and the reason", async () => {
    const { order, paymentId } = await offlineOrder(4_500);
    await refund(order, refundForm(paymentId, { refundAmount: "12.34", refundReason: "Booked twice by mistake" }));
    const [row] = await refundsOf(order.id);
    const response = await staff.fetch(`/staff/credit-notes/${row!.number}`);
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const html = await response.text();
    expect(html).toContain(`Credit note <span class="receipt__number">${row!.number}</span>`);
    expect(html).toMatch(/GH-\d{4}-\d{6}/);
    expect(html).toContain("£12.34");
    expect(html).toContain("Booked twice by mistake");
    expect(html).toContain(buyer.email);
    expect(html).toContain(`href="/staff/orders/${order.id}"`);
  });

  it("show net, VAT and gross per line of a mixed-rate order, shared as the ledger shares the refund", async () => {
    const n = `${Date.now().toString(36)}MIX`.toUpperCase();
    const line = (id: string, title: string, pence: number, vatTreatment: "standard" | "exempt"): NewOrder["lines"][number] => ({
      kind: "webinar",
      id,
      title,
      pence,
      webinarIds: [id],
      stripePriceIds: [],
      couponId: null,
      vatTreatment,
    });
    const order = await seed({ totalPence: 6_000, lines: [line(`w-a${n}`, `Standard webinar ${n}`, 3_600, "standard"), line(`w-b${n}`, `Exempt course ${n}`, 2_400, "exempt")], webinarIds: [`w-a${n}`, `w-b${n}`] });
    expect((await staff.post(`/staff/orders/${order.id}/payment`, { amount: "60.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 2" })).status).toBe(303);
    const [payment] = await store.payments(order.id);
    await refund(order, refundForm(payment!.id, { refundAmount: "25.13", refundReason: "Part of the order cancelled" }));
    const [row] = await refundsOf(order.id);
    const html = await (await staff.fetch(`/staff/credit-notes/${row!.number}`)).text();
    // The ledger's rule by hand: 25.13 shared 36:24 -> 15.08 (standard: 12.57 net + 2.51 VAT) and 10.05 (exempt, no VAT).
    const cells = [...html.matchAll(/<td class="receipt__amount">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells.slice(0, 12)).toEqual(["20%", "£12.57", "£2.51", "£15.08", "Exempt", "£10.05", "£0.00", "£10.05", "", "£22.62", "£2.51", "£25.13"]);
    expect(html).toContain(`Standard webinar ${n}`);
    expect(html).toContain(`Exempt course ${n}`);
    expect(html).toContain("Total refunded");
    // The ledger takes back the same VAT for this credit note.
    const today = londonDate(new Date());
    const ledger = await (await staff.fetch(`/staff/finance.csv?from=${today}&to=${today}`)).text();
    const refundLine = ledger.split("\n").find((l) => l.includes(row!.number!))!;
    expect(refundLine).toContain("-2.51");
  });

  it("an unknown or misspelt number is a 404", async () => {
    for (const number of ["CN-2026-999999", "CN-2026-1", "GH-2026-000001", "nonsense"]) {
      expect((await staff.fetch(`/staff/credit-notes/${number}`)).status, number).toBe(404);
    }
  });

  it("are numbered without gaps or repeats when many refunds are recorded at once, and never beyond what was paid", async () => {
    const orders = await Promise.all([1, 2, 3, 4].map(() => offlineOrder(1_000)));
    // Each payment is refunded by three staff forms at once, £4 each: at most two fit in £10.
    const attempts = orders.flatMap(({ order, paymentId }) => [1, 2, 3].map(() => refund(order, refundForm(paymentId, { refundAmount: "4" }))));
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 303).length).toBe(8);
    for (const { order } of orders) expect((await refundsOf(order.id)).map((r) => r.amount_pence)).toEqual([400, 400]);
    await expectGapFree();
  });

  it("can never be changed or deleted", async () => {
    const { order, paymentId } = await offlineOrder(4_500);
    await refund(order, refundForm(paymentId));
    const [row] = await refundsOf(order.id);
    await expect(env.DB.prepare("UPDATE credit_notes SET total_pence = 1 WHERE number = ?1").bind(row!.number).run()).rejects.toThrow(/never changed/);
    await expect(env.DB.prepare("DELETE FROM credit_notes WHERE number = ?1").bind(row!.number).run()).rejects.toThrow(/never deleted/);
    await expect(env.DB.prepare("DELETE FROM refunds WHERE id = ?1").bind(row!.id).run()).rejects.toThrow(/never deleted/);
  });
});

describe("refunding a card payment", () => {
  it("a partial refund through Stripe, then a full one; Stripe's charge.refunded for each adds nothing", async () => {
    const { order, paymentIntent, chargeId } = await cardOrder(4_500);
    const first = await refund(order, refundForm(paymentIntent, { refundAmount: "15" }));
    expect(first.status).toBe(303);
    const calls = (await stripeRequests()).filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === paymentIntent);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ body: { amount: "1500", metadata: { reason: "Goodwill: the sound failed for twenty minutes" } } });
    expect(calls[0]!.idempotencyKey).toMatch(/^refund:/);
    expect((await sendWebhook("charge.refunded", { id: chargeId, object: "charge" })).status).toBe(200);

    const second = await refund(order, refundForm(paymentIntent, { refundAmount: "30", revoke: "revoke-webinars" }));
    expect(second.status).toBe(303);
    expect((await sendWebhook("charge.refunded", { id: chargeId, object: "charge" })).status).toBe(200);

    const rows = await refundsOf(order.id);
    expect(rows.map((r) => [r.method, r.amount_pence, r.recorded_by, r.id.startsWith("re_test_")])).toEqual([
      ["card", 1_500, STAFF.email, true],
      ["card", 3_000, STAFF.email, true],
    ]);
    expect(rows.every((r) => r.number)).toBe(true);
    expect(await entitled(order.id)).toBe(0);
    expect(await refundEmails(rows.map((r) => r.id))).toHaveLength(2);

    const over = await refund(order, refundForm(paymentIntent, { refundAmount: "1" }));
    expect(over.status).toBe(400);
    expect((await stripeRequests()).filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === paymentIntent)).toHaveLength(2);
  });

  it("a refund replayed 10 times (the form and Stripe's event) is one refund with one credit note", async () => {
    const { order, paymentIntent, chargeId } = await cardOrder(4_500);
    const form = refundForm(paymentIntent, { refundAmount: "20" });
    for (let i = 0; i < 10; i++) expect((await refund(order, form)).status).toBe(303);
    const event = await signedEvent("charge.refunded", { id: chargeId, object: "charge" });
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    // Stripe may also send distinct events about the same refund.
    for (let i = 0; i < 10; i++) expect((await sendWebhook("charge.refunded", { id: chargeId, object: "charge" })).status).toBe(200);
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => r.amount_pence)).toEqual([2_000]);
    expect(rows[0]!.number).toBeTruthy();
    expect(await refundEmails([rows[0]!.id])).toHaveLength(1);
    expect(await audits(order.id)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard gets the same credit note, even when it arrives before our record of the payment", async () => {
    const { order, paymentIntent, chargeId, completed } = await cardOrder(4_500, { recorded: false });
    const made = await dashboardRefund(paymentIntent, 2_500);
    const early = await signedEvent("charge.refunded", { id: chargeId, object: "charge" });
    // Not yet ours: refused so that Stripe delivers it again later (logged as an error); nothing recorded.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await deliver(early)).status).toBe(503);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    expect(await refundsOf(order.id)).toEqual([]);
    expect((await completed()).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    const rows = await refundsOf(order.id);
    expect(rows).toEqual([expect.objectContaining({ id: made.refund.id, method: "card", amount_pence: 2_500, recorded_by: "stripe", reason: "Refunded in Stripe's dashboard" })]);
    expect(rows[0]!.number).toMatch(/^CN-/);
    expect(await refundEmails([made.refund.id])).toHaveLength(1);
    // What is left can still be refunded here, and no more.
    const page = await (await staff.fetch(`/staff/orders/${order.id}`)).text();
    expect(page).toContain("up to £20.00 can be");
    expect((await refund(order, refundForm(paymentIntent, { refundAmount: "20.01" }))).status).toBe(400);
    await expectGapFree();
  });

  it("a forged charge.refunded is refused and records nothing", async () => {
    const { order, chargeId } = await cardOrder(4_500);
    const forged = await signedEvent("charge.refunded", { id: chargeId, object: "charge" }, { secret: "whsec_forged" });
    expect((await deliver(forged)).status).toBe(400);
    expect(await refundsOf(order.id)).toEqual([]);
  });
});

describe("disputes", () => {
  const disputeOf = async (orderId: string) => (await env.DB.prepare("SELECT status FROM disputes WHERE order_id = ?1").bind(orderId).first<{ status: string }>())?.status ?? null;
  const watching = async (order: Order) => (await store.entitledWebinarIds(buyer.uid)).has(order.webinarIds[0]!);

  it("a dispute suspends the webinars and flags the order; lost, they stay taken back", async () => {
    const { order, paymentIntent } = await cardOrder(4_500);
    expect(await watching(order)).toBe(true);
    const opened = await dispute({ paymentIntent, status: "needs_response" });
    expect((await sendWebhook("charge.dispute.created", { id: opened.id, object: "dispute" })).status).toBe(200);
    expect(await disputeOf(order.id)).toBe("open");
    expect(await watching(order)).toBe(false);
    const flagged = await (await staff.fetch(`/staff/orders/${order.id}`)).text();
    expect(flagged).toContain("Payment disputed");
    expect(flagged).toContain('data-dispute-status="open"');

    await dispute({ id: opened.id, status: "lost" });
    const closed = await signedEvent("charge.dispute.closed", { id: opened.id, object: "dispute" });
    for (let i = 0; i < 3; i++) expect((await deliver(closed)).status).toBe(200);
    expect(await disputeOf(order.id)).toBe("lost");
    expect(await watching(order)).toBe(false);
    expect(await entitled(order.id)).toBe(0);
  });

  it("won, the webinars are restored", async () => {
    const { order, paymentIntent } = await cardOrder(4_500);
    const opened = await dispute({ paymentIntent, status: "warning_needs_response" });
    expect((await sendWebhook("charge.dispute.created", { id: opened.id, object: "dispute" })).status).toBe(200);
    expect(await watching(order)).toBe(false);
    await dispute({ id: opened.id, status: "won" });
    expect((await sendWebhook("charge.dispute.closed", { id: opened.id, object: "dispute" })).status).toBe(200);
    expect(await disputeOf(order.id)).toBe("won");
    expect(await watching(order)).toBe(true);
    expect(await (await staff.fetch(`/staff/orders/${order.id}`)).text()).toContain("Dispute won: the webinars are restored.");
  });
});

it("a signed-in buyer cannot refund their own order", async () => {
  const { order, paymentId } = await offlineOrder(4_500);
  const user = new TestBrowser();
  const own = await createUser();
  await user.signIn(own.email, own.password);
  expect((await user.post(`/staff/orders/${order.id}/refund`, refundForm(paymentId))).status).toBe(404);
  expect(await refundsOf(order.id)).toEqual([]);
});

describe("the buyer's 14-day cancellation", () => {
  async function signedInBuyer() {
    const browser = new TestBrowser();
    await browser.signIn(buyer.email, buyer.password);
    return browser;
  }

  it("an unused card order bought today: cancel from /user/webinars, confirm, full refund, webinars gone, once", async () => {
    const { order, paymentIntent } = await cardOrder(4_500, { webinarIds: [UPCOMING().id] });
    const browser = await signedInBuyer();
    const list = await (await browser.fetch("/user/webinars")).text();
    expect(list).toContain(`href="/user/orders/${order.id}/cancel"`);
    const confirm = await browser.fetch(`/user/orders/${order.id}/cancel`);
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    expect(page).toContain("Cancel the order and refund me");
    expect(page).toContain('name="csrfToken"');

    const done = await browser.post(`/user/orders/${order.id}/cancel`, {});
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/user/webinars?cancelled=1");
    const rows = await refundsOf(order.id);
    expect(rows).toEqual([expect.objectContaining({ method: "card", amount_pence: 4_500, recorded_by: `buyer:${buyer.uid}`, reason: "Cancelled by the buyer within 14 days of buying" })]);
    expect(rows[0]!.number).toMatch(/^CN-/);
    expect(await entitled(order.id)).toBe(0);
    const calls = (await stripeRequests()).filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === paymentIntent);
    expect(calls.map((r) => [r.body.amount, r.idempotencyKey])).toEqual([["4500", `cancel:${order.id}`]]);
    expect(await refundEmails([rows[0]!.id])).toHaveLength(1);

    // A second click (or an old tab) is refused clearly, and nothing more is refunded.
    const again = await browser.post(`/user/orders/${order.id}/cancel`, {});
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This order has already been refunded");
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await (await browser.fetch("/user/webinars")).text()).not.toContain(`href="/user/orders/${order.id}/cancel"`);
  });

  it("revokes, in the cancellation's own batch, any CPD certificate resting on the order's webinars", async () => {
    const { order } = await cardOrder(4_500, { webinarIds: [UPCOMING().id] });
    // Seeded as the code before issue 23 could leave one: issued for a webinar not yet held.
    const certificateId = crypto.randomUUID().replaceAll("-", "").slice(0, 22);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO cpd_entries (id, user_id, source, webinar_slug, activity_date, title, provider, hours_hundredths, category, confirmed_at)
         VALUES (?1, ?2, 'webinar', ?3, '2026-12-01', 'Back pain', 'The Guild', 150, 'clinical', '2026-12-01T00:00:00Z')`,
      ).bind(`entry-${certificateId}`, buyer.uid, UPCOMING().slug),
      env.DB.prepare(
        `INSERT INTO cpd_certificates (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, webinar_id)
         VALUES (?1, (SELECT COALESCE(MAX(number), 0) + 1 FROM cpd_certificates), ?2, ?3, 'Cancelling Buyer', 'Back pain', '2026-12-01', 150, ?4)`,
      ).bind(certificateId, `entry-${certificateId}`, buyer.uid, UPCOMING().id),
    ]);
    const browser = await signedInBuyer();
    expect((await browser.post(`/user/orders/${order.id}/cancel`, {})).status).toBe(303);
    const row = await env.DB.prepare("SELECT revoked_at, revoked_by, revoked_reason FROM cpd_certificates WHERE id = ?1").bind(certificateId).first<{ revoked_at: string | null; revoked_by: string; revoked_reason: string }>();
    expect(row!.revoked_at).not.toBeNull();
    expect(row).toMatchObject({ revoked_by: `buyer:${buyer.uid}`, revoked_reason: "Order refunded, its webinars taken back: Cancelled by the buyer within 14 days of buying" });
    const check = await new TestBrowser().fetch(`/certificates/${certificateId}`);
    expect(check.status).toBe(410);
    expect(await check.text()).not.toContain("Cancelling Buyer");
  });

  it("refuses, saying why: a webinar already started (its recording could be played), more than 14 days, no CSRF token, someone else's order", async () => {
    const browser = await signedInBuyer();
    const started = await cardOrder(3_500, { webinarIds: [RECORDING().id] });
    expect(await (await browser.fetch("/user/webinars")).text()).not.toContain(`href="/user/orders/${started.order.id}/cancel"`);
    expect(await (await browser.fetch(`/user/orders/${started.order.id}/cancel`)).text()).toContain("A webinar in this order has already started, so it can no longer be cancelled");
    expect((await browser.post(`/user/orders/${started.order.id}/cancel`, {})).status).toBe(400);

    const old = await cardOrder(4_500, { webinarIds: [UPCOMING().id] });
    const fifteenDaysAgo = new Date(Date.now() - 15 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE order_payments SET created_at = ?2 WHERE order_id = ?1").bind(old.order.id, fifteenDaysAgo).run();
    const late = await browser.post(`/user/orders/${old.order.id}/cancel`, {});
    expect(late.status).toBe(400);
    expect(await late.text()).toContain("The 14 days to cancel this order have passed");

    const fresh = await cardOrder(4_500, { webinarIds: [UPCOMING().id] });
    const noToken = await browser.fetch(`/user/orders/${fresh.order.id}/cancel`, { method: "POST", body: new URLSearchParams({}) });
    expect(noToken.status).toBe(403);
    const stranger = await createUser();
    const other = new TestBrowser();
    await other.signIn(stranger.email, stranger.password);
    expect((await other.fetch(`/user/orders/${fresh.order.id}/cancel`)).status).toBe(404);
    expect((await other.post(`/user/orders/${fresh.order.id}/cancel`, {})).status).toBe(404);
    for (const o of [started.order, old.order, fresh.order]) expect(await refundsOf(o.id)).toEqual([]);
  });
});
