/**
 * Events and conferences (issue 27) against the real Strapi demo content, D1 and the FAKE Stripe
 * API (test/support/fake-stripe.ts; Stripe cannot be reached here): the list and the event page,
 * booking several attendees through the cart and checkout, capacity under two buyers at once,
 * and a payment that arrives after its hold ran out.
 */
import { env, SELF } from "cloudflare:test";
import { getConfig } from "../../src/env";
import { sendEventReminders } from "../../src/services/events/event-reminders";
import { eventReminderDeps, waitlistOffers } from "../../src/wiring/background";
import { publishedContent } from "../../src/wiring/content";
import { emailServices } from "../../src/wiring/email";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { londonDate } from "../../src/shared/london-date";
import { payCheckout, sendWebhook } from "../support/worker/stripe";

// One staff sign-in for the whole file: signing the same address in more than five times a
// minute is refused by the sign-in limiter (AUTH_EMAIL_LIMITER), which a quick run reaches.
let staffBrowser: Promise<TestBrowser> | undefined;
const staffSession = () => (staffBrowser ??= signedInStaff());

let events: SocietyEvent[];
const bySlug = (slug: string) => events.find((e) => e.slug === slug)!;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
});

async function shopper(options: { member?: boolean } = {}) {
  const user = await createUser();
  if (options.member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const bookingsOf = (userId: string) =>
  env.DB.prepare("SELECT * FROM event_bookings WHERE user_id = ?1 ORDER BY ticket_code").bind(userId).all<{ id: string; ticket_code: string; status: string; places: number; total_pence: number; order_id: string | null }>();
const attendeesOf = (bookingId: string) =>
  env.DB.prepare("SELECT * FROM event_attendees WHERE booking_id = ?1 ORDER BY name").bind(bookingId).all<{ name: string; email: string; answers: string; status: string }>();

/** The cart address a booking form leads to, and the items it adds. */
function addedBookings(response: Response): string {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("Location")!, "http://localhost");
  expect(location.pathname).toBe("/cart");
  return location.searchParams.get("add")!;
}

/** The course has two places: fill them (or leave `leave` free) with a confirmed booking made directly. */
async function takeCoursePlaces(count: number) {
  const course = bySlug("manual-therapy-course");
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
         VALUES (?1, ?2, ?3, 'someone-else', 'place', 'Course', 1, 12000, 12000, 'exempt', 1, 2, NULL, 'confirmed', '2000-01-01T00:00:00.000Z')`,
      ).bind(id, course.id, course.slug),
      env.DB.prepare(
        `INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
         VALUES (?1, ?2, ?3, 'place', 1, 'Someone Else', 'someone@guild.example', 'confirmed', '2000-01-01T00:00:00.000Z', ?1)`,
      ).bind(crypto.randomUUID(), id, course.id),
    ]);
  }
}
const clearCourse = async () => {
  const course = bySlug("manual-therapy-course");
  await env.DB.batch([
    env.DB.prepare("DELETE FROM event_attendees WHERE event_id = ?1").bind(course.id),
    env.DB.prepare("DELETE FROM event_bookings WHERE event_id = ?1").bind(course.id),
    env.DB.prepare("DELETE FROM event_waitlist WHERE event_id = ?1").bind(course.id),
  ]);
};

const courseForm = (name: string) => ({ places: "1", "a0.ticket": "place", "a0.name": name, "a0.email": `${name.toLowerCase().replace(/ /g, ".")}@guild.example` });

describe("the events list and an event's page", () => {
  it("lists upcoming events, filters by format, month and CPD, and archives past ones", async () => {
    const page = await (await new TestBrowser().fetch("/events")).text();
    const upcoming = page.slice(page.indexOf("Upcoming events"), page.indexOf("Past events"));
    expect(upcoming).toContain("Annual Conference 2027");
    expect(upcoming).toContain("Manual Therapy Skills Course");
    expect(upcoming).not.toContain("Online Workshop");
    expect(page.slice(page.indexOf("Past events"))).toContain("Online Workshop: Writing Exercise Programmes");

    const online = await (await new TestBrowser().fetch("/events?format=online")).text();
    expect(online).toContain("No upcoming events match");
    const month = bySlug("manual-therapy-course").startsAt.slice(0, 7);
    const inMonth = await (await new TestBrowser().fetch(`/events?month=${month}`)).text();
    expect(inMonth.slice(inMonth.indexOf("Upcoming events"), inMonth.indexOf("Past events"))).toContain("Manual Therapy Skills Course");
    expect(inMonth.slice(inMonth.indexOf("Upcoming events"), inMonth.indexOf("Past events"))).not.toContain("Annual Conference 2027");
  });

  it("shows the programme, speakers, venue, tickets with places left, schema.org Event data and a calendar file", async () => {
    const response = await new TestBrowser().fetch("/events/annual-conference");
    expect(response.status).toBe(200);
    const page = await response.text();
    for (const text of ["Keynote: persistent pain, ten years on", "Dr Alex Example", "Example Conference Centre", "Step-free access", "Conference dinner add-on", "£240.00", "250 places left · For members only", "100 places left", "Sign in to book"]) {
      expect(page).toContain(text);
    }
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);
    expect(json).toMatchObject({ "@type": "Event", name: "Annual Conference 2027", eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode", location: [{ "@type": "Place", name: "Example Conference Centre" }] });
    expect(json.offers).toContainEqual(expect.objectContaining({ name: "Member", price: "240.00", priceCurrency: "GBP" }));

    const ics = await new TestBrowser().fetch("/events/annual-conference/calendar.ics");
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await ics.text();
    expect(text).toContain("SUMMARY:Annual Conference 2027");
    expect(text).not.toContain("zoom.example");
    expect((await new TestBrowser().fetch("/events/online-exercise-workshop/calendar.ics")).status).toBe(404);
  });

  it("never shows an online event's joining link on its public page", async () => {
    const page = await (await new TestBrowser().fetch("/events/online-exercise-workshop")).text();
    expect(page).toContain("This event has ended");
    expect(page).not.toContain("zoom.example");
  });
});

describe("booking", () => {
  it("a group booking holds each attendee's place with their answers, and card payment confirms it through the cart's checkout", async () => {
    const { browser, user } = await shopper({ member: true });
    const form = {
      places: "2",
      "a0.ticket": "member",
      "a0.name": "Ada Lovelace",
      "a0.email": "ada@guild.example",
      "a0.addon.dinner": "on",
      "a0.q.dietary": "Vegetarian",
      "a0.q.workshop": "Pain education",
      "a1.ticket": "non-member",
      "a1.name": "Charles Babbage",
      "a1.email": "charles@guild.example",
      "a1.q.access": "Step-free seat",
      "a1.q.workshop": "Pelvic health",
    };
    const add = addedBookings(await browser.post("/events/annual-conference/book", form));
    const bookings = (await bookingsOf(user.uid)).results;
    expect(bookings.map((b) => [b.ticket_code, b.places, b.total_pence, b.status])).toEqual([
      ["dinner", 1, 5500, "held"],
      ["member", 1, 24000, "held"],
      ["non-member", 1, 36000, "held"],
    ]);
    const ada = (await attendeesOf(bookings.find((b) => b.ticket_code === "member")!.id)).results[0]!;
    expect(ada).toMatchObject({ name: "Ada Lovelace", email: "ada@guild.example", status: "held" });
    expect(JSON.parse(ada.answers)).toEqual({ dietary: "Vegetarian", workshop: "Pain education" });

    const cart = await (await browser.fetch(`/cart?add=${encodeURIComponent(add)}`)).text();
    expect(cart).toContain("Annual Conference 2027: Member × 1");
    expect(cart).toContain("Annual Conference 2027: Conference dinner add-on × 1");
    expect(cart).toContain("£655.00");

    const checkout = await browser.post("/cart/checkout", { items: add, expectedTotalPence: "65500", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    expect(checkout.headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`));
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; total_pence: number; lines: string; checkout_session_id: string }>();
    expect(order!.total_pence).toBe(65500);
    expect(JSON.parse(order!.lines).map((l: { kind: string }) => l.kind)).toEqual(["booking", "booking", "booking"]);
    expect((await bookingsOf(user.uid)).results.every((b) => b.order_id === order!.id)).toBe(true);

    await payCheckout(order!.checkout_session_id, 65500);
    expect((await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    expect((await bookingsOf(user.uid)).results.map((b) => b.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    expect((await attendeesOf(bookings.find((b) => b.ticket_code === "member")!.id)).results[0]!.status).toBe("confirmed");
    const receipt = await env.DB.prepare("SELECT items FROM receipts WHERE order_id = ?1").bind(order!.id).first<{ items: string }>();
    expect(receipt!.items).toContain("Annual Conference 2027: Member × 1");
    const page = await (await browser.fetch("/events/annual-conference")).text();
    expect(page).toContain("249 places left");
  });

  it("a missing required answer, a ticket the buyer may not buy and a bad e-mail are each refused beside the field, with everything typed kept", async () => {
    const { browser, user } = await shopper();
    const response = await browser.post("/events/annual-conference/book", { places: "1", "a0.ticket": "member", "a0.name": "Grace Hopper", "a0.email": "not-an-address", "a0.q.dietary": "Vegan" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Member: For members only");
    expect(page).toContain("Enter the attendee&#x27;s e-mail address");
    expect(page).toContain("Grace Hopper");
    expect(page).toContain("Vegan");
    const again = await (await browser.post("/events/annual-conference/book", { places: "1", "a0.ticket": "non-member", "a0.name": "Grace Hopper", "a0.email": "grace@guild.example" })).text();
    expect(again).toContain("Answer “Which workshop on day two?”");
    expect((await bookingsOf(user.uid)).results).toEqual([]);
  });

  it("a visitor is asked to sign in to book", async () => {
    const response = await new TestBrowser().post("/events/annual-conference/book", { places: "1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("/api/auth/signin");
  });
});

describe("capacity is never oversold", () => {
  it("two buyers for the last place at once: one holds it, the other is told and keeps what they typed", async () => {
    await clearCourse();
    await takeCoursePlaces(1);
    const [a, b] = await Promise.all([shopper(), shopper()]);
    const responses = await Promise.all([a.browser.post("/events/manual-therapy-course/book", courseForm("Buyer One")), b.browser.post("/events/manual-therapy-course/book", courseForm("Buyer Two"))]);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    const page = await loser.text();
    expect(page).toContain("Place is now sold out");
    expect(page).toContain("Nothing has been booked or charged");
    expect(page).toMatch(/Nothing has been booked or charged for Buyer (One|Two)\./);
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1 AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))")
      .bind(bySlug("manual-therapy-course").id)
      .first<{ n: number }>();
    expect(live!.n).toBe(2);
    expect(await (await new TestBrowser().fetch("/events/manual-therapy-course")).text()).toContain("Sold out");
  });

  it("a hold that runs out frees its place; paid after the place went to someone else, the booking is lost, not oversold", async () => {
    await clearCourse();
    await takeCoursePlaces(1);
    const late = await shopper();
    const add = addedBookings(await late.browser.post("/events/manual-therapy-course/book", courseForm("Late Payer")));
    const checkout = await late.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    expect(checkout.status).toBe(303);
    // The card hold runs out (time passing, set directly) and another buyer takes the place.
    await env.DB.batch([
      env.DB.prepare("UPDATE event_bookings SET hold_expires_at = '2001-01-01T00:00:00.000Z' WHERE user_id = ?1").bind(late.user.uid),
      env.DB.prepare("UPDATE event_attendees SET hold_expires_at = '2001-01-01T00:00:00.000Z' WHERE booking_id IN (SELECT id FROM event_bookings WHERE user_id = ?1)").bind(late.user.uid),
    ]);
    const quick = await shopper();
    addedBookings(await quick.browser.post("/events/manual-therapy-course/book", courseForm("Quick Buyer")));

    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(late.user.uid).first<{ id: string; checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 12000);
    expect((await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    expect((await bookingsOf(late.user.uid)).results.map((b) => b.status)).toEqual(["lost"]);
    // A lost booking is never confirmed by e-mail (the refund's e-mail tells the buyer instead).
    expect(await env.DB.prepare("SELECT 1 FROM email_outbox WHERE user_id = ?1 AND kind = 'event-booking-confirmed'").bind(late.user.uid).first()).toBeNull();
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1 AND status IN ('confirmed', 'held')").bind(bySlug("manual-therapy-course").id).first<{ n: number }>();
    expect(live!.n).toBe(2); // the first place's holder and Quick Buyer; the late payer's place is lost
    // The refund: Stripe (the fake) refunded it, with a credit note and an audit entry staff see on the order.
    const note = await env.DB.prepare("SELECT total_pence FROM credit_notes WHERE order_id = ?1").bind(order!.id).first<{ total_pence: number }>();
    expect(note!.total_pence).toBe(12000);
    expect(await env.DB.prepare("SELECT action FROM staff_audit_log WHERE order_id = ?1 AND action = 'order.lost_places_refunded'").bind(order!.id).first()).not.toBeNull();
    // …and the buyer is on the waiting list, which the event's page shows them.
    expect(await (await late.browser.fetch("/events/manual-therapy-course")).text()).toContain("You are number 1 on the waiting list");
  });
});

describe("the attendee's bookings", () => {
  it("shows a QR-coded ticket per attendee, and cancelling through the order's refund path issues a credit note and frees the places", async () => {
    const { browser, user } = await shopper();
    const form = { places: "2", "a0.ticket": "non-member", "a0.name": "Mary Somerville", "a0.email": "mary@guild.example", "a0.q.workshop": "Pain education", "a1.ticket": "non-member", "a1.name": "Caroline Herschel", "a1.email": "caroline@guild.example", "a1.q.workshop": "Pelvic health" };
    const add = addedBookings(await browser.post("/events/annual-conference/book", form));
    await browser.post("/cart/checkout", { items: add, expectedTotalPence: "72000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 72000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    const before = await (await new TestBrowser().fetch("/events/annual-conference")).text();

    const page = await (await browser.fetch("/user/events")).text();
    expect(page).toContain("Mary Somerville");
    expect(page).toContain("Caroline Herschel");
    expect(page.match(/role="img" aria-label="QR code for [^"]+"><svg/g)).toHaveLength(2);
    expect(page).toContain(`/user/orders/${order!.id}/cancel`);

    expect((await browser.post(`/user/orders/${order!.id}/cancel`, {})).status).toBe(303);
    expect((await bookingsOf(user.uid)).results.map((b) => b.status)).toEqual(["cancelled"]);
    const note = await env.DB.prepare("SELECT total_pence FROM credit_notes WHERE order_id = ?1").bind(order!.id).first<{ total_pence: number }>();
    expect(note!.total_pence).toBe(72000);
    const left = (html: string) => Number(/Non-member<\/td><td>£360\.00<\/td><td>(\d+) places left/.exec(html)![1]);
    expect(left(await (await new TestBrowser().fetch("/events/annual-conference")).text())).toBe(left(before) + 2);
    expect(await (await browser.fetch("/user/events")).text()).not.toContain("Mary Somerville");
  });
});

describe("staff: sales, attendees and check-in", () => {
  it("shows sales by ticket type with revenue and VAT, the attendees with answers and needs, their CSV, and checks a ticket in once", async () => {
    const { browser, user } = await shopper({ member: true });
    const add = addedBookings(
      await browser.post("/events/annual-conference/book", { places: "1", "a0.ticket": "member", "a0.name": "Zora Checkin", "a0.email": "zora@guild.example", "a0.q.dietary": "Gluten free", "a0.q.workshop": "Pain education" }),
    );
    await browser.post("/cart/checkout", { items: add, expectedTotalPence: "24000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(user.uid).first<{ checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 24000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    const conference = bySlug("annual-conference");

    const staff = await staffSession();
    const overview = await (await staff.fetch("/staff/events")).text();
    expect(overview).toContain("Annual Conference 2027");
    expect(overview).toMatch(/<td>Member<\/td><td>\d+<\/td><td>\d+<\/td><td>£[\d,]+\.\d\d<\/td><td>£[\d,]+\.\d\d<\/td>/);

    const detail = await (await staff.fetch(`/staff/events/${conference.id}`)).text();
    expect(detail).toContain("Zora Checkin");
    expect(detail).toContain("Gluten free: 1");
    const csv = await (await staff.fetch(`/staff/events/${conference.id}/attendees.csv`)).text();
    expect(csv.split("\r\n")[0]).toBe("Name,E-mail,Ticket,Dietary needs,Access needs,Which workshop on day two?,Checked in");
    expect(csv).toContain("Zora Checkin,zora@guild.example,Member,Gluten free,,Pain education,");

    const token = (await env.DB.prepare("SELECT qr_token FROM event_attendees WHERE name = 'Zora Checkin'").first<{ qr_token: string }>())!.qr_token;
    const first = await staff.post(`/staff/events/${conference.id}/check-in`, { code: `guildhall-ticket:${token}` });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Checked in: Zora Checkin");
    const second = await staff.post(`/staff/events/${conference.id}/check-in`, { code: token });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Already checked in: this ticket has been used: Zora Checkin");
    const course = bySlug("manual-therapy-course");
    const elsewhere = await staff.post(`/staff/events/${course.id}/check-in`, { code: token });
    expect(await elsewhere.text()).toContain("This ticket is for another event");
    const found = await (await staff.fetch(`/staff/events/${conference.id}/check-in?q=zora`)).text();
    expect(found).toContain("Zora Checkin");
    expect(found).toContain("arrived");
  });
});

describe("the booking confirmation e-mail", () => {
  const confirmations = (userId: string) =>
    env.DB.prepare("SELECT id, recipient, subject FROM email_outbox WHERE user_id = ?1 AND kind = 'event-booking-confirmed'").bind(userId).all<{ id: string; recipient: string; subject: string }>();
  const textOf = async (id: string) => (await SELF.fetch(`http://localhost/dev/mailbox/${id}/text`)).text();

  it("a booking paid by card sends its buyer one confirmation naming each attendee, however often the payment's webhook arrives", async () => {
    const { browser, user } = await shopper();
    const form = { places: "2", "a0.ticket": "non-member", "a0.name": "Emmy Noether", "a0.email": "emmy@guild.example", "a0.q.workshop": "Pain education", "a1.ticket": "non-member", "a1.name": "Sofia Kovalevskaya", "a1.email": "sofia@guild.example", "a1.q.workshop": "Pelvic health" };
    const add = addedBookings(await browser.post("/events/annual-conference/book", form));
    await browser.post("/cart/checkout", { items: add, expectedTotalPence: "72000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; reference: string; checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 72000);
    expect((await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    expect((await confirmations(user.uid)).results).toHaveLength(1);
    expect((await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    const sent = (await confirmations(user.uid)).results;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: user.email, subject: "Your booking is confirmed: Annual Conference 2027" });

    const text = await textOf(sent[0]!.id);
    expect(text).toContain("Emmy Noether: Non-member");
    expect(text).toContain("Sofia Kovalevskaya: Non-member");
    expect(text).toMatch(/When: \w+, \d+ \w+ 2027, \d\d:\d\d (GMT|BST|UTC[+-]?\d*)/);
    expect(text).toContain(`Order: ${order!.reference}`);
    expect(text).toContain("/user/events");
    expect(text).toContain("/events/annual-conference/calendar.ics");
    // The receipt still goes too: the confirmation is beside it, not instead of it.
    expect(await env.DB.prepare("SELECT 1 FROM email_outbox WHERE user_id = ?1 AND kind = 'order-receipt'").bind(user.uid).first()).not.toBeNull();
  });

  it("a bank-transfer booking sends its confirmation when staff record the payment", async () => {
    const { browser, user } = await shopper();
    const add = addedBookings(await browser.post("/events/annual-conference/book", { places: "1", "a0.ticket": "non-member", "a0.name": "Lise Meitner", "a0.email": "lise@guild.example", "a0.q.workshop": "Pain education" }));
    expect((await browser.post("/cart/checkout", { items: add, expectedTotalPence: "36000", idempotencyKey: crypto.randomUUID(), paymentMethod: "offline" })).status).toBe(303);
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string }>();
    expect((await confirmations(user.uid)).results).toHaveLength(0);

    const staff = await staffSession();
    expect((await staff.post(`/staff/orders/${order!.id}/payment`, { amount: "360.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 27" })).status).toBe(303);
    const sent = (await confirmations(user.uid)).results;
    expect(sent).toHaveLength(1);
    expect(await textOf(sent[0]!.id)).toContain("Lise Meitner: Non-member");
  });
});

describe("waiting-list offers", () => {
  /** The ten-minute sweep's offers, as of `at` (a later time stands for time passing). */
  const sweep = (at = new Date()) => waitlistOffers(getConfig(env), () => undefined).run(at);
  const offersTo = (userId: string) =>
    env.DB.prepare("SELECT id, recipient, subject FROM email_outbox WHERE user_id = ?1 AND kind = 'event-waitlist-offer' ORDER BY created_at").bind(userId).all<{ id: string; recipient: string; subject: string }>();
  const entryOf = (userId: string) => env.DB.prepare("SELECT id, status, offer_booking_id FROM event_waitlist WHERE user_id = ?1").bind(userId).first<{ id: string; status: string; offer_booking_id: string | null }>();
  const textOf = async (id: string) => (await SELF.fetch(`http://localhost/dev/mailbox/${id}/text`)).text();

  /** The course full: one place paid for by card by `buyer` (through the cart), the other by someone else. */
  async function fullCourseWithPaidBuyer() {
    await clearCourse();
    await takeCoursePlaces(1);
    const buyer = await shopper();
    const add = addedBookings(await buyer.browser.post("/events/manual-therapy-course/book", courseForm("First Buyer")));
    await buyer.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(buyer.user.uid).first<{ id: string; checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 12000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    return { buyer, orderId: order!.id };
  }

  async function joinList() {
    const waiter = await shopper();
    expect((await waiter.browser.post("/events/manual-therapy-course/waitlist", {})).status).toBe(303);
    return waiter;
  }

  it("the waiting-list offer after a cancellation: the place is held for the first person waiting, e-mailed, and claimed through the cart", async () => {
    const { buyer, orderId } = await fullCourseWithPaidBuyer();
    const first = await joinList();
    const second = await joinList();
    await sweep();
    expect((await offersTo(first.user.uid)).results).toHaveLength(0); // nothing free yet

    // The cancellation offers the freed place at once: the page stays sold out and a booking form is refused.
    expect((await buyer.browser.post(`/user/orders/${orderId}/cancel`, {})).status).toBe(303);
    expect(await (await new TestBrowser().fetch("/events/manual-therapy-course")).text()).toContain("Sold out");
    const outsider = await shopper();
    expect((await outsider.browser.post("/events/manual-therapy-course/book", courseForm("Queue Jumper"))).status).toBe(409);

    expect(await sweep()).toEqual({ lapsed: 0, offered: 0 }); // the sweep after it: nothing more, no second e-mail
    const sent = (await offersTo(first.user.uid)).results;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: first.user.email, subject: "A place is free for you: Manual Therapy Skills Course" });
    expect((await offersTo(second.user.uid)).results).toHaveLength(0);
    const entry = (await entryOf(first.user.uid))!;
    expect(entry.status).toBe("offered");
    const text = await textOf(sent[0]!.id);
    expect(text).toContain("Ticket: Place, £120.00");
    expect(text).toMatch(/Held for you until: \w+, \d+ \w+ \d{4}, \d\d:\d\d/);
    expect(text).toContain(`/user/events/offers/${entry.id}`);

    // The held place counts: the course is full, and the holder sees the offer on their pages.
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1 AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))")
      .bind(bySlug("manual-therapy-course").id)
      .first<{ n: number }>();
    expect(live!.n).toBe(2);
    expect(await (await first.browser.fetch("/user/events")).text()).toMatch(/one Place place, offer open until \d+ \w+ \d{4}, \d\d:\d\d/);
    expect(await (await first.browser.fetch("/events/manual-therapy-course")).text()).toContain("A place is held for you until");
    // Only its holder can open it.
    expect((await second.browser.fetch(`/user/events/offers/${entry.id}`)).status).toBe(404);

    const claimPage = await first.browser.fetch(`/user/events/offers/${entry.id}`);
    expect(claimPage.status).toBe(200);
    const refused = await first.browser.post(`/user/events/offers/${entry.id}`, { "a0.name": "", "a0.email": "colleague@guild.example" });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Enter the attendee&#x27;s name");
    expect(again).toContain("colleague@guild.example");
    const claimed = await first.browser.post(`/user/events/offers/${entry.id}`, { "a0.name": "Dorothy Hodgkin", "a0.email": "dorothy@guild.example" });
    const add = addedBookings(claimed);
    expect(add).toContain(entry.offer_booking_id!);
    expect(await (await first.browser.fetch(`/cart?add=${encodeURIComponent(add)}`)).text()).toContain("Manual Therapy Skills Course: Place × 1");
    await first.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(first.user.uid).first<{ checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 12000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    expect((await bookingsOf(first.user.uid)).results.map((b) => b.status)).toEqual(["confirmed"]);
    expect((await attendeesOf(entry.offer_booking_id!)).results[0]).toMatchObject({ name: "Dorothy Hodgkin", email: "dorothy@guild.example", status: "confirmed" });
    await sweep();
    expect((await entryOf(first.user.uid))!.status).toBe("booked");
    expect((await entryOf(second.user.uid))!.status).toBe("waiting");
  });

  it("an offer not taken up in time lapses and the place is offered to the next person", async () => {
    const { buyer, orderId } = await fullCourseWithPaidBuyer();
    const first = await joinList();
    const second = await joinList();
    await buyer.browser.post(`/user/orders/${orderId}/cancel`, {});
    await sweep();
    const offered = (await entryOf(first.user.uid))!;
    expect(offered.status).toBe("offered");
    expect((await offersTo(second.user.uid)).results).toHaveLength(0);

    // The course's offers are valid for 48 hours: a sweep 49 hours on passes the place on.
    expect(await sweep(new Date(Date.now() + 49 * 3_600_000))).toEqual({ lapsed: 1, offered: 1 });
    expect((await entryOf(first.user.uid))!.status).toBe("lapsed");
    expect((await entryOf(second.user.uid))!.status).toBe("offered");
    expect((await offersTo(second.user.uid)).results).toHaveLength(1);
    expect((await offersTo(first.user.uid)).results).toHaveLength(1);
  });
});

describe("the reminder the day before", () => {
  const remind = (at: Date) => {
    const config = getConfig(env);
    const content = publishedContent(config, () => undefined);
    return sendEventReminders(eventReminderDeps(config, content, emailServices(config, content).outbox), at);
  };
  const remindersTo = (userId: string) =>
    env.DB.prepare("SELECT id, recipient, subject FROM email_outbox WHERE user_id = ?1 AND kind = 'event-reminder'").bind(userId).all<{ id: string; recipient: string; subject: string }>();

  it("each buyer with confirmed places gets one reminder on the day before, once however often the daily job runs; nobody is reminded earlier", async () => {
    await clearCourse();
    const { browser, user } = await shopper();
    const add = addedBookings(await browser.post("/events/manual-therapy-course/book", courseForm("Barbara McClintock")));
    await browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(user.uid).first<{ checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 12000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    const course = bySlug("manual-therapy-course");
    const start = Date.parse(course.startsAt);

    await remind(new Date(start - 3 * 86_400_000));
    expect((await remindersTo(user.uid)).results).toHaveLength(0);
    await remind(new Date(start - 20 * 3_600_000));
    await remind(new Date(start - 19 * 3_600_000));
    const sent = (await remindersTo(user.uid)).results;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: user.email, subject: "Tomorrow: Manual Therapy Skills Course" });
    const text = await (await SELF.fetch(`http://localhost/dev/mailbox/${sent[0]!.id}/text`)).text();
    expect(text).toContain("Barbara McClintock: Place");
    expect(text).toContain("Where: Example Teaching Rooms, 5 Sample Street");
    expect(text).not.toContain("How to join");
    expect(text).toContain("/user/events");
  });
});

describe("staff cancel or postpone an event", () => {
  const course = () => bySlug("manual-therapy-course");
  const count = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;
  /** Staff's change is kept in D1 over the CMS: removed after each test so the others see the course scheduled. */
  const undoStateChange = () =>
    env.DB.batch([
      env.DB.prepare("DELETE FROM event_state_changes WHERE event_id = ?1").bind(course().id),
      env.DB.prepare("DELETE FROM event_cancellation_orders WHERE event_id = ?1").bind(course().id),
    ]);

  async function paidCardBuyer(name: string) {
    const buyer = await shopper();
    const add = addedBookings(await buyer.browser.post("/events/manual-therapy-course/book", courseForm(name)));
    await buyer.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(buyer.user.uid).first<{ id: string; checkout_session_id: string }>();
    await payCheckout(order!.checkout_session_id, 12000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    return { ...buyer, orderId: order!.id };
  }

  it("an event cancelled with refunds: both card bookings refunded with credit notes and e-mailed, the waiting list closed, the page says Cancelled and sells nothing, and a rerun changes nothing", async () => {
    await clearCourse();
    try {
      const first = await paidCardBuyer("Card Buyer One");
      const second = await paidCardBuyer("Card Buyer Two");
      const waiter = await shopper();
      expect((await waiter.browser.post("/events/manual-therapy-course/waitlist", {})).status).toBe(303);
      const staff = await staffSession();

      // A reason is required, and what was typed stays.
      const refused = await staff.post(`/staff/events/${course().id}/state`, { action: "cancel", reason: "No", newDateText: "" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Give the reason attendees will read");
      // The confirmation step first: nothing changes yet.
      const reason = "The tutor is unwell and cannot teach the course.";
      const confirm = await staff.post(`/staff/events/${course().id}/state`, { action: "cancel", reason, newDateText: "" });
      expect(confirm.status).toBe(200);
      expect(await confirm.text()).toContain("Yes, cancel the event and refund everyone");
      expect(await count("SELECT COUNT(*) AS n FROM event_state_changes WHERE event_id = ?1", course().id)).toBe(0);

      const cancel = () => staff.post(`/staff/events/${course().id}/state`, { action: "cancel", reason, newDateText: "", confirmed: "1" });
      expect((await cancel()).status).toBe(303);

      for (const buyer of [first, second]) {
        expect((await bookingsOf(buyer.user.uid)).results.map((b) => b.status)).toEqual(["cancelled"]);
        const note = await env.DB.prepare("SELECT total_pence FROM credit_notes WHERE order_id = ?1").bind(buyer.orderId).first<{ total_pence: number }>();
        expect(note!.total_pence).toBe(12000);
        const mail = await env.DB.prepare("SELECT id, recipient, subject FROM email_outbox WHERE user_id = ?1 AND kind = 'event-cancelled'").bind(buyer.user.uid).all<{ id: string; recipient: string; subject: string }>();
        expect(mail.results).toHaveLength(1);
        expect(mail.results[0]).toMatchObject({ recipient: buyer.user.email, subject: "Cancelled: Manual Therapy Skills Course" });
        const text = await (await SELF.fetch(`http://localhost/dev/mailbox/${mail.results[0]!.id}/text`)).text();
        expect(text).toContain("Refund: £120.00, in full, to the card you paid with");
        expect(text).toContain(`Why: ${reason}`);
        expect(await (await SELF.fetch(`http://localhost/dev/mailbox/${mail.results[0]!.id}`)).text()).toContain("Event cancelled");
      }
      // Each named attendee who is not the buyer is told too, once, without the order or the money (the buyer's).
      for (const [name, address] of [["Card Buyer One", "card.buyer.one@guild.example"], ["Card Buyer Two", "card.buyer.two@guild.example"]] as const) {
        const told = await env.DB.prepare("SELECT id, subject FROM email_outbox WHERE recipient = ?1 AND kind = 'event-attendee-notice'").bind(address).all<{ id: string; subject: string }>();
        expect(told.results).toHaveLength(1);
        expect(told.results[0]!.subject).toBe("Cancelled: Manual Therapy Skills Course");
        const text = await (await SELF.fetch(`http://localhost/dev/mailbox/${told.results[0]!.id}/text`)).text();
        expect(text).toContain(`${name}, Manual Therapy Skills Course, which you were booked to attend, has been cancelled.`);
        expect(text).toContain(`Why: ${reason}`);
        expect(text).not.toContain("£");
        expect(text).not.toContain("Order:");
      }
      expect((await env.DB.prepare("SELECT status FROM event_waitlist WHERE user_id = ?1").bind(waiter.user.uid).first<{ status: string }>())!.status).toBe("closed");
      expect(await (await new TestBrowser().fetch("/events/manual-therapy-course")).text()).toContain("This event has been cancelled");
      expect(await (await new TestBrowser().fetch("/events")).text()).toContain("Cancelled");
      const late = await shopper();
      expect((await late.browser.post("/events/manual-therapy-course/book", courseForm("Too Late"))).status).not.toBe(303);
      expect((await bookingsOf(late.user.uid)).results).toHaveLength(0);
      const mine = await (await first.browser.fetch("/user/events")).text();
      expect(mine).toContain("<strong>Cancelled.</strong>");
      expect(mine).not.toContain("QR code for Card Buyer One");
      const staffPage = await (await staff.fetch(`/staff/events/${course().id}`)).text();
      expect(staffPage).toContain("Every order holding places has been settled.");
      expect(staffPage.match(/Refunded to the card/g)).toHaveLength(2);

      // Sent again (a double click, a retry): no second refund, credit note or e-mail.
      const totals = () =>
        Promise.all([
          count("SELECT COUNT(*) AS n FROM refunds WHERE order_id IN (?1, ?2)", first.orderId, second.orderId),
          count("SELECT COUNT(*) AS n FROM credit_notes WHERE order_id IN (?1, ?2)", first.orderId, second.orderId),
          count("SELECT COUNT(*) AS n FROM email_outbox WHERE kind IN ('event-cancelled', 'refund-issued') AND user_id IN (?1, ?2)", first.user.uid, second.user.uid),
          count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'event.cancelled' AND details LIKE ?1", `%${course().id}%`),
          count("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'event-attendee-notice' AND recipient IN (?1, ?2)", "card.buyer.one@guild.example", "card.buyer.two@guild.example"),
        ]);
      const before = await totals();
      expect(before).toEqual([2, 2, 4, 1, 2]);
      expect((await cancel()).status).toBe(303);
      expect(await totals()).toEqual(before);
    } finally {
      await undoStateChange();
      await clearCourse();
    }
  });

  it("a card payment that arrives after the event was cancelled is refunded at once, not kept for a place that is gone", async () => {
    await clearCourse();
    try {
      // The buyer is on Stripe's page when staff cancel the event.
      const buyer = await shopper();
      const add = addedBookings(await buyer.browser.post("/events/manual-therapy-course/book", courseForm("Slow Payer")));
      expect((await buyer.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" })).status).toBe(303);
      const order = await env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1").bind(buyer.user.uid).first<{ id: string; checkout_session_id: string }>();
      const staff = await staffSession();
      const reason = "The venue has closed for repairs.";
      expect((await staff.post(`/staff/events/${course().id}/state`, { action: "cancel", reason, newDateText: "", confirmed: "1" })).status).toBe(303);
      expect((await bookingsOf(buyer.user.uid)).results.map((b) => b.status)).toEqual(["cancelled"]);

      // Then the card payment goes through: the money is taken, so it is recorded, and given back in full.
      await payCheckout(order!.checkout_session_id, 12000);
      expect((await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" })).status).toBe(200);
      expect((await bookingsOf(buyer.user.uid)).results.map((b) => b.status)).toEqual(["cancelled"]);
      const note = await env.DB.prepare("SELECT total_pence FROM credit_notes WHERE order_id = ?1").bind(order!.id).first<{ total_pence: number }>();
      expect(note!.total_pence).toBe(12000);
      const refund = await env.DB.prepare("SELECT amount_pence, reason FROM refunds WHERE order_id = ?1").bind(order!.id).first<{ amount_pence: number; reason: string }>();
      expect(refund).toMatchObject({ amount_pence: 12000, reason: expect.stringContaining("paid for after they were cancelled") });
      // No confirmation for a place that is gone, and no waiting list for a cancelled event.
      expect(await env.DB.prepare("SELECT 1 FROM email_outbox WHERE user_id = ?1 AND kind = 'event-booking-confirmed'").bind(buyer.user.uid).first()).toBeNull();
      expect(await env.DB.prepare("SELECT 1 FROM event_waitlist WHERE user_id = ?1").bind(buyer.user.uid).first()).toBeNull();
      // The webhook again: nothing more.
      expect((await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" })).status).toBe(200);
      expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?1", order!.id)).toBe(1);
    } finally {
      await undoStateChange();
      await clearCourse();
    }
  });

  it("an event postponed: its buyers are e-mailed once, bookings stand with nothing refunded, and sales pause", async () => {
    await clearCourse();
    try {
      const buyer = await paidCardBuyer("Postponed Buyer");
      const staff = await staffSession();
      const postpone = () => staff.post(`/staff/events/${course().id}/state`, { action: "postpone", reason: "The venue is closed for repairs.", newDateText: "Spring 2027", confirmed: "1" });
      expect((await postpone()).status).toBe(303);
      expect((await postpone()).status).toBe(303);

      expect((await bookingsOf(buyer.user.uid)).results.map((b) => b.status)).toEqual(["confirmed"]);
      expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?1", buyer.orderId)).toBe(0);
      const mail = await env.DB.prepare("SELECT id, subject FROM email_outbox WHERE user_id = ?1 AND kind = 'event-postponed'").bind(buyer.user.uid).all<{ id: string; subject: string }>();
      expect(mail.results).toHaveLength(1);
      expect(mail.results[0]!.subject).toBe("Postponed: Manual Therapy Skills Course");
      expect(await (await SELF.fetch(`http://localhost/dev/mailbox/${mail.results[0]!.id}/text`)).text()).toContain("New date: Spring 2027");
      // The attendee the buyer named is told too, once however often the form is sent, and only once per address.
      const told = await env.DB.prepare("SELECT id, subject FROM email_outbox WHERE recipient = 'postponed.buyer@guild.example' AND kind = 'event-attendee-notice'").all<{ id: string; subject: string }>();
      expect(told.results).toHaveLength(1);
      expect(told.results[0]!.subject).toBe("Postponed: Manual Therapy Skills Course");
      const attendeeText = await (await SELF.fetch(`http://localhost/dev/mailbox/${told.results[0]!.id}/text`)).text();
      expect(attendeeText).toContain("New date: Spring 2027");
      expect(attendeeText).toContain("Your place stands");
      expect(await (await new TestBrowser().fetch("/events/manual-therapy-course")).text()).toContain("This event has been postponed");
      const late = await shopper();
      expect((await late.browser.post("/events/manual-therapy-course/book", courseForm("Too Soon"))).status).not.toBe(303);
      const mine = await (await buyer.browser.fetch("/user/events")).text();
      expect(mine).toContain("<strong>Postponed.</strong>");
      expect(mine).toContain("QR code for Postponed Buyer");
    } finally {
      await undoStateChange();
      await clearCourse();
    }
  });
});
