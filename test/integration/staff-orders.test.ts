/**
 * Staff: the webinar orders list and search, one order, recording an offline payment (which
 * grants the order's webinars), cancelling, and the CSV export — against real D1 and the
 * Firebase Auth emulator's demo staff account (staff@guildhall.example, in STAFF_EMAILS by
 * wrangler.toml). Orders are seeded straight into D1 for a buyer made in the emulator.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrderStore } from "../../src/adapters/d1/orders";
import type { NewOrder, Order, OrderLine } from "../../src/domain/orders";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { badOfflinePayments, expectHiddenFromNonStaff, expectStaffHeaders, signedInStaff, STAFF } from "../support/worker/staff";

const store = createOrderStore(env.DB);
let staff: TestBrowser;
let buyer: { email: string; uid: string };
let seeded = 0;

beforeAll(async () => {
  staff = await signedInStaff();
  buyer = await createUser();
});

const line = (fields: Partial<OrderLine> & Pick<OrderLine, "id" | "title" | "pence" | "webinarIds">): OrderLine => ({
  kind: "webinar",
  vatTreatment: "standard",
  stripePriceIds: [],
  couponId: null,
  ...fields,
});

/**
 * A stored order awaiting offline payment for the buyer: one webinar (£45) and a bundle of two
 * (£60), each with webinar ids of its own so entitlements can be told apart. `createdAt` backdates it.
 */
async function seed(overrides: Partial<NewOrder> & { createdAt?: string } = {}): Promise<Order> {
  const n = `${Date.now().toString(36)}${seeded++}`.toUpperCase();
  const { createdAt, ...fields } = overrides;
  const lines = [
    line({ id: `w-${n}`, title: `Root canals ${n}`, pence: 4_500, webinarIds: [`w-${n}`] }),
    line({ kind: "bundle", id: `b-${n}`, title: `Implants bundle ${n}`, pence: 6_000, webinarIds: [`w-${n}-1`, `w-${n}-2`], couponId: "coupon-1" }),
  ];
  const order: NewOrder = {
    id: crypto.randomUUID(),
    billing: null,
    idempotencyKey: crypto.randomUUID(),
    reference: `GH-ORD${n}`,
    userId: buyer.uid,
    email: buyer.email,
    paymentMethod: "offline",
    totalPence: 10_500,
    lines,
    webinarIds: lines.flatMap((l) => l.webinarIds),
    ...fields,
  };
  expect(await store.create(order)).toBe(true);
  if (createdAt) await env.DB.prepare("UPDATE orders SET created_at = ?2 WHERE id = ?1").bind(order.id, createdAt).run();
  return (await store.byId(order.id))!;
}

const state = async (o: Order) => ({
  order: await env.DB.prepare("SELECT status, cancelled_reason FROM orders WHERE id = ?1").bind(o.id).first(),
  payments: (await env.DB.prepare("SELECT method, amount_pence, received_on, reference, recorded_by FROM order_payments WHERE order_id = ?1").bind(o.id).all()).results,
  entitlements: (await env.DB.prepare("SELECT user_id, webinar_id FROM entitlements WHERE order_id = ?1 ORDER BY webinar_id").bind(o.id).all()).results,
  audit: (await env.DB.prepare("SELECT staff_email, action, order_id, application_id, details FROM staff_audit_log WHERE order_id = ?1 ORDER BY id").bind(o.id).all())
    .results,
});

const unchanged = () => ({ order: { status: "awaiting_payment", cancelled_reason: null }, payments: [], entitlements: [], audit: [] });

const today = () => londonDate(new Date());
const payment = (fields: Record<string, string> = {}) => ({ amount: "105.00", receivedOn: today(), paymentReference: "BACS 778899", ...fields });
const paymentUrl = (o: Order) => `/staff/orders/${o.id}/payment`;
const cancelUrl = (o: Order) => `/staff/orders/${o.id}/cancel`;
const list = async (query: string) => {
  const response = await staff.fetch(`/staff/orders${query}`);
  expect(response.status).toBe(200);
  return response.text();
};

describe("the staff gate on orders", () => {
  it("gives visitors and signed-in non-staff (the buyer too) a 404 on every orders URL, GET and POST, and changes nothing", async () => {
    const o = await seed();
    await expectHiddenFromNonStaff(
      ["/staff/orders", "/staff/orders?status=all", `/staff/orders?q=${o.reference}`, "/staff/orders.csv", `/staff/orders/${o.id}`, "/staff/orders/nope"],
      [
        [paymentUrl(o), payment()],
        [cancelUrl(o), { reason: "The buyer asked us to cancel" }],
      ],
      o.reference,
    );
    expect(await state(o)).toEqual(unchanged());
  });

  it("lets staff in, privately and unindexed, with links between applications and orders", async () => {
    const response = await staff.fetch("/staff/orders");
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const orders = await response.text();
    expect(orders).toContain('<meta name="robots" content="noindex"');
    expect(orders).toContain('<nav class="staff-tabs staff-nav" aria-label="Staff area">');
    expect(orders).toContain('href="/staff/applications"');
    expect(orders).toContain('<a href="/staff/orders" aria-current="true">Webinar orders</a>');

    const applications = await (await staff.fetch("/staff/applications")).text();
    expect(applications).toContain('<a href="/staff/orders">Webinar orders</a>');
    expect(applications).toContain('<a href="/staff/applications" aria-current="true">Membership applications</a>');
  });
});

describe("the orders list", () => {
  it("filters by status, newest first, awaiting payment by default, with each order's items, total, method and status", async () => {
    const tag = `LST${Date.now()}`;
    const email = (suffix: string) => `buyer.${tag.toLowerCase()}.${suffix}@example.org`;
    const older = await seed({ email: email("older"), createdAt: "2026-01-01T09:00:00.000Z" });
    const newer = await seed({ email: email("newer"), createdAt: "2026-01-02T09:00:00.000Z" });
    const paid = await seed({ email: email("paid") });
    expect((await staff.post(paymentUrl(paid), payment())).status).toBe(303);
    const cancelled = await seed({ email: email("cancelled") });
    expect((await staff.post(cancelUrl(cancelled), { reason: "Duplicate order" })).status).toBe(303);

    const awaiting = await list(`?q=${tag}`);
    expect(awaiting).toContain(newer.reference);
    expect(awaiting.indexOf(newer.reference)).toBeLessThan(awaiting.indexOf(older.reference));
    expect(awaiting).not.toContain(paid.reference);
    expect(awaiting).not.toContain(cancelled.reference);
    for (const heading of ["Reference", "Buyer&#x27;s e-mail", "Placed", "Items", "Method", "Status"]) expect(awaiting).toContain(`<th scope="col">${heading}</th>`);
    expect(awaiting).toContain(`<a href="/staff/orders/${newer.id}">${newer.reference}</a>`);
    expect(awaiting).toContain(newer.email);
    expect(awaiting).toContain(`2 items: ${newer.lines[0]!.title}; ${newer.lines[1]!.title}`);
    expect(awaiting).toContain("£105.00");
    expect(awaiting).toContain("<td>Offline</td>");
    expect(awaiting).toContain(">Awaiting payment</span>");
    expect(awaiting).toContain("Thu, 1 Jan 2026");

    const onlyPaid = await list(`?status=paid&q=${tag}`);
    expect(onlyPaid).toContain(paid.reference);
    expect(onlyPaid).not.toContain(newer.reference);
    expect(onlyPaid).toContain(">Paid</span>");

    const onlyCancelled = await list(`?status=cancelled&q=${tag}`);
    expect(onlyCancelled).toContain(cancelled.reference);
    expect(onlyCancelled).not.toContain(paid.reference);
    expect(onlyCancelled).toContain('staff-status--rejected">Cancelled</span>');

    const all = await list(`?status=all&q=${tag}`);
    for (const o of [older, newer, paid, cancelled]) expect(all).toContain(o.reference);
    expect(all).toContain(`href="/staff/orders.csv?status=all&amp;q=${tag}"`);
    expect(all).toContain('aria-current="page">All</a>');
  });

  it("searches e-mail addresses (any case) and references, taking % and _ literally", async () => {
    const tag = `srch${Date.now()}`;
    const mine = await seed({ email: `Grace_${tag}@Example.org` });
    const other = await seed({ email: `alan.${tag}@example.org` });

    const byEmail = await list(`?q=${encodeURIComponent(`grace_${tag}@EXAMPLE`)}`);
    expect(byEmail).toContain(mine.reference);
    expect(byEmail).not.toContain(other.reference);
    const byReference = await list(`?q=${other.reference.toLowerCase()}`);
    expect(byReference).toContain(other.reference);
    expect(byReference).not.toContain(mine.reference);

    const wildcard = await list(`?status=all&q=${encodeURIComponent(`%${tag}`)}`);
    expect(wildcard).not.toContain(mine.reference);
    expect(wildcard).toContain("No orders match your search.");
    expect(await list(`?q=${encodeURIComponent(`_${tag}%`)}`)).toContain("No orders awaiting payment match your search.");
  });

  it("refuses an unknown status and an overlong search", async () => {
    const unknown = await staff.fetch("/staff/orders?status=refunded");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown status");
    const long = await staff.fetch(`/staff/orders?q=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Search for at most 200 characters");
    expect((await staff.fetch("/staff/orders.csv?status=rejected")).status).toBe(400);
  });
});

describe("one order", () => {
  it("shows the buyer, each line at its price, the webinars it grants, and the two forms while awaiting payment", async () => {
    const o = await seed({ createdAt: "2026-01-05T10:15:00.000Z" });
    const response = await staff.fetch(`/staff/orders/${o.id}`);
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const html = await response.text();
    for (const text of [
      `Order ${o.reference}`,
      buyer.email,
      buyer.uid,
      `<th scope="row">${o.lines[0]!.title}</th><td>Webinar</td><td>${o.lines[0]!.id}</td><td class="staff-table__number">£45.00</td>`,
      `<th scope="row">${o.lines[1]!.title}</th><td>Bundle</td><td>${o.webinarIds[1]}, ${o.webinarIds[2]}</td><td class="staff-table__number">£60.00</td>`,
      '<th scope="row" colSpan="3">Total</th><td class="staff-table__number">£105.00</td>',
      ...o.webinarIds.map((id) => `<code>${id}</code>`),
      "The buyer may watch these webinars once the payment is recorded.",
      "5 January 2026",
      "Offline",
      "Awaiting payment",
      "No payment has been received.",
      "No staff action has been taken on this order.",
      "Record an offline payment",
      "The order total is £105.00.",
      'value="105.00"',
      `value="${o.reference}"`,
      `min="2026-01-05"`,
      `max="${today()}"`,
      `action="/staff/orders/${o.id}/payment"`,
      `action="/staff/orders/${o.id}/cancel"`,
      'name="csrfToken"',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain('name="confirmAmount"');
  });

  it("is a 404 when there is no such order, for every action", async () => {
    expect((await staff.fetch("/staff/orders/does-not-exist")).status).toBe(404);
    expect((await staff.post("/staff/orders/does-not-exist/payment", payment())).status).toBe(404);
    expect((await staff.post("/staff/orders/does-not-exist/cancel", { reason: "No such order" })).status).toBe(404);
  });
});

describe("recording an offline payment for an order", () => {
  it("marks it paid, stores the payment, grants every webinar in it and logs who did it", async () => {
    const o = await seed({ createdAt: "2026-01-10T12:00:00.000Z" });
    const response = await staff.post(paymentUrl(o), payment({ amount: "£105", receivedOn: "2026-01-12", paymentReference: "  Cheque 000123 " }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/staff/orders/${o.id}?done=payment`);

    const after = await state(o);
    expect(after.order).toEqual({ status: "paid", cancelled_reason: null });
    expect(after.payments).toEqual([{ method: "offline", amount_pence: 10_500, received_on: "2026-01-12", reference: "Cheque 000123", recorded_by: STAFF.email }]);
    expect(after.entitlements).toEqual([...o.webinarIds].sort().map((webinar_id) => ({ user_id: buyer.uid, webinar_id })));
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).toMatchObject({ staff_email: STAFF.email, action: "order.payment.recorded", order_id: o.id, application_id: null });
    expect(JSON.parse(String(after.audit[0]!.details))).toMatchObject({ amountPence: 10_500, receivedOn: "2026-01-12", reference: "Cheque 000123", orderTotalPence: 10_500 });
    expect([...(await store.entitledWebinarIds(buyer.uid))]).toEqual(expect.arrayContaining(o.webinarIds));

    const page = await staff.fetch(response.headers.get("Location")!);
    expectStaffHeaders(page);
    const html = await page.text();
    expect(html).toContain("Payment recorded. The buyer can now watch their webinars.");
    expect(html).toContain("The buyer may watch these webinars.");
    expect(html).toContain("Cheque 000123");
    expect(html).toContain("Recorded an offline payment");
    expect(html).toContain(STAFF.email);
    expect(html).not.toContain("Record an offline payment");
    expect(html).not.toContain(`action="/staff/orders/${o.id}/cancel"`);
  });

  it("asks staff to confirm an amount other than the total, records nothing until they do, then records that amount", async () => {
    const o = await seed();
    const unconfirmed = await staff.post(paymentUrl(o), payment({ amount: "100" }));
    expect(unconfirmed.status).toBe(400);
    const html = await unconfirmed.text();
    expect(html).toContain('data-field-error="confirmAmount"');
    expect(html).toContain("£100.00 is not the order total of £105.00. Check the amount, then tick the box to confirm it was received.");
    expect(html).toContain('href="#confirmAmount"');
    expect(html).toContain('name="confirmedPence" value="10000"');
    expect(html).toContain('value="100"');
    expect(await state(o)).toEqual(unchanged());

    // A ticked box confirms only the amount it was shown for.
    const changed = await staff.post(paymentUrl(o), payment({ amount: "10", confirmAmount: "on", confirmedPence: "10000" }));
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain("£10.00 is not the order total of £105.00");
    expect(await state(o)).toEqual(unchanged());

    const confirmed = await staff.post(paymentUrl(o), payment({ amount: "100", confirmAmount: "on", confirmedPence: "10000" }));
    expect(confirmed.status).toBe(303);
    const after = await state(o);
    expect(after.order).toMatchObject({ status: "paid" });
    expect(after.payments).toMatchObject([{ amount_pence: 10_000 }]);
    expect(after.entitlements).toHaveLength(3);
    const detail = await (await staff.fetch(`/staff/orders/${o.id}`)).text();
    expect(detail).toContain("£100.00, which differs from the total");
  });

  it.each(badOfflinePayments("order"))("refuses %s with a specific message next to the field, keeps the values and changes nothing", async (_, fields, field, message) => {
    const o = await seed();
    const response = await staff.post(paymentUrl(o), payment(fields));
    expect(response.status).toBe(400);
    expectStaffHeaders(response);
    const html = await response.text();
    expect(html).toContain(`data-field-error="${field}"`);
    expect(html).toContain(message);
    expect(html).toContain(`href="#${field}"`);
    const kept = payment(fields);
    if (kept.amount.length < 100) expect(html).toContain(`value="${kept.amount}"`);
    expect(html).toContain(`value="${kept.paymentReference.slice(0, 20)}`);
    expect(html.length).toBeLessThan(200_000);
    expect(await state(o)).toEqual(unchanged());
  });

  it("refuses fields that are missing altogether, reporting every problem at once", async () => {
    const o = await seed();
    const response = await staff.post(paymentUrl(o), {});
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter the amount received");
    expect(html).toContain("Enter the date the payment was received");
    expect(html).toContain("Enter the payment reference");
    expect(await state(o)).toEqual(unchanged());
  });

  it("pays once when the same form is submitted twice: the second is told clearly and nothing more is stored", async () => {
    const o = await seed();
    expect((await staff.post(paymentUrl(o), payment())).status).toBe(303);
    const before = await state(o);
    const again = await staff.post(paymentUrl(o), payment({ paymentReference: "second" }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`Order ${o.reference} is paid, not awaiting payment, so you cannot record a payment. Nothing has been changed.`);
    expect(await state(o)).toEqual(before);
  });

  it("two staff recording the same payment at once: one succeeds, the other is refused, one payment stored", async () => {
    const o = await seed();
    const other = await signedInStaff();
    const [a, b] = await Promise.all([staff.post(paymentUrl(o), payment({ paymentReference: "first" })), other.post(paymentUrl(o), payment({ paymentReference: "second" }))]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await refused.text()).toContain("is paid, not awaiting payment, so you cannot record a payment. Nothing has been changed.");
    const after = await state(o);
    expect(after.payments).toHaveLength(1);
    expect(after.audit.filter((entry) => entry.action === "order.payment.recorded")).toHaveLength(1);
    expect(after.entitlements).toHaveLength(3);
  });
});

describe("cancelling an order", () => {
  it.each([
    ["no reason", "", "Enter the reason for cancelling the order"],
    ["a blank reason", "    ", "Enter the reason for cancelling the order"],
    ["a short reason", "no", "The reason must be at least 5 characters"],
    ["a long reason", "x".repeat(501), "The reason must be at most 500 characters"],
    ["a huge reason", "x".repeat(100_000), "The reason must be at most 500 characters"],
  ])("refuses %s and changes nothing", async (_, reason, message) => {
    const o = await seed();
    const response = await staff.post(cancelUrl(o), { reason });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('data-field-error="reason"');
    expect(html).toContain(message);
    expect(html).toContain("The order was not cancelled");
    expect(await state(o)).toEqual(unchanged());
  });

  it("refuses a form with no reason field at all", async () => {
    const o = await seed();
    const response = await staff.post(cancelUrl(o), {});
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter the reason for cancelling the order");
    expect(await state(o)).toEqual(unchanged());
  });

  it("cancels with the reason, grants nothing, logs who did it, and then refuses a payment", async () => {
    const o = await seed();
    const response = await staff.post(cancelUrl(o), { reason: "  Buyer paid by <b>card</b> instead  " });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/staff/orders/${o.id}?done=cancelled`);
    const after = await state(o);
    expect(after.order).toEqual({ status: "cancelled", cancelled_reason: "Buyer paid by <b>card</b> instead" });
    expect(after.payments).toEqual([]);
    expect(after.entitlements).toEqual([]);
    expect(after.audit).toMatchObject([{ staff_email: STAFF.email, action: "order.cancelled", order_id: o.id }]);
    expect(JSON.parse(String(after.audit[0]!.details))).toEqual({ reason: "Buyer paid by <b>card</b> instead" });

    const html = await (await staff.fetch(response.headers.get("Location")!)).text();
    expect(html).toContain("Order cancelled. The reason is kept on its record.");
    expect(html).toContain("Buyer paid by &lt;b&gt;card&lt;/b&gt; instead");
    expect(html).toContain("Cancelled the order");
    expect(html).toContain("Not granted: the order was cancelled.");

    const late = await staff.post(paymentUrl(o), payment());
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(`Order ${o.reference} is cancelled, not awaiting payment, so you cannot record a payment.`);
    const twice = await staff.post(cancelUrl(o), { reason: "Cancelling again" });
    expect(twice.status).toBe(409);
    expect(await state(o)).toEqual(after);
  });

  it("refuses to cancel a paid order and changes nothing", async () => {
    const o = await seed();
    expect((await staff.post(paymentUrl(o), payment())).status).toBe(303);
    const before = await state(o);
    const response = await staff.post(cancelUrl(o), { reason: "Changed our minds" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(`Order ${o.reference} is paid, not awaiting payment, so you cannot cancel it.`);
    expect(await state(o)).toEqual(before);
  });
});

describe("CSRF on order actions", () => {
  it("refuses a staff POST without the token, with a forged one, or from another site, and changes nothing", async () => {
    const o = await seed();
    expect((await staff.fetch(paymentUrl(o), { method: "POST", body: new URLSearchParams(payment()) })).status).toBe(403);
    expect((await staff.fetch(cancelUrl(o), { method: "POST", body: new URLSearchParams({ reason: "Not wanted", csrfToken: "forged" }) })).status).toBe(403);
    expect((await staff.post(paymentUrl(o), payment(), { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect(await state(o)).toEqual(unchanged());
  });
});

describe("the orders CSV export", () => {
  it("exports the filtered orders as RFC 4180 CSV with formulas neutralised, and logs the export", async () => {
    const tag = `csv${Date.now()}`;
    const tricky = await seed({
      email: `=cmd.${tag}@example.org`,
      lines: [
        line({ id: "w-1", title: '=HYPERLINK("http://evil.example","Click")', pence: 4_500, webinarIds: ["w-1"] }),
        line({ kind: "bundle", id: "b-1", title: "Crowns, bridges\nand more", pence: 1_550, webinarIds: ["@w-2", "w-3"] }),
      ],
      webinarIds: ["w-1", "@w-2", "w-3"],
      totalPence: 6_050,
    });
    const paid = await seed({ email: `paid.${tag}@example.org` });
    expect((await staff.post(paymentUrl(paid), payment())).status).toBe(303);
    const exports = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'orders.exported'").first<{ n: number }>())!.n;
    const before = await exports();

    const response = await staff.fetch(`/staff/orders.csv?status=awaiting_payment&q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="orders-${today()}.csv"`);
    expectStaffHeaders(response);
    const csv = await response.text();
    expect(csv.split("\r\n")[0]).toBe("Reference,Placed,Status,E-mail,User id,Payment method,Total (GBP),Items,Item titles,Webinar ids,Cancelled reason");
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv).not.toContain(paid.reference);
    expect(csv).toContain(
      `${tricky.reference},${tricky.createdAt},awaiting_payment,'=cmd.${tag}@example.org,${buyer.uid},offline,60.50,2,"'=HYPERLINK(""http://evil.example"",""Click""); Crowns, bridges\nand more",w-1; @w-2; w-3,\r\n`,
    );

    const all = await (await staff.fetch(`/staff/orders.csv?status=all&q=${tag}`)).text();
    expect(all).toContain(tricky.reference);
    expect(all).toContain(`${paid.reference},${paid.createdAt},paid,`);

    expect(await exports()).toBe(before + 2);
    const entry = await env.DB.prepare("SELECT staff_email, order_id, details FROM staff_audit_log WHERE action = 'orders.exported' ORDER BY id DESC LIMIT 2").all<{
      staff_email: string;
      order_id: string | null;
      details: string;
    }>();
    expect(entry.results.map((e) => ({ ...e, details: JSON.parse(e.details) }))).toEqual([
      { staff_email: STAFF.email, order_id: null, details: { status: "all", search: tag, count: 2 } },
      { staff_email: STAFF.email, order_id: null, details: { status: "awaiting_payment", search: tag, count: 1 } },
    ]);
  });
});
