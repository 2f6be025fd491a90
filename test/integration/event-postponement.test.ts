/**
 * A postponed event and the money (issue 27, docs/decisions/0078), against the real Strapi demo
 * content, D1 and the FAKE Stripe API (test/support/fake-stripe.ts; Stripe cannot be reached
 * here): staff reopen a postponed event on new dates, telling everyone booked; its buyers may
 * cancel online for the full price whatever the usual policy (card refunded through Stripe, a bank
 * transfer recorded as refund due); and a refunded place's CPD entry and certificate are withdrawn
 * in the refund's batch, whoever refunds it.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { dashboardRefund, payCheckout, sendWebhook, stripeRequests } from "../support/worker/stripe";

// One staff sign-in for the whole file (the sign-in limiter counts per address).
let staffBrowser: Promise<TestBrowser> | undefined;
// A sign-in lost to a busy machine is tried again by the next test rather than failing every one.
const staffSession = () =>
  (staffBrowser ??= signedInStaff().catch((error: unknown) => {
    staffBrowser = undefined;
    throw error;
  }));

let events: SocietyEvent[];
const course = () => events.find((e) => e.slug === "manual-therapy-course")!;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
});

/** Staff's changes and every booking of the course go after each test, so the others see it scheduled and empty. */
afterEach(async () => {
  const id = course().id;
  await env.DB.batch([
    env.DB.prepare("DELETE FROM event_state_changes WHERE event_id = ?1").bind(id),
    env.DB.prepare("DELETE FROM event_cancellation_orders WHERE event_id = ?1").bind(id),
    env.DB.prepare("DELETE FROM event_attendees WHERE event_id = ?1").bind(id),
    env.DB.prepare("DELETE FROM event_bookings WHERE event_id = ?1").bind(id),
    env.DB.prepare("DELETE FROM event_waitlist WHERE event_id = ?1").bind(id),
  ]);
});

const count = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const bookingStatuses = async (userId: string) => (await env.DB.prepare("SELECT status FROM event_bookings WHERE user_id = ?1").bind(userId).all<{ status: string }>()).results.map((r) => r.status);
const textOf = async (id: string) => (await SELF.fetch(`http://localhost/dev/mailbox/${id}/text`)).text();

/** A buyer with one paid place on the course, named `name` (at `email`, their own address unless given). */
async function buyer(name: string, paymentMethod: "card" | "offline", email?: string) {
  const user = await createUser();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  const booked = await browser.post("/events/manual-therapy-course/book", { places: "1", "a0.ticket": "place", "a0.name": name, "a0.email": email ?? user.email });
  expect(booked.status).toBe(303);
  const add = new URL(booked.headers.get("Location")!, "http://localhost").searchParams.get("add")!;
  expect((await browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod })).status).toBe(303);
  const order = (await env.DB.prepare("SELECT id, checkout_session_id FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; checkout_session_id: string | null }>())!;
  let chargeId = "";
  let paymentIntent = "";
  if (paymentMethod === "card") {
    const paid = (await payCheckout(order.checkout_session_id!, 12000)) as unknown as { session: { payment_intent: string }; charge: { id: string } };
    chargeId = paid.charge.id;
    paymentIntent = paid.session.payment_intent;
    expect((await sendWebhook("checkout.session.completed", { id: order.checkout_session_id!, object: "checkout.session" })).status).toBe(200);
  } else {
    const staff = await staffSession();
    expect((await staff.post(`/staff/orders/${order.id}/payment`, { amount: "120.00", receivedOn: londonDate(new Date()), paymentReference: `BACS ${name}` })).status).toBe(303);
  }
  const booking = (await env.DB.prepare("SELECT id FROM event_bookings WHERE user_id = ?1").bind(user.uid).first<{ id: string }>())!;
  const attendee = (await env.DB.prepare("SELECT id, qr_token FROM event_attendees WHERE booking_id = ?1").bind(booking.id).first<{ id: string; qr_token: string }>())!;
  expect(await bookingStatuses(user.uid)).toEqual(["confirmed"]);
  return { user, browser, orderId: order.id, bookingId: booking.id, attendee, chargeId, paymentIntent };
}

async function postpone() {
  const staff = await staffSession();
  expect((await staff.post(`/staff/events/${course().id}/state`, { action: "postpone", reason: "The venue is closed for repairs.", newDateText: "Summer 2027", confirmed: "1" })).status).toBe(303);
}

/** A day `days` from now as the reopening form types it (YYYY-MM-DD, London). */
const dayFromNow = (days: number) => londonDate(new Date(Date.now() + days * 86_400_000));
const londonClock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

describe("staff reopen a postponed event on new dates", () => {
  it("keeps the bookings, puts the event back on sale on its new dates, tells every buyer and named attendee once in the reopening's batch, and audits it", async () => {
    // The course has two places: one booked for a colleague, one left for a late booker.
    const booked = await buyer("Named Colleague", "card", "named.colleague@guild.example");
    await postpone();
    const staff = await staffSession();
    const page = await (await staff.fetch(`/staff/events/${course().id}`)).text();
    expect(page).toContain("Reopen on new dates");
    expect(page).toContain(`action="/staff/events/${course().id}/reopen"`);

    const newDay = dayFromNow(70);
    const reopen = await staff.post(`/staff/events/${course().id}/reopen`, { startDate: newDay, startTime: "10:00", endDate: newDay, endTime: "16:30" });
    expect(reopen.status).toBe(303);

    const row = await env.DB.prepare("SELECT state, new_starts_at, new_ends_at, reopened_at FROM event_state_changes WHERE event_id = ?1").bind(course().id).first<{ state: string; new_starts_at: string; new_ends_at: string; reopened_at: string }>();
    expect(row).toMatchObject({ state: "reopened" });
    // Typed on the event's own clock.
    expect(londonDate(new Date(row!.new_starts_at))).toBe(newDay);
    expect(londonClock(row!.new_starts_at)).toBe("10:00");
    expect(londonClock(row!.new_ends_at)).toBe("16:30");

    // Bookings stand, nothing is refunded, and the event sells again on its new date.
    expect(await bookingStatuses(booked.user.uid)).toEqual(["confirmed"]);
    expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?1", booked.orderId)).toBe(0);
    const publicPage = await (await new TestBrowser().fetch("/events/manual-therapy-course")).text();
    expect(publicPage).not.toContain("This event has been postponed");
    expect(publicPage).toContain(row!.new_starts_at.slice(0, 16));
    const late = await createUser();
    const lateBrowser = new TestBrowser();
    await lateBrowser.signIn(late.email, late.password);
    expect((await lateBrowser.post("/events/manual-therapy-course/book", { places: "1", "a0.ticket": "place", "a0.name": "Late Booker", "a0.email": late.email })).status).toBe(303);

    // Each buyer, and the named attendee who is not a buyer, e-mailed once with the new dates.
    for (const address of [booked.user.email, "named.colleague@guild.example"]) {
      const mail = await env.DB.prepare("SELECT id, subject FROM email_outbox WHERE recipient = ?1 AND kind = 'event-reopened'").bind(address).all<{ id: string; subject: string }>();
      expect(mail.results, address).toHaveLength(1);
      expect(mail.results[0]!.subject).toBe("New dates: Manual Therapy Skills Course");
      const text = await textOf(mail.results[0]!.id);
      expect(text).toContain("which was postponed, will now take place on new dates");
      expect(text).toMatch(/When: .*10:00 .* to 16:30/);
    }
    expect(await textOf((await env.DB.prepare("SELECT id FROM email_outbox WHERE recipient = ?1 AND kind = 'event-reopened'").bind(booked.user.email).first<{ id: string }>())!.id)).toContain(
      "cancel it online for a full refund",
    );
    const audit = await env.DB.prepare("SELECT details FROM staff_audit_log WHERE action = 'event.reopened' AND details LIKE ?1").bind(`%${course().id}%`).all<{ details: string }>();
    expect(audit.results).toHaveLength(1);

    // Sending the form again: the event is no longer postponed, so nothing more is written.
    expect((await staff.post(`/staff/events/${course().id}/reopen`, { startDate: newDay, startTime: "10:00", endDate: newDay, endTime: "16:30" })).status).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'event-reopened' AND recipient = ?1", booked.user.email)).toBe(1);
  });

  it("refuses a new date in the past, a missing time and an end before the start beside the field, keeping what was typed, and changes nothing", async () => {
    const booked = await buyer("Patient Buyer", "card");
    await postpone();
    const staff = await staffSession();
    const reopen = (form: Record<string, string>) => staff.post(`/staff/events/${course().id}/reopen`, form);

    const past = await reopen({ startDate: "2020-01-06", startTime: "09:00", endDate: "2020-01-06", endTime: "17:00" });
    expect(past.status).toBe(400);
    const pastHtml = await past.text();
    expect(pastHtml).toContain("The new start is in the past: give a date and time still to come");
    expect(pastHtml).toContain('value="2020-01-06"');
    expect(pastHtml).toContain('aria-invalid="true"');

    const day = dayFromNow(40);
    const noTime = await reopen({ startDate: day, startTime: "", endDate: day, endTime: "17:00" });
    expect(noTime.status).toBe(400);
    expect(await noTime.text()).toContain("Enter the new start time, for example 09:00");

    const backwards = await reopen({ startDate: day, startTime: "15:00", endDate: day, endTime: "09:00" });
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("The event must end after it starts");

    expect((await env.DB.prepare("SELECT state FROM event_state_changes WHERE event_id = ?1").bind(course().id).first<{ state: string }>())!.state).toBe("postponed");
    expect(await count("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'event-reopened' AND recipient = ?1", booked.user.email)).toBe(0);
  });
});

describe("a buyer cancels a postponed event's booking for the full price", () => {
  it("by card: refunded through Stripe in full outside the cancellation policy, with a credit note, the places cancelled and the ledger's refund recorded once", async () => {
    const booked = await buyer("Card Canceller", "card");
    // Outside the usual policy: the course is within its cancellation days or not, it does not matter once postponed.
    const before = await (await booked.browser.fetch("/user/events")).text();
    expect(before).not.toContain(`/user/events/bookings/${booked.bookingId}/cancel`);
    await postpone();

    const mine = await (await booked.browser.fetch("/user/events")).text();
    expect(mine).toContain(`href="/user/events/bookings/${booked.bookingId}/cancel"`);
    const confirm = await booked.browser.fetch(`/user/events/bookings/${booked.bookingId}/cancel`);
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain("£120.00 is refunded to the card you paid with, in full");

    const done = await booked.browser.post(`/user/events/bookings/${booked.bookingId}/cancel`, {});
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/user/events?cancelled=card");
    expect(await bookingStatuses(booked.user.uid)).toEqual(["cancelled"]);
    const refunds = await env.DB.prepare("SELECT r.amount_pence, r.reason, r.recorded_by, c.total_pence AS note FROM refunds r JOIN credit_notes c ON c.refund_id = r.id WHERE r.order_id = ?1").bind(booked.orderId).all();
    expect(refunds.results).toEqual([expect.objectContaining({ amount_pence: 12000, note: 12000, recorded_by: `buyer:${booked.user.uid}`, reason: expect.stringContaining("postponed") })]);
    const toStripe = (await stripeRequests()).filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === booked.paymentIntent);
    expect(toStripe).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM email_outbox WHERE user_id = ?1 AND kind = 'refund-issued'", booked.user.uid)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM event_cancellation_orders WHERE order_id = ?1 AND outcome = 'refunded'", booked.orderId)).toBe(1);

    // A second click refunds nothing more.
    const again = await booked.browser.post(`/user/events/bookings/${booked.bookingId}/cancel`, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This booking has been cancelled already");
    expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?1", booked.orderId)).toBe(1);
  });

  it("by bank transfer: the places cancelled and the full price recorded as refund due for the office, shown on the event's staff page", async () => {
    const booked = await buyer("Bank Canceller", "offline");
    await postpone();
    const done = await booked.browser.post(`/user/events/bookings/${booked.bookingId}/cancel`, {});
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/user/events?cancelled=bank");
    expect(await (await booked.browser.fetch("/user/events?cancelled=bank")).text()).toContain("We will pay the full price back to you by bank transfer");
    expect(await bookingStatuses(booked.user.uid)).toEqual(["cancelled"]);
    expect(await env.DB.prepare("SELECT outcome, amount_pence FROM event_cancellation_orders WHERE order_id = ?1").bind(booked.orderId).first()).toEqual({ outcome: "refund-due", amount_pence: 12000 });
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE order_id = ?1 AND action = 'order.event_postponed_cancelled'", booked.orderId)).toBe(1);
    const staffPage = await (await (await staffSession()).fetch(`/staff/events/${course().id}`)).text();
    expect(staffPage).toContain("Refund due: paid offline, pay it back and record it on the order");
  });

  it("is refused for an event that was never postponed: the usual policy applies", async () => {
    const booked = await buyer("Ordinary Buyer", "card");
    const refused = await booked.browser.post(`/user/events/bookings/${booked.bookingId}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("its usual cancellation policy applies");
    expect(await bookingStatuses(booked.user.uid)).toEqual(["confirmed"]);
    expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?1", booked.orderId)).toBe(0);
  });
});

describe("a refund withdraws the CPD the place's attendance earned", () => {
  /** A buyer checked in at the door (their own place), which credits CPD with a certificate. */
  async function attended(name: string) {
    const booked = await buyer(name, "card");
    const staff = await staffSession();
    expect((await staff.post(`/staff/events/${course().id}/check-in`, { attendeeId: booked.attendee.id })).status).toBe(200);
    const certificate = (await env.DB.prepare("SELECT id FROM cpd_certificates WHERE user_id = ?1").bind(booked.user.uid).first<{ id: string }>())!;
    expect(certificate).not.toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM cpd_entries WHERE user_id = ?1 AND source = 'event'", booked.user.uid)).toBe(1);
    return { ...booked, certificateId: certificate.id };
  }

  async function expectWithdrawn(userId: string, certificateId: string) {
    expect(await count("SELECT COUNT(*) AS n FROM cpd_entries WHERE user_id = ?1 AND source = 'event'", userId)).toBe(0);
    expect((await env.DB.prepare("SELECT revoked_at FROM cpd_certificates WHERE id = ?1").bind(certificateId).first<{ revoked_at: string | null }>())!.revoked_at).not.toBeNull();
    const check = await new TestBrowser().fetch(`/certificates/${certificateId}`);
    expect(check.status).toBe(410);
    const html = await check.text();
    expect(html).toContain("Withdrawn on");
    expect(html).toContain("not valid");
    expect(html).not.toContain("Manual Therapy Skills Course");
  }

  it("a staff refund that takes the order back", async () => {
    const booked = await attended("Refunded By Staff");
    const payment = (await env.DB.prepare("SELECT id FROM order_payments WHERE order_id = ?1").bind(booked.orderId).first<{ id: string }>())!;
    const staff = await staffSession();
    const refunded = await staff.post(`/staff/orders/${booked.orderId}/refund`, {
      paymentId: payment.id,
      refundAmount: "120.00",
      refundReason: "The attendee left at once, unwell",
      revoke: "revoke-webinars",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refunded.status).toBe(303);
    expect(await bookingStatuses(booked.user.uid)).toEqual(["cancelled"]);
    await expectWithdrawn(booked.user.uid, booked.certificateId);
  });

  it("a full refund made in Stripe's dashboard, reported by charge.refunded", async () => {
    const booked = await attended("Refunded In Stripe");
    await dashboardRefund(booked.paymentIntent, 12000);
    expect((await sendWebhook("charge.refunded", { id: booked.chargeId, object: "charge" })).status).toBe(200);
    expect(await bookingStatuses(booked.user.uid)).toEqual(["cancelled"]);
    await expectWithdrawn(booked.user.uid, booked.certificateId);
  });

  it("a staff refund that keeps what was bought leaves the CPD alone", async () => {
    const booked = await attended("Goodwill Refund");
    const payment = (await env.DB.prepare("SELECT id FROM order_payments WHERE order_id = ?1").bind(booked.orderId).first<{ id: string }>())!;
    const staff = await staffSession();
    expect(
      (await staff.post(`/staff/orders/${booked.orderId}/refund`, { paymentId: payment.id, refundAmount: "20.00", refundReason: "Goodwill: the room was cold", revoke: "keep", idempotencyKey: crypto.randomUUID() })).status,
    ).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM cpd_entries WHERE user_id = ?1 AND source = 'event'", booked.user.uid)).toBe(1);
    expect((await new TestBrowser().fetch(`/certificates/${booked.certificateId}`)).status).toBe(200);
  });
});
