/**
 * Buying event tickets (issue 27) against the real Strapi demo content, D1 and the FAKE Stripe API
 * (test/support/fake-stripe.ts; Stripe cannot be reached here): a ticket sold to one membership
 * type (the conference's "Associate member" ticket) is shown and booked by members of that type
 * alone; a place freed by a cancellation is offered to the waiting list at once; a full ticket
 * type does not stop the offers for the whole event; and a discount code for events comes off a
 * place's price, with VAT and the credit note on what was paid.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { getConfig } from "../../src/env";
import { waitlistOffers } from "../../src/wiring/background";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { clearEventPlaces, takePlaces } from "../support/worker/event-places";
import { payCheckout, sendWebhook } from "../support/worker/stripe";

let events: SocietyEvent[];
const bySlug = (slug: string) => events.find((e) => e.slug === slug)!;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
});

async function shopper(type: "full-member" | "associate" | "none") {
  const user = await createUser();
  if (type === "full-member") await makeMember(user);
  if (type === "associate") {
    await env.DB.prepare(
      "INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end) VALUES (?1, ?2, 'associate', 'Associate member', 'active', 'offline', NULL)",
    )
      .bind(user.uid, user.email.toLowerCase())
      .run();
  }
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const bookingsOf = (userId: string) =>
  env.DB.prepare("SELECT ticket_code, status FROM event_bookings WHERE user_id = ?1 ORDER BY ticket_code").bind(userId).all<{ ticket_code: string; status: string }>();

const associateRow = (html: string) => /<tr><td>Associate member<\/td><td>£180\.00<\/td><td>([^<]*)<\/td><\/tr>/.exec(html)?.[1] ?? null;
const ticketOptions = (html: string) => [...html.matchAll(/<option value="([a-z0-9-]+)"/g)].map((m) => m[1]);

const conferenceForm = (ticket: string) => ({ places: "1", "a0.ticket": ticket, "a0.name": "Rosalind Franklin", "a0.email": "rosalind@guild.example", "a0.q.workshop": "Pain education" });

describe("a ticket sold to one membership type", () => {
  it("is offered to a member of that type, and shown to other members and visitors with the reason they cannot buy it", async () => {
    const associate = await shopper("associate");
    const mine = await (await associate.browser.fetch("/events/annual-conference")).text();
    expect(associateRow(mine)).toMatch(/^\d+ places left$/);
    expect(ticketOptions(mine)).toContain("associate");

    const full = await shopper("full-member");
    const theirs = await (await full.browser.fetch("/events/annual-conference")).text();
    expect(associateRow(theirs)).toMatch(/^\d+ places left · Only for members with the Associate member membership$/);
    expect(ticketOptions(theirs)).not.toContain("associate");
    expect(ticketOptions(theirs)).toContain("member");

    const visitor = await (await new TestBrowser().fetch("/events/annual-conference")).text();
    expect(associateRow(visitor)).toMatch(/ · Only for members with the Associate member membership$/);
  });

  it("is booked by a member of that type", async () => {
    const { browser, user } = await shopper("associate");
    const response = await browser.post("/events/annual-conference/book", conferenceForm("associate"));
    expect(response.status).toBe(303);
    expect((await bookingsOf(user.uid)).results).toEqual([{ ticket_code: "associate", status: "held" }]);
  });

  it("is refused to a member of another type, beside the field, with what they typed kept and nothing held", async () => {
    const { browser, user } = await shopper("full-member");
    const response = await browser.post("/events/annual-conference/book", conferenceForm("associate"));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Associate member: Only for members with the Associate member membership");
    expect(page).toContain("Rosalind Franklin");
    expect(page).toContain("rosalind@guild.example");
    expect((await bookingsOf(user.uid)).results).toEqual([]);
  });

  it("is refused to someone signed in who is not a member", async () => {
    const { browser, user } = await shopper("none");
    const response = await browser.post("/events/annual-conference/book", conferenceForm("associate"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Associate member: Only for members with the Associate member membership");
    expect((await bookingsOf(user.uid)).results).toEqual([]);
  });
});

describe("waiting-list offers", () => {
  /** The ten-minute sweep's offers, as of now. */
  const sweep = () => waitlistOffers(getConfig(env), () => undefined).run(new Date());
  const entryOf = (userId: string) => env.DB.prepare("SELECT id, status, offer_booking_id FROM event_waitlist WHERE user_id = ?1").bind(userId).first<{ id: string; status: string; offer_booking_id: string | null }>();
  const offersTo = (userId: string) => env.DB.prepare("SELECT id FROM email_outbox WHERE user_id = ?1 AND kind = 'event-waitlist-offer'").bind(userId).all<{ id: string }>();

  /** Puts the user on the event's list, behind those already on it, as the list would for `ticket`. */
  const wait = (event: SocietyEvent, user: { uid: string; email: string }, ticket: string, secondsAgo: number) =>
    env.DB.prepare(
      "INSERT INTO event_waitlist (id, event_id, user_id, email, status, ticket_code, created_at) VALUES (?1, ?2, ?3, ?4, 'waiting', ?5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?6))",
    )
      .bind(crypto.randomUUID(), event.id, user.uid, user.email, ticket, `-${secondsAgo} seconds`)
      .run();

  it("a place freed by a buyer's cancellation is offered to the first person waiting at once, without waiting for the sweep", async () => {
    const course = bySlug("manual-therapy-course");
    await clearEventPlaces(course.id);
    await takePlaces(course, "place", 1);
    const buyer = await shopper("none");
    const booked = await buyer.browser.post("/events/manual-therapy-course/book", { places: "1", "a0.ticket": "place", "a0.name": "First Buyer", "a0.email": "first.buyer@guild.example" });
    const add = new URL(booked.headers.get("Location")!, "http://localhost").searchParams.get("add")!;
    await buyer.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    const order = (await env.DB.prepare("SELECT id, checkout_session_id FROM orders WHERE user_id = ?1").bind(buyer.user.uid).first<{ id: string; checkout_session_id: string }>())!;
    await payCheckout(order.checkout_session_id, 12000);
    await sendWebhook("checkout.session.completed", { id: order.checkout_session_id, object: "checkout.session" });
    const waiter = await shopper("none");
    expect((await waiter.browser.post("/events/manual-therapy-course/waitlist", {})).status).toBe(303);
    expect((await entryOf(waiter.user.uid))!.status).toBe("waiting");

    expect((await buyer.browser.post(`/user/orders/${order.id}/cancel`, {})).status).toBe(303);
    const entry = (await entryOf(waiter.user.uid))!;
    expect(entry.status).toBe("offered");
    expect((await offersTo(waiter.user.uid)).results).toHaveLength(1);
    expect(await (await waiter.browser.fetch("/user/events")).text()).toContain(`/user/events/offers/${entry.id}`);
    // The sweep, the safety net, finds nothing more to do: no second offer, no second e-mail.
    expect((await sweep()).offered).toBe(0);
    expect((await offersTo(waiter.user.uid)).results).toHaveLength(1);
    await clearEventPlaces(course.id);
  });

  it("someone whose ticket type is full keeps their place at the head of the list while the next person, whose ticket has room, is offered a place", async () => {
    const conference = bySlug("annual-conference");
    await clearEventPlaces(conference.id);
    await takePlaces(conference, "non-member", 100);
    const nonMember = { uid: crypto.randomUUID(), email: "waiting.non-member@guild.example" };
    const member = { uid: crypto.randomUUID(), email: "waiting.member@guild.example" };
    await wait(conference, nonMember, "non-member", 60);
    await wait(conference, member, "member", 30);

    await sweep();
    expect((await entryOf(nonMember.uid))!.status).toBe("waiting");
    expect((await entryOf(member.uid))!.status).toBe("offered");
    expect((await offersTo(member.uid)).results).toHaveLength(1);
    expect((await offersTo(nonMember.uid)).results).toHaveLength(0);
    await clearEventPlaces(conference.id);
  });
});

describe("a discount code on event places", () => {
  const heldConferencePlace = async (browser: TestBrowser) => {
    const booked = await browser.post("/events/annual-conference/book", { places: "1", "a0.ticket": "non-member", "a0.name": "Lise Meitner", "a0.email": "lise@guild.example", "a0.q.workshop": "Pain education" });
    expect(booked.status).toBe(303);
    return new URL(booked.headers.get("Location")!, "http://localhost").searchParams.get("add")!;
  };
  const cartWith = async (browser: TestBrowser, items: string, code: string) => (await browser.fetch(`/cart?${new URLSearchParams({ items, code })}`)).text();

  it("comes off the place's price in the cart and at checkout, VAT is on the discounted price, and a cancellation refunds what was paid, not the list price", async () => {
    const { browser, user } = await shopper("none");
    const items = await heldConferencePlace(browser);
    const cart = await cartWith(browser, items, "EVENTS15");
    expect(cart).toContain('data-cart-code-applied="EVENTS15"');
    expect(cart).toContain("£306.00");

    // £360 less 15%: £306.
    const response = await browser.post("/cart/checkout", { items, expectedTotalPence: "30600", idempotencyKey: crypto.randomUUID(), paymentMethod: "card", code: "EVENTS15" });
    expect(response.status).toBe(303);
    const order = (await env.DB.prepare("SELECT id, total_pence, lines, discount, checkout_session_id FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; total_pence: number; lines: string; discount: string; checkout_session_id: string }>())!;
    expect(order.total_pence).toBe(30600);
    expect(JSON.parse(order.discount)).toMatchObject({ code: "EVENTS15", totalPence: 5400 });
    expect((JSON.parse(order.lines) as { kind: string; pence: number; discountPence?: number }[]).map((l) => [l.kind, l.pence, l.discountPence])).toEqual([["booking", 30600, 5400]]);

    await payCheckout(order.checkout_session_id, 30600);
    expect((await sendWebhook("checkout.session.completed", { id: order.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    expect((await bookingsOf(user.uid)).results).toEqual([{ ticket_code: "non-member", status: "confirmed" }]);
    const receipt = (await env.DB.prepare("SELECT items, total_pence, vat_pence FROM receipts WHERE order_id = ?1").bind(order.id).first<{ items: string; total_pence: number; vat_pence: number }>())!;
    expect(receipt.total_pence).toBe(30600);
    // Standard rate on £306 gross: £51.
    expect(receipt.vat_pence).toBe(5100);
    expect(receipt.items).toContain("less £54.00 with discount code EVENTS15");

    expect((await browser.post(`/user/orders/${order.id}/cancel`, {})).status).toBe(303);
    const note = (await env.DB.prepare("SELECT total_pence, vat_pence FROM credit_notes WHERE order_id = ?1").bind(order.id).first<{ total_pence: number; vat_pence: number }>())!;
    expect(note).toEqual({ total_pence: 30600, vat_pence: 5100 });

    // Once per person: the code is refused the second time, and the place stays in the cart.
    const again = await cartWith(browser, await heldConferencePlace(browser), "EVENTS15");
    expect(again).toContain("You have already used the code “EVENTS15”");
    expect(again).toContain("Annual Conference 2027: Non-member × 1");
  });

  it("a code for webinars only, or one that has ended, is refused with its reason and the place stays in the cart at its price", async () => {
    const { browser, user } = await shopper("none");
    const items = await heldConferencePlace(browser);
    const webinarsOnly = await cartWith(browser, items, "WELCOME10");
    expect(webinarsOnly).toContain("The code “WELCOME10” does not apply to anything in your cart.");
    expect(webinarsOnly).toContain("Annual Conference 2027: Non-member × 1");
    expect(webinarsOnly).toContain("£360.00");
    const ended = await cartWith(browser, items, "SUMMER24");
    expect(ended).toContain("The code “SUMMER24” has expired");
    expect(ended).toContain("Annual Conference 2027: Non-member × 1");
    const refused = await browser.post("/cart/checkout", { items, expectedTotalPence: "36000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card", code: "WELCOME10" });
    // Checkout sends the buyer back to the cart with the code's message; nothing is ordered.
    expect(new URL(refused.headers.get("Location")!, "http://localhost").pathname).toBe("/cart");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?1").bind(user.uid).first<{ n: number }>())!.n).toBe(0);
  });
});
