/**
 * The transactional e-mails and receipts through the flows that cause them: the join form, staff
 * recording a payment or rejecting, signed Stripe webhooks against the fake Stripe API, webinar
 * checkout and staff order payments. Each test checks the outbox rows (to, subject, kind, the
 * dedupe key), the plain-text part as the local mailbox renders it, and the receipts; replays and
 * double submits leave one message and one receipt. Also: the receipt pages and their access
 * rules, gap-free numbering under concurrent payments, and the account page's e-mail switches.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApplicationStore } from "../../src/adapters/d1/applications";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarSummary } from "../../src/domain/content";
import { getConfig, type Bindings } from "../../src/env";
import { publishedContent } from "../../src/wiring/content";
import { emailServices } from "../../src/wiring/email";
import { receiptYear } from "../../src/services/receipts/receipt-number";
import { londonDate } from "../../src/shared/london-date";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { fetchWith } from "../support/worker/helpers";
import { applicationOf, joinByCard } from "../support/worker/card-join";
import { validForm } from "../support/worker/join-form";
import { signedInStaff, STAFF } from "../support/worker/staff";
import { changeSubscription, deliver, newInvoice, payCheckout, sendWebhook, signedEvent } from "../support/worker/stripe";
import { everyEntry } from "../support/worker/cms-lists";

interface OutboxRow {
  id: string;
  dedupe_key: string;
  kind: string;
  recipient: string;
  subject: string;
  data: string;
}

interface ReceiptRow {
  number: string;
  year: number;
  seq: number;
  source: string;
  payment_id: string;
  user_id: string;
  total_pence: number;
  method: string;
}

let staff: TestBrowser;
let webinars: WebinarSummary[];

beforeAll(async () => {
  staff = await signedInStaff();
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  webinars = await everyEntry(cms, webinarsOperation);
  // The join form's content, cached before the first test: a CMS that has just started can be
  // slower than the Worker's timeout on a busy machine.
  expect((await fetchWith({ CMS_TIMEOUT_MS: "30000" }, "/join")).status).toBe(200);
});

const webinar = (slug: string) => webinars.find((w) => w.slug === slug)!;
const BACK_PAIN = () => webinar("managing-persistent-low-back-pain"); // £45, members £25, upcoming
const CLINICAL_REASONING = () => webinar("introduction-to-clinical-reasoning"); // free for everyone

/** The outbox rows whose dedupe key starts with `prefix`, oldest first. */
const messages = async (prefix: string) =>
  (await env.DB.prepare("SELECT id, dedupe_key, kind, recipient, subject, data FROM email_outbox WHERE substr(dedupe_key, 1, length(?1)) = ?1 ORDER BY created_at, id").bind(prefix).all<OutboxRow>())
    .results;

/** The one message with this dedupe key prefix (fails if there are none or several). */
async function theMessage(prefix: string): Promise<OutboxRow> {
  const found = await messages(prefix);
  expect(found, prefix).toHaveLength(1);
  return found[0]!;
}

/** The plain-text part, as the local mailbox renders it. */
async function textOf(id: string): Promise<string> {
  const response = await SELF.fetch(`http://localhost/dev/mailbox/${id}/text`);
  expect(response.status).toBe(200);
  return response.text();
}

const receiptsWhere = async (where: string, ...params: unknown[]) =>
  (await env.DB.prepare(`SELECT number, year, seq, source, payment_id, user_id, total_pence, method FROM receipts WHERE ${where} ORDER BY seq`).bind(...params).all<ReceiptRow>())
    .results;

const pounds = (pence: number) => (pence / 100).toFixed(2);
const today = () => londonDate(new Date());
const RECEIPT_NUMBER = /^GH-\d{4}-\d{6}$/;

/** Someone joins through the form, paying offline; returns their browser (signed in) and the application. */
async function joinOffline() {
  const browser = new TestBrowser();
  const form = validForm();
  const response = await browser.post("/join", form);
  expect(response.status).toBe(303);
  return { browser, form, application: (await applicationOf(form.email!))! };
}

const staffPayment = (amountPence: number, fields: Record<string, string> = {}) => ({
  amount: pounds(amountPence),
  receivedOn: today(),
  paymentReference: "BACS 445566",
  ...fields,
});

describe("an application is stored", () => {
  it("writes the applicant's acknowledgement and the staff notice once, however often the form is sent", async () => {
    const browser = new TestBrowser();
    const form = validForm();
    for (let i = 0; i < 3; i++) expect((await browser.post("/join", form)).status).toBe(303);
    const application = (await applicationOf(form.email!))!;

    const received = await theMessage(`application-received:${application.id}`);
    expect(received).toMatchObject({ kind: "application-received", recipient: form.email, subject: `We have received your application (${application.reference})` });
    const receivedText = await textOf(received.id);
    expect(receivedText).toContain("Dear Ada");
    expect(receivedText).toContain(`Reference: ${application.reference}`);
    expect(receivedText).toContain(`Amount due: £${pounds(application.amount_due_pence)}`);
    expect(receivedText).toContain(`quoting your reference ${application.reference}`);

    const notice = await theMessage(`application-staff-notice:${application.id}`);
    expect(notice).toMatchObject({ kind: "application-staff-notice", recipient: STAFF.email, dedupe_key: `application-staff-notice:${application.id}:${STAFF.email}` });
    expect(notice.subject).toBe(`New membership application: Ada Example (${application.reference})`);
    const noticeText = await textOf(notice.id);
    expect(noticeText).toContain(`E-mail: ${form.email}`);
    expect(noticeText).toContain(`http://localhost:8787/staff/applications/${application.id}`);

    // The local mailbox lists both.
    const mailbox = (await (await SELF.fetch("http://localhost/dev/mailbox?format=json")).json()) as { id: string; to: string; kind: string; subject: string }[];
    expect(mailbox.find((m) => m.id === received.id)).toMatchObject({ to: form.email, kind: "application-received" });
    expect(mailbox.find((m) => m.id === notice.id)).toMatchObject({ to: STAFF.email, kind: "application-staff-notice" });
  });

  it("tells a card applicant they pay by card, with no bank details", async () => {
    const { application } = await joinByCard();
    const text = await textOf((await theMessage(`application-received:${application.id}`)).id);
    expect(text).toContain(`Reference: ${application.reference}`);
    expect(text).not.toContain("Sort code");
  });
});

describe("staff record an offline membership payment", () => {
  it("issues a numbered receipt and writes the welcome with it, once, in the payment's batch", async () => {
    const { browser, form, application } = await joinOffline();
    const fields = staffPayment(application.amount_due_pence);
    expect((await staff.post(`/staff/applications/${application.id}/payment`, fields)).status).toBe(303);
    // A double submit is refused and changes nothing.
    expect((await staff.post(`/staff/applications/${application.id}/payment`, fields)).status).toBe(409);

    const [receipt, ...more] = await receiptsWhere("application_id = ?1", application.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ source: "membership", user_id: application.user_id, total_pence: application.amount_due_pence, method: "offline", year: receiptYear(new Date()) });
    expect(receipt!.number).toMatch(RECEIPT_NUMBER);

    const payment = (await env.DB.prepare("SELECT id FROM payments WHERE application_id = ?1").bind(application.id).first<{ id: string }>())!;
    expect(receipt!.payment_id).toBe(payment.id);
    const welcome = await theMessage(`membership-paid:${payment.id}`);
    expect(welcome).toMatchObject({ kind: "membership-paid", recipient: form.email });
    expect(welcome.subject).toMatch(/^Welcome: your .+ is active$/);
    expect(JSON.parse(welcome.data)).toMatchObject({ receiptNumber: receipt!.number, amountPence: application.amount_due_pence, renewal: false });
    const text = await textOf(welcome.id);
    expect(text).toContain(`Receipt number: ${receipt!.number}`);
    expect(text).toContain(`Amount paid: £${pounds(application.amount_due_pence)}`);
    expect(text).toContain("Payment reference: BACS 445566");
    expect(text).toContain(`View or print your receipt: http://localhost:8787/user/receipts/${receipt!.number}`);

    // The member sees it in their list and as a printable page with the society's details.
    const list = await browser.fetch("/user/receipts");
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await list.text()).toContain(`href="/user/receipts/${receipt!.number}"`);
    const page = await browser.fetch(`/user/receipts/${receipt!.number}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    for (const fact of ["The Guild of Example Physiotherapists", "12 Example Row", "EX1 2MP", receipt!.number, `£${pounds(application.amount_due_pence)}`, "Bank transfer or cheque", "BACS 445566", "Ada Example"]) {
      expect(html, fact).toContain(fact);
    }
    expect(html).toContain('<p class="receipt-screen__print">');

    // Staff see the same receipt from the application.
    const record = await (await staff.fetch(`/staff/applications/${application.id}`)).text();
    expect(record).toContain(`href="/staff/receipts/${receipt!.number}"`);
    const staffView = await staff.fetch(`/staff/receipts/${receipt!.number}`);
    expect(staffView.status).toBe(200);
    expect(await staffView.text()).toContain(`href="/staff/applications/${application.id}"`);
  });

  it("shows a receipt to its payer and staff only: anyone else, or a number that is not one, gets a 404", async () => {
    const { application } = await joinOffline();
    expect((await staff.post(`/staff/applications/${application.id}/payment`, staffPayment(application.amount_due_pence))).status).toBe(303);
    const [receipt] = await receiptsWhere("application_id = ?1", application.id);

    const someone = await createUser();
    const other = new TestBrowser();
    await other.signIn(someone.email, someone.password);
    expect((await other.fetch(`/user/receipts/${receipt!.number}`)).status).toBe(404);
    expect(await (await other.fetch("/user/receipts")).text()).toContain("You have no receipts yet");
    expect((await other.fetch(`/staff/receipts/${receipt!.number}`)).status).toBe(404);

    const visitor = await new TestBrowser().fetch(`/user/receipts/${receipt!.number}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/^\/api\/auth\/signin\?error=SessionRequired/);

    for (const bad of ["GH-2026-1", "gh-2026-000001", "GH-2026-0000001", "nothing"]) {
      expect((await staff.fetch(`/staff/receipts/${bad}`)).status, bad).toBe(404);
    }
  });

  it("numbers 20 payments recorded at once without gaps or repeats", async () => {
    const store = createApplicationStore(env.DB);
    const applications = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const n = `${Date.now().toString(36)}-${i}`;
        const application = {
          id: crypto.randomUUID(),
          idempotencyKey: crypto.randomUUID(),
          reference: `GH-C${n.toUpperCase()}`,
          userId: `user-concurrent-${n}`,
          email: `concurrent-${n}@example.org`,
          givenName: "Ada",
          familyName: `Concurrent${i}`,
          membershipSlug: "full-member",
          membershipTitle: "Full member",
          vatTreatment: "standard" as const,
          paymentMethod: "offline" as const,
          amountDuePence: 12_500,
          billing: null,
          details: {
            phone: "01632 960123",
            address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
            professional: { registrationNumber: `REG-${n}`, specialisation: "Orthodontics", workplace: "City Clinic", yearQualified: 2011 },
            declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
          },
        };
        expect(await store.create(application)).toBe(true);
        return application;
      }),
    );
    const responses = await Promise.all(applications.map((a) => staff.post(`/staff/applications/${a.id}/payment`, staffPayment(12_500))));
    expect(responses.map((r) => r.status)).toEqual(applications.map(() => 303));

    const ids = applications.map((a) => a.id);
    const issued = await receiptsWhere(`application_id IN (${ids.map(() => "?").join(", ")})`, ...ids);
    expect(issued).toHaveLength(20);
    expect(new Set(issued.map((r) => r.number)).size).toBe(20);
    // The whole year's numbers run 1, 2, 3… with none left out.
    const year = receiptYear(new Date());
    const all = await receiptsWhere("year = ?1", year);
    expect(all.map((r) => r.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.map((r) => r.number)).toEqual(all.map((r) => `GH-${year}-${String(r.seq).padStart(6, "0")}`));
    // Each welcome carries its own payment's number.
    for (const receipt of issued) {
      const welcome = await theMessage(`membership-paid:${receipt.payment_id}`);
      expect(JSON.parse(welcome.data).receiptNumber).toBe(receipt.number);
    }
  });

  it("never changes or deletes an issued receipt", async () => {
    const { application } = await joinOffline();
    expect((await staff.post(`/staff/applications/${application.id}/payment`, staffPayment(application.amount_due_pence))).status).toBe(303);
    const [receipt] = await receiptsWhere("application_id = ?1", application.id);
    await expect(env.DB.prepare("DELETE FROM receipts WHERE number = ?1").bind(receipt!.number).run()).rejects.toThrow(/never deleted/);
    await expect(env.DB.prepare("UPDATE receipts SET total_pence = 1 WHERE number = ?1").bind(receipt!.number).run()).rejects.toThrow(/never changed/);
  });
});

describe("staff reject an application", () => {
  it("tells the applicant the reason, once", async () => {
    const { application } = await joinOffline();
    const reason = "Your registration number could not be verified.";
    expect((await staff.post(`/staff/applications/${application.id}/reject`, { reason })).status).toBe(303);
    expect((await staff.post(`/staff/applications/${application.id}/reject`, { reason })).status).toBe(409);
    const rejected = await theMessage(`application-rejected:${application.id}`);
    expect(rejected).toMatchObject({ kind: "application-rejected", subject: `Your membership application ${application.reference}` });
    const text = await textOf(rejected.id);
    expect(text).toContain(reason);
    expect(text).toContain("cannot accept your application");
    expect(await receiptsWhere("application_id = ?1", application.id)).toEqual([]);
  });
});

describe("card payments through Stripe's signed webhooks", () => {
  it("a paid Checkout, replayed 10 times and followed by its invoice.paid, makes one receipt and one welcome", async () => {
    const { browser, application, sessionId } = await joinByCard();
    const paid = await payCheckout(sessionId, 15_000);
    const event = await signedEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    expect((await sendWebhook("invoice.paid", { id: paid.session.invoice!, object: "invoice" })).status).toBe(200);
    // The member coming back from Checkout records it too, if the webhook has not yet.
    expect((await browser.fetch(`/user/membership?checkout=complete&session_id=${sessionId}`)).status).toBe(200);

    const [receipt, ...more] = await receiptsWhere("application_id = ?1", application.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ method: "card", total_pence: 15_000, payment_id: paid.session.invoice });
    const welcome = await theMessage(`membership-paid:${paid.session.invoice}`);
    expect(JSON.parse(welcome.data)).toMatchObject({ receiptNumber: receipt!.number, paymentMethod: "card", renewal: false });
    const text = await textOf(welcome.id);
    expect(text).toContain("Paid by: Card");
    expect(text).toContain(`Receipt number: ${receipt!.number}`);
    expect(await (await browser.fetch("/user/receipts")).text()).toContain(receipt!.number);
  });

  it("a failed renewal tells the member once per invoice; the renewal paid later gets its own receipt and a 'renewed' message", async () => {
    const { application, sessionId } = await joinByCard();
    const paid = await payCheckout(sessionId, 15_000);
    await sendWebhook("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    const subscriptionId = paid.session.subscription!;
    const member = (await env.DB.prepare("SELECT period_end FROM memberships WHERE user_id = ?1").bind(application.user_id).first<{ period_end: string }>())!;
    const nextEnd = Math.floor(Date.parse(member.period_end) / 1000) + 365 * 86_400;

    await changeSubscription(subscriptionId, { status: "past_due", periodEnd: nextEnd });
    const failed = await newInvoice(subscriptionId, 14_500, "open");
    const event = await signedEvent("invoice.payment_failed", { id: failed.id, object: "invoice" });
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    // Stripe retries the same invoice: a new event, the same invoice, no second message.
    expect((await sendWebhook("invoice.payment_failed", { id: failed.id, object: "invoice" })).status).toBe(200);
    const notice = await theMessage(`payment-failed:${failed.id}`);
    expect(notice).toMatchObject({ kind: "payment-failed", subject: "Your membership payment did not go through: please update your card" });
    const noticeText = await textOf(notice.id);
    expect(noticeText).toContain("£145.00");
    expect(noticeText).toContain("Update your card: http://localhost:8787/user/membership");
    expect(await receiptsWhere("payment_id = ?1", failed.id)).toEqual([]);

    await changeSubscription(subscriptionId, { status: "active", periodStart: Math.floor(Date.parse(member.period_end) / 1000), periodEnd: nextEnd });
    const renewal = await newInvoice(subscriptionId, 14_500);
    for (let i = 0; i < 3; i++) expect((await sendWebhook("invoice.paid", { id: renewal.id, object: "invoice" })).status).toBe(200);
    const receipts = await receiptsWhere("application_id = ?1", application.id);
    expect(receipts.map((r) => r.payment_id)).toEqual([paid.session.invoice, renewal.id]);
    expect(receipts[1]!.seq).toBeGreaterThan(receipts[0]!.seq);
    const renewed = await theMessage(`membership-paid:${renewal.id}`);
    expect(renewed.subject).toMatch(/renewed/i);
    expect(JSON.parse(renewed.data)).toMatchObject({ renewal: true, amountPence: 14_500, receiptNumber: receipts[1]!.number });
  });

  it("money that arrives for a rejected application is receipted, but welcomes nobody", async () => {
    // The applicant pays in a Checkout tab kept open while staff reject; the webhook comes after.
    const { application, sessionId } = await joinByCard();
    const paid = await payCheckout(sessionId, 15_000);
    expect((await staff.post(`/staff/applications/${application.id}/reject`, { reason: "Not eligible" })).status).toBe(303);
    await sendWebhook("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    const [receipt] = await receiptsWhere("application_id = ?1", application.id);
    expect(receipt).toMatchObject({ total_pence: 15_000, payment_id: paid.session.invoice });
    expect(await messages(`membership-paid:${paid.session.invoice}`)).toEqual([]);
    expect(await messages(`application-rejected:${application.id}`)).toHaveLength(1);
  });
});

describe("webinar orders", () => {
  async function shopper(options: { member?: boolean } = {}) {
    const user = await createUser();
    if (options.member) await makeMember(user);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    return { browser, user };
  }
  const checkoutForm = (items: string, expectedTotalPence: number, paymentMethod = "offline") => ({
    items,
    expectedTotalPence: String(expectedTotalPence),
    idempotencyKey: crypto.randomUUID(),
    paymentMethod,
  });
  const orderOf = (userId: string) =>
    env.DB.prepare("SELECT id, reference, checkout_session_id FROM orders WHERE user_id = ?1 ORDER BY created_at DESC").bind(userId).first<{ id: string; reference: string; checkout_session_id: string | null }>();

  it("a free webinar granted at once gets the order e-mail without a receipt", async () => {
    const { browser, user } = await shopper();
    const form = checkoutForm(`webinar:${CLINICAL_REASONING().id}`, 0, "");
    expect((await browser.post("/cart/checkout", form)).status).toBe(303);
    expect((await browser.post("/cart/checkout", form)).status).toBeLessThan(500);
    const order = (await orderOf(user.uid))!;
    const message = await theMessage(`order-receipt:${order.id}`);
    expect(message).toMatchObject({ recipient: user.email, subject: `Your receipt for order ${order.reference}` });
    const text = await textOf(message.id);
    expect(text).toContain(CLINICAL_REASONING().name);
    expect(text).toContain("Ordered on:");
    expect(text).not.toContain("Receipt number");
    expect(await receiptsWhere("order_id = ?1", order.id)).toEqual([]);
  });

  it("staff recording an offline order's payment issue its receipt and the buyer's e-mail with the webinar's date", async () => {
    const { browser, user } = await shopper();
    expect((await browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id}`, 4500))).status).toBe(303);
    const order = (await orderOf(user.uid))!;
    expect(await messages(`order-receipt:${order.id}`)).toEqual([]);
    const fields = { amount: "45.00", receivedOn: today(), paymentReference: "BACS 9911" };
    expect((await staff.post(`/staff/orders/${order.id}/payment`, fields)).status).toBe(303);
    expect((await staff.post(`/staff/orders/${order.id}/payment`, fields)).status).toBe(409);

    const [receipt, ...more] = await receiptsWhere("order_id = ?1", order.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ source: "order", total_pence: 4500, method: "offline", user_id: user.uid });
    const message = await theMessage(`order-receipt:${order.id}`);
    expect(JSON.parse(message.data)).toMatchObject({ receiptNumber: receipt!.number, totalPence: 4500, paymentMethod: "offline" });
    const text = await textOf(message.id);
    expect(text).toContain(`${BACK_PAIN().name}: Live:`);
    expect(text).toContain(`Receipt number: ${receipt!.number}`);
    expect(text).toContain("Total: £45.00");

    const page = await (await browser.fetch(`/user/receipts/${receipt!.number}`)).text();
    expect(page).toContain(BACK_PAIN().name);
    expect(page).toContain("BACS 9911");
    expect(await (await staff.fetch(`/staff/orders/${order.id}`)).text()).toContain(`href="/staff/receipts/${receipt!.number}"`);
  });

  it("a card order's webhook, replayed 10 times, makes one receipt and one e-mail", async () => {
    const { browser, user } = await shopper({ member: true });
    expect((await browser.post("/cart/checkout", checkoutForm(`webinar:${BACK_PAIN().id}`, 2500, "card"))).status).toBe(303);
    const order = (await orderOf(user.uid))!;
    await payCheckout(order.checkout_session_id!, 2500);
    const event = await signedEvent("checkout.session.completed", { id: order.checkout_session_id!, object: "checkout.session" });
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    await sendWebhook("checkout.session.completed", { id: order.checkout_session_id!, object: "checkout.session" });
    const [receipt, ...more] = await receiptsWhere("order_id = ?1", order.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ method: "card", total_pence: 2500 });
    const message = await theMessage(`order-receipt:${order.id}`);
    expect(JSON.parse(message.data)).toMatchObject({ receiptNumber: receipt!.number, paymentMethod: "card" });
  });
});

describe("the account page's e-mail switches", () => {
  async function signedIn() {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    return { browser, user };
  }
  const stored = async (userId: string) =>
    Object.fromEntries(
      (await env.DB.prepare("SELECT category, subscribed FROM email_preferences WHERE user_id = ?1").bind(userId).all<{ category: string; subscribed: number }>()).results.map(
        (r) => [r.category, r.subscribed === 1],
      ),
    );
  const checkbox = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

  it("shows every optional category switched on at first, and saves the form's choices (no JavaScript)", async () => {
    const { browser, user } = await signedIn();
    const page = await (await browser.fetch("/user/account")).text();
    expect(page).toContain('action="/user/account/email-preferences"');
    for (const category of ["membership-reminders", "webinar-reminders", "webinar-recordings"]) {
      expect(checkbox(page, category), category).toContain("checked");
      expect(page).toContain(`for="${category}"`);
    }
    const response = await browser.post("/user/account/email-preferences", { "webinar-reminders": "on" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/user/account?changed=email-preferences");
    expect(await stored(user.uid)).toEqual({ "membership-reminders": false, "webinar-reminders": true, "webinar-recordings": false });
    const after = await (await browser.fetch("/user/account?changed=email-preferences")).text();
    expect(after).toContain("Your e-mail choices have been saved.");
    expect(checkbox(after, "webinar-reminders")).toContain("checked");
    expect(checkbox(after, "membership-reminders")).not.toContain("checked");
  });

  it("shows what a one-click unsubscribe turned off, and can turn it back on", async () => {
    const { browser, user } = await signedIn();
    const services = emailServices(getConfig(env as Bindings), publishedContent(getConfig(env as Bindings), () => undefined));
    const link = new URL(await services.preferences.unsubscribeUrl(user.uid, "membership-reminders"));
    const unsubscribe = await SELF.fetch(`http://localhost${link.pathname}${link.search}`, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    expect(unsubscribe.status).toBeLessThan(400);
    expect((await stored(user.uid))["membership-reminders"]).toBe(false);
    expect(checkbox(await (await browser.fetch("/user/account")).text(), "membership-reminders")).not.toContain("checked");

    await browser.post("/user/account/email-preferences", { "membership-reminders": "on", "webinar-reminders": "on", "webinar-recordings": "on" });
    expect(await stored(user.uid)).toEqual({ "membership-reminders": true, "webinar-reminders": true, "webinar-recordings": true });
  });

  it("refuses a post without the CSRF token, from another site, or with a value a checkbox never sends, and changes nothing", async () => {
    const { browser, user } = await signedIn();
    const noToken = await browser.fetch("/user/account/email-preferences", { method: "POST", body: new URLSearchParams({ "webinar-reminders": "on" }) });
    expect(noToken.status).toBe(403);
    const crossSite = await browser.post("/user/account/email-preferences", {}, { headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    const odd = await browser.post("/user/account/email-preferences", { "webinar-reminders": "yes" });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain("can only be ticked");
    expect(await stored(user.uid)).toEqual({});

    const visitor = await new TestBrowser().post("/user/account/email-preferences", {});
    expect(visitor.status).not.toBe(200);
    expect(visitor.headers.get("Location") ?? "").not.toContain("changed=");
  });
});
