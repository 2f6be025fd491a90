/**
 * A buyer's own money documents and the e-mails that carry them, against real D1, the outbox, the
 * Firebase Auth emulator and the FAKE Stripe API (webhooks signed as Stripe signs them): credit
 * notes on /user/receipts and their own printable page (nobody else's), pro-forma invoices sent by
 * e-mail when issued (once), and staff with the finance or admin role told of a dispute by e-mail.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrderStore } from "../../src/adapters/d1/orders";
import type { NewOrder, Order } from "../../src/domain/orders";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";

const orders = createOrderStore(env.DB);
let staff: TestBrowser;
let seeded = 0;

beforeAll(async () => {
  staff = await signedInStaff();
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
async function seedOrder(user: { uid: string; email: string }, pence = 4_500): Promise<Order> {
  const n = `${Date.now().toString(36)}${seeded++}`.toUpperCase();
  const order: NewOrder = {
    id: crypto.randomUUID(),
    billing: null,
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
  async function refundedBuyer() {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const order = await seedOrder(user);
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
