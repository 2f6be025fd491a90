/**
 * A buyer's own money documents and the e-mails that carry them, against real D1, the outbox, the
 * Firebase Auth emulator and the FAKE Stripe API (webhooks signed as Stripe signs them): credit
 * notes on /user/receipts and their own printable page (nobody else's), pro-forma invoices sent by
 * e-mail when issued (once), and staff with the finance or admin role told of a dispute by e-mail.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import { createOrderStore } from "../../src/adapters/d1/orders";
import type { WebinarSummary } from "../../src/domain/content";
import type { NewOrder, Order } from "../../src/domain/orders";
import { londonDate } from "../../src/shared/london-date";
import { quoteCart } from "../../src/shared/pricing/cart-quote";
import { createUser, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";
import { deliver, dispute, fakeStripe, payCheckout, sendWebhook, signedEvent } from "../support/worker/stripe";
import { everyEntry } from "../support/worker/cms-lists";

const orders = createOrderStore(env.DB);
let staff: TestBrowser;
let webinars: WebinarSummary[];
let seeded = 0;

beforeAll(async () => {
  staff = await signedInStaff();
  webinars = await everyEntry(createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 }), webinarsOperation);
});

interface OutboxRow {
  id: string;
  dedupe_key: string;
  kind: string;
  recipient: string;
  subject: string;
  data: string;
}

const outbox = async (kind: string, dedupePrefix: string) =>
  (
    await env.DB.prepare("SELECT id, dedupe_key, kind, recipient, subject, data FROM email_outbox WHERE kind = ?1 AND substr(dedupe_key, 1, length(?2)) = ?2 ORDER BY recipient")
      .bind(kind, dedupePrefix)
      .all<OutboxRow>()
  ).results;

/** Both parts of a message, as the local mailbox renders them. */
async function rendered(id: string): Promise<{ text: string; html: string }> {
  const [text, html] = await Promise.all(["text", "html"].map((part) => SELF.fetch(`http://localhost/dev/mailbox/${id}/${part}`)));
  expect(text!.status).toBe(200);
  expect(html!.status).toBe(200);
  return { text: await text!.text(), html: await html!.text() };
}

/** A stored offline webinar order of the user, awaiting payment. */
async function seedOrder(user: { uid: string; email: string }, pence = 4_500, billing: NewOrder["billing"] = null): Promise<Order> {
  const n = `${Date.now().toString(36)}${seeded++}`.toUpperCase();
  const order: NewOrder = {
    id: crypto.randomUUID(),
    billing,
    idempotencyKey: crypto.randomUUID(),
    reference: `GH-ORD${n}`,
    userId: user.uid,
    email: user.email,
    paymentMethod: "offline",
    totalPence: pence,
    lines: [{ kind: "webinar", id: `w-${n}`, title: `Shoulder rehab ${n}`, pence, webinarIds: [`w-${n}`], stripePriceIds: [], couponId: null, vatTreatment: "standard" }],
    webinarIds: [`w-${n}`],
  };
  expect(await orders.create(order)).toBe(true);
  return (await orders.byId(order.id))!;
}

describe("a buyer's credit notes", () => {
  /** A signed-in buyer whose offline order staff have been paid for and then refunded in part. */
  async function refundedBuyer(billing: NewOrder["billing"] = null) {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const order = await seedOrder(user, 4_500, billing);
    const paid = await staff.post(`/staff/orders/${order.id}/payment`, { amount: "45.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 1" });
    expect(paid.status).toBe(303);
    const [payment] = await orders.payments(order.id);
    const refunded = await staff.post(`/staff/orders/${order.id}/refund`, {
      paymentId: payment!.id,
      refundAmount: "10.00",
      refundReason: "Goodwill: the sound failed for twenty minutes",
      revoke: "keep",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refunded.status).toBe(303);
    const note = (await env.DB.prepare("SELECT number, refund_id, receipt_number FROM credit_notes WHERE order_id = ?1").bind(order.id).first<{ number: string; refund_id: string; receipt_number: string }>())!;
    return { user, browser, order, note };
  }

  it("are listed on /user/receipts under their own heading and shown on their own private page, the staff page's document", async () => {
    const { browser, order, note } = await refundedBuyer();
    const list = await (await browser.fetch("/user/receipts")).text();
    expect(list).toContain('<h2 id="credit-notes-title">Credit notes</h2>');
    expect(list).toContain(`href="/user/credit-notes/${note.number}"`);
    expect(list).toContain(`Webinar order ${order.reference}`);
    expect(list).toContain("£10.00");
    expect(list).toContain(`href="/user/receipts/${note.receipt_number}"`);

    const response = await browser.fetch(`/user/credit-notes/${note.number}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain(`Credit note <span class="receipt__number">${note.number}</span>`);
    expect(html).toContain(note.receipt_number);
    expect(html).toContain("Goodwill: the sound failed for twenty minutes");
    expect(html).toContain("Total refunded");
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('href="/user/receipts"');
    // The same document staff print.
    const staffHtml = await (await staff.fetch(`/staff/credit-notes/${note.number}`)).text();
    const body = (page: string) => page.slice(page.indexOf('<dl class="summary-list receipt__facts">'), page.indexOf('<p class="receipt__thanks">'));
    expect(body(html)).toBe(body(staffHtml));
  });

  it("is made out to the organisation the credited receipt was invoiced to, with the buyer as who it is for", async () => {
    const billing = { organisation: "Sampleton Community Physio Ltd", address: ["1 High Street", "Sampleton", "EX1 1AA"], purchaseOrder: "PO-881", vatId: "GB123456789" };
    const { browser, note } = await refundedBuyer(billing);
    const html = await (await browser.fetch(`/user/credit-notes/${note.number}`)).text();
    expect(html).toContain('<h2 class="receipt__heading">Credit to</h2>');
    for (const line of ["Sampleton Community Physio Ltd", "1 High Street", "Purchase order: PO-881", "VAT number: GB123456789"]) expect(html).toContain(line);
    expect(html).toContain('<h2 class="receipt__heading">For</h2>');
  });

  it("newest first, when a buyer has several", async () => {
    const { browser, order } = await refundedBuyer();
    const [payment] = await orders.payments(order.id);
    const again = await staff.post(`/staff/orders/${order.id}/refund`, {
      paymentId: payment!.id,
      refundAmount: "5.00",
      refundReason: "A second goodwill gesture",
      revoke: "keep",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(again.status).toBe(303);
    const { results } = await env.DB.prepare("SELECT number FROM credit_notes WHERE order_id = ?1 ORDER BY seq").bind(order.id).all<{ number: string }>();
    expect(results).toHaveLength(2);
    const list = await (await browser.fetch("/user/receipts")).text();
    expect(list.indexOf(results[1]!.number)).toBeGreaterThan(-1);
    expect(list.indexOf(results[1]!.number)).toBeLessThan(list.indexOf(results[0]!.number));
  });

  it("anyone else gets a 404, as for a number that does not exist; a visitor is sent to sign in", async () => {
    const { note } = await refundedBuyer();
    const other = await createUser();
    const stranger = new TestBrowser();
    await stranger.signIn(other.email, other.password);
    const refused = await stranger.fetch(`/user/credit-notes/${note.number}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("Page not found");
    expect((await stranger.fetch("/user/credit-notes/CN-2026-999999")).status).toBe(404);
    expect((await stranger.fetch("/user/credit-notes/nonsense")).status).toBe(404);
    expect(await (await stranger.fetch("/user/receipts")).text()).not.toContain(note.number);
    const visitor = await new TestBrowser().fetch(`/user/credit-notes/${note.number}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/^\/api\/auth\/signin\?error=SessionRequired/);
  });

  it("the refund e-mail links to the credit note, in both parts", async () => {
    const { note } = await refundedBuyer();
    const [message, ...more] = await outbox("refund-issued", `refund-issued:${note.refund_id}`);
    expect(more).toEqual([]);
    const { text, html } = await rendered(message!.id);
    expect(text).toContain(`/user/credit-notes/${note.number}`);
    expect(html).toContain(`/user/credit-notes/${note.number}"`);
  });
});

describe("pro-forma invoices by e-mail", () => {
  interface Invoice {
    number: string;
    total_pence: number;
    payment_reference: string;
    due_on: string;
    content_key: string;
    user_id: string;
    buyer_email: string;
  }
  const invoicesFor = async (column: "application_id" | "order_id", id: string) =>
    (await env.DB.prepare(`SELECT number, total_pence, payment_reference, due_on, content_key, user_id, buyer_email FROM pro_forma_invoices WHERE ${column} = ?1 ORDER BY seq`).bind(id).all<Invoice>()).results;
  const longDay = (value: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(new Date(`${value}T12:00:00Z`));
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

  /** The one pro-forma e-mail of this application or order: says what to pay, by when, how, and links to the invoice. */
  async function expectTheEmail(source: "membership" | "order", id: string, invoice: Invoice) {
    const messages = await outbox("pro-forma-issued", `pro-forma-issued:${source}:${id}:`);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message!.recipient).toBe(invoice.buyer_email);
    expect(message!.dedupe_key).toBe(`pro-forma-issued:${source}:${id}:${invoice.content_key}`);
    expect(JSON.parse(message!.data)).toMatchObject({ proFormaNumber: invoice.number, totalPence: invoice.total_pence, paymentReference: invoice.payment_reference, dueOn: invoice.due_on });
    const { text, html } = await rendered(message!.id);
    for (const part of [text, html]) {
      expect(part).toContain(invoice.number);
      expect(part).toContain(invoice.payment_reference);
      expect(part).toContain(pounds(invoice.total_pence));
      expect(part).toContain(longDay(invoice.due_on));
      expect(part.toLowerCase()).toContain("sort code");
      expect(part).toContain(`/user/pro-forma/${invoice.number}`);
    }
    expect(html).toContain(`/user/pro-forma/${invoice.number}"`);
  }

  async function joinOffline() {
    const browser = new TestBrowser();
    const form = validForm();
    expect((await browser.post("/join", form)).status).toBe(303);
    // The same form sent again (a double submit) issues nothing more and sends nothing more.
    expect((await browser.post("/join", form)).status).toBe(303);
    const application = (await env.DB.prepare("SELECT id FROM applications WHERE idempotency_key = ?1").bind(form.idempotencyKey).first<{ id: string }>())!;
    return application;
  }

  it("a bank-transfer join e-mails its invoice to the applicant, once", async () => {
    const application = await joinOffline();
    const [invoice] = await invoicesFor("application_id", application.id);
    await expectTheEmail("membership", application.id, invoice!);
  });

  it("a bank-transfer webinar order e-mails its invoice to the buyer, once", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const webinar = webinars.find((w) => w.slug === "exercise-prescription-for-older-adults")!;
    const total = quoteCart([{ kind: "webinar", id: webinar.id }], { webinars, bundles: [] }, "user", new Date(), new Set()).totalPence;
    const checkout = { items: `webinar:${webinar.id}`, expectedTotalPence: String(total), idempotencyKey: crypto.randomUUID(), paymentMethod: "offline" };
    expect((await browser.post("/cart/checkout", checkout)).status).toBe(303);
    expect((await browser.post("/cart/checkout", checkout)).status).toBe(303);
    const order = (await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string }>())!;
    const [invoice, ...more] = await invoicesFor("order_id", order.id);
    expect(more).toEqual([]);
    await expectTheEmail("order", order.id, invoice!);
    expect(await (await SELF.fetch(`http://localhost/dev/mailbox/${(await outbox("pro-forma-issued", `pro-forma-issued:order:${order.id}:`))[0]!.id}/text`)).text()).toContain(webinar.name);
  });

  it("staff asking for the same invoice again send nothing; a new invoice (changed amount) is e-mailed too", async () => {
    const application = await joinOffline();
    expect((await staff.post(`/staff/applications/${application.id}/pro-forma`, {})).status).toBe(303);
    expect((await staff.post(`/staff/applications/${application.id}/pro-forma`, {})).status).toBe(303);
    expect(await outbox("pro-forma-issued", `pro-forma-issued:membership:${application.id}:`)).toHaveLength(1);

    await env.DB.prepare("UPDATE applications SET amount_due_pence = amount_due_pence + 500 WHERE id = ?1").bind(application.id).run();
    expect((await staff.post(`/staff/applications/${application.id}/pro-forma`, {})).status).toBe(303);
    expect((await staff.post(`/staff/applications/${application.id}/pro-forma`, {})).status).toBe(303);
    const invoices = await invoicesFor("application_id", application.id);
    expect(invoices).toHaveLength(2);
    const messages = await outbox("pro-forma-issued", `pro-forma-issued:membership:${application.id}:`);
    expect(messages).toHaveLength(2);
    const reissued = messages.find((m) => m.dedupe_key.endsWith(invoices[1]!.content_key))!;
    expect(JSON.parse(reissued.data)).toMatchObject({ proFormaNumber: invoices[1]!.number, totalPence: invoices[1]!.total_pence });
  });

  it("staff issuing one for an order awaiting a bank transfer that had none e-mails it", async () => {
    const user = await createUser();
    const order = await seedOrder(user, 3_000);
    expect(await invoicesFor("order_id", order.id)).toEqual([]);
    expect((await staff.post(`/staff/orders/${order.id}/pro-forma`, {})).status).toBe(303);
    const [invoice] = await invoicesFor("order_id", order.id);
    await expectTheEmail("order", order.id, invoice!);
  });
});

describe("staff hear about disputes", () => {
  const TEAM = {
    finance: `finance-${crypto.randomUUID().slice(0, 8)}@guildhall.example`,
    admin: `admin-${crypto.randomUUID().slice(0, 8)}@guildhall.example`,
    membership: `membership-${crypto.randomUUID().slice(0, 8)}@guildhall.example`,
    readOnly: `readonly-${crypto.randomUUID().slice(0, 8)}@guildhall.example`,
    removedFinance: `gone-${crypto.randomUUID().slice(0, 8)}@guildhall.example`,
  };

  beforeAll(async () => {
    const add = (email: string, role: string) => env.DB.prepare("INSERT INTO staff_members (email, role, added_by) VALUES (?1, ?2, 'test')").bind(email, role);
    await env.DB.batch([
      add(TEAM.finance, "finance"),
      add(TEAM.admin, "admin"),
      add(TEAM.membership, "membership"),
      add(TEAM.readOnly, "read_only"),
      add(TEAM.removedFinance, "finance"),
      env.DB.prepare("UPDATE staff_members SET removed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE email = ?1").bind(TEAM.removedFinance),
    ]);
  });

  /** Every current finance or admin address: the demo staff account (an administrator) among them. */
  const readers = async () =>
    (await env.DB.prepare("SELECT email FROM staff_members WHERE removed_at IS NULL AND role IN ('finance', 'admin') ORDER BY email").all<{ email: string }>()).results.map((r) => r.email);

  /** A card order the buyer has paid at (fake) Stripe Checkout, its webhook handled. */
  async function cardOrder(pence = 4_500) {
    const user = await createUser();
    const n = `${Date.now().toString(36)}${seeded++}`.toUpperCase();
    const order: NewOrder = {
      id: crypto.randomUUID(),
      billing: null,
      idempotencyKey: crypto.randomUUID(),
      reference: `GH-ORD${n}`,
      userId: user.uid,
      email: user.email,
      paymentMethod: "card",
      totalPence: pence,
      lines: [{ kind: "webinar", id: `w-${n}`, title: `Knee pain ${n}`, pence, webinarIds: [`w-${n}`], stripePriceIds: [], couponId: null, vatTreatment: "standard" }],
      webinarIds: [`w-${n}`],
    };
    expect(await orders.create(order)).toBe(true);
    const session = await fakeStripe<{ id: string }>("/v1/checkout/sessions", {
      headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        mode: "payment",
        "metadata[kind]": "order",
        "metadata[orderId]": order.id,
        "metadata[userId]": user.uid,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "gbp",
        "line_items[0][price_data][unit_amount]": String(pence),
      }),
    });
    const paid = (await payCheckout(session.id, pence)) as unknown as { session: { payment_intent: string } };
    expect((await sendWebhook("checkout.session.completed", { id: session.id, object: "checkout.session" })).status).toBe(200);
    return { user, order, paymentIntent: paid.session.payment_intent };
  }

  it("a dispute opened: one e-mail to each finance and admin staff member, however often the event comes; none to other roles", async () => {
    const { user, order, paymentIntent } = await cardOrder();
    const opened = await dispute({ paymentIntent, status: "needs_response" });
    const event = await signedEvent("charge.dispute.created", { id: opened.id, object: "dispute" });
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    // Stripe may also send the same news under a new event id: still nothing more.
    expect((await sendWebhook("charge.dispute.created", { id: opened.id, object: "dispute" })).status).toBe(200);

    const messages = await outbox("dispute-opened", `dispute-opened:${opened.id}:`);
    const to = messages.map((m) => m.recipient);
    expect(to).toEqual(await readers());
    expect(to).toContain(TEAM.finance);
    expect(to).toContain(TEAM.admin);
    expect(to).toContain("staff@guildhall.example");
    for (const absent of [TEAM.membership, TEAM.readOnly, TEAM.removedFinance, user.email]) expect(to).not.toContain(absent);
    expect(new Set(messages.map((m) => m.dedupe_key)).size).toBe(messages.length);
    // The payer's user id is in each key: erasing the payer's account finds these rows (they carry their name and address).
    for (const m of messages) expect(m.dedupe_key).toBe(`dispute-opened:${opened.id}:${user.uid}:${m.recipient}`);

    const receipt = (await env.DB.prepare("SELECT number FROM receipts WHERE order_id = ?1").bind(order.id).first<{ number: string }>())!;
    const due = JSON.parse(messages[0]!.data).evidenceDueBy as string;
    expect(Math.round((new Date(due).getTime() - Date.now()) / 86_400_000)).toBe(7);
    const dueDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(new Date(due));
    const { text, html } = await rendered(messages.find((m) => m.recipient === TEAM.finance)!.id);
    for (const part of [text, html]) {
      expect(part).toContain(user.email);
      expect(part).toContain(`Webinar order ${order.reference}`);
      expect(part).toContain(receipt.number);
      expect(part).toContain("£45.00");
      expect(part).toContain("fraudulent");
      expect(part).toContain(dueDay);
      expect(part).toContain(`/staff/orders/${order.id}`);
    }
    expect(await outbox("dispute-closed", `dispute-closed:${opened.id}:`)).toEqual([]);
  });

  it("a dispute decided: the shorter closing e-mail to the same readers, once", async () => {
    const { order, paymentIntent } = await cardOrder(3_000);
    const opened = await dispute({ paymentIntent, status: "needs_response" });
    expect((await sendWebhook("charge.dispute.created", { id: opened.id, object: "dispute" })).status).toBe(200);
    await dispute({ id: opened.id, status: "lost" });
    const closed = await signedEvent("charge.dispute.closed", { id: opened.id, object: "dispute" });
    for (let i = 0; i < 3; i++) expect((await deliver(closed)).status).toBe(200);

    const messages = await outbox("dispute-closed", `dispute-closed:${opened.id}:`);
    expect(messages.map((m) => m.recipient)).toEqual(await readers());
    expect(await outbox("dispute-opened", `dispute-opened:${opened.id}:`)).toHaveLength(messages.length);
    expect(JSON.parse(messages[0]!.data)).toMatchObject({ outcome: "lost", amountPence: 3_000 });
    const { text } = await rendered(messages[0]!.id);
    expect(messages[0]!.subject).toContain("Dispute lost");
    expect(text).toContain("The dispute was lost");
    expect(text).toContain(`/staff/orders/${order.id}`);
    expect(text).not.toContain("Evidence due by");
  });
});
