/**
 * What a buyer holds survives an editor's change. Strapi 5 gives a document a new numeric `id`
 * every time it is published (the published row is replaced), so anything the site keeps in D1
 * about a webinar or an event is keyed by the document's `documentId`, which never changes.
 * Against the real Strapi, D1 and the FAKE Stripe API (Stripe cannot be reached here).
 */
import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { createUser, TestBrowser } from "../support/worker/browser";
import { asEditor } from "../support/worker/cms-editor";
import { clearContentCache } from "../support/worker/helpers";
import { payCheckout, sendWebhook } from "../support/worker/stripe";

const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const made: string[] = [];

afterAll(async () => {
  for (const [model, documentId] of made.map((m) => m.split(":") as [string, string])) await asEditor("DELETE", `/api/${model}/${documentId}`);
  await clearContentCache();
});

async function publish(model: "webinars" | "events", data: Record<string, unknown>): Promise<{ documentId: string; id: number }> {
  const response = await asEditor("POST", `/api/${model}?status=published`, data);
  expect(response.status).toBe(201);
  const { data: saved } = (await response.json()) as { data: { documentId: string; id: number } };
  made.push(`${model}:${saved.documentId}`);
  return saved;
}

/** An editor's change, saved and published again: Strapi replaces the published row. */
async function republish(model: "webinars" | "events", documentId: string, data: Record<string, unknown>): Promise<number> {
  const response = await asEditor("PUT", `/api/${model}/${documentId}?status=published`, data);
  expect(response.status).toBe(200);
  await clearContentCache();
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function shopper() {
  const user = await createUser();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ");

describe("an editor republishes what a member has bought", () => {
  it("a bought webinar stays the buyer's after its page is edited and published again", async () => {
    const zoomUrl = `https://zoom.example/j/8${Math.floor(Math.random() * 1e9)}`;
    const slug = `republished-webinar-${stamp}`;
    const webinar = await publish("webinars", {
      name: `Republished webinar ${stamp}`,
      slug,
      date: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
      zoomUrl,
      stripePriceId: "price_republished",
      defaultPrice: 30,
    });
    await clearContentCache();
    const { browser, user } = await shopper();
    const cart = await (await browser.fetch(`/webinars/${slug}`)).text();
    const item = /name="add" value="(webinar:[^"]+)"/.exec(cart)![1]!; // the page's own "Add to cart"
    const checkout = await browser.post("/cart/checkout", { items: item, expectedTotalPence: "3000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" });
    expect(checkout.status).toBe(303);
    const order = await env.DB.prepare("SELECT checkout_session_id, webinar_ids FROM orders WHERE user_id = ?1").bind(user.uid).first<{ checkout_session_id: string; webinar_ids: string }>();
    // Recorded under the document's lasting id, not the published row's.
    expect(JSON.parse(order!.webinar_ids)).toEqual([webinar.documentId]);
    await payCheckout(order!.checkout_session_id, 3000);
    await sendWebhook("checkout.session.completed", { id: order!.checkout_session_id, object: "checkout.session" });
    expect((await browser.post(`/webinars/${slug}/join`, {})).headers.get("Location")).toBe(zoomUrl);

    const newRowId = await republish("webinars", webinar.documentId, { name: `Republished webinar ${stamp} (speaker added)` });
    expect(newRowId).not.toBe(webinar.id); // Strapi's numeric id moved on

    const joined = await browser.post(`/webinars/${slug}/join`, {});
    expect(joined.status).toBe(303);
    expect(joined.headers.get("Location")).toBe(zoomUrl);
    expect(text(await (await browser.fetch("/user/webinars")).text())).toContain(`Republished webinar ${stamp} (speaker added)`);
  });

  it("an event's bookings, places left and the buyer's tickets survive an edit to the event", async () => {
    const slug = `republished-event-${stamp}`;
    const startsAt = new Date(Date.now() + 20 * 86_400_000);
    const event = await publish("events", {
      name: `Republished study day ${stamp}`,
      slug,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 6 * 3600_000).toISOString(),
      format: "online",
      state: "scheduled",
      capacity: 3,
      ticketTypes: [{ code: "place", name: "Place", price: 0, vatTreatment: "exempt", audience: "signed_in" }],
    });
    await clearContentCache();
    const { browser, user } = await shopper();
    const booked = await browser.post(`/events/${slug}/book`, { places: "1", "a0.ticket": "place", "a0.name": "Rosa Republish", "a0.email": `rosa.${stamp}@guild.example` });
    expect(booked.status).toBe(303);
    const add = new URL(booked.headers.get("Location")!, "http://localhost").searchParams.get("add")!;
    const checkout = await browser.post("/cart/checkout", { items: add, expectedTotalPence: "0", idempotencyKey: crypto.randomUUID() });
    expect(checkout.status).toBe(303);
    const booking = await env.DB.prepare("SELECT event_id, status FROM event_bookings WHERE user_id = ?1").bind(user.uid).first<{ event_id: string; status: string }>();
    expect(booking).toEqual({ event_id: event.documentId, status: "confirmed" });
    expect(text(await (await browser.fetch(`/events/${slug}`)).text())).toContain("2 places left");

    const newRowId = await republish("events", event.documentId, { summary: "Now with a second speaker." });
    expect(newRowId).not.toBe(event.id);

    expect(text(await (await browser.fetch(`/events/${slug}`)).text())).toContain("2 places left");
    const mine = text(await (await browser.fetch("/user/events")).text());
    expect(mine).toContain(`Republished study day ${stamp}`);
    expect(mine).toContain("Rosa Republish");
  });
});
