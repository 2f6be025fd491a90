/**
 * A freed place is offered the moment it is freed (issue 27), against the real Strapi, D1 and the
 * Firebase emulator, without the ten-minute sweep: a hold that runs out and a waiting-list offer
 * not taken up each schedule the check of the list for their end (a delayed message on the jobs
 * queue), and an editor raising an event's capacity is offered in the CMS webhook's own request.
 *
 * The jobs queue's producer is recorded, so the test sees each message and its delay and
 * delivers it to the Worker's consumer as the queue would once it is due. Time passing is played
 * by moving a hold's end into the past in D1.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import type { JobQueueMessage } from "../../src/env";
import worker from "../../src/index";
import { createUser, TestBrowser } from "../support/worker/browser";
import { asEditor } from "../support/worker/cms-editor";
import { clearEventPlaces, takePlaces } from "../support/worker/event-places";
import { clearContentCache, fetchWith, purgeHeaders } from "../support/worker/helpers";

let events: SocietyEvent[];
const made: string[] = [];

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
});
afterAll(async () => {
  for (const documentId of made) await asEditor("DELETE", `/api/events/${documentId}`);
  if (made.length > 0) await clearContentCache();
});

/** A stand-in for the jobs queue's producer that keeps each message with its delay, for the test to deliver when due. */
function recordingJobsQueue() {
  const sent: { body: JobQueueMessage; delaySeconds: number | undefined }[] = [];
  const producer = {
    send: async (body: JobQueueMessage, options?: QueueSendOptions) => void sent.push({ body, delaySeconds: options?.delaySeconds }),
    sendBatch: async (messages: Iterable<MessageSendRequest<JobQueueMessage>>) => void [...messages].forEach((m) => sent.push({ body: m.body, delaySeconds: m.delaySeconds })),
  } as unknown as Queue<JobQueueMessage>;
  return { sent, producer };
}

const jobs = recordingJobsQueue();
/** The search queue is another test's: what the webhook queues there is dropped. */
const quietQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;

/** Delivers messages to the Worker's jobs consumer, as the queue does once their delay is over. */
async function deliver(bodies: JobQueueMessage[]) {
  const batch = createMessageBatch<JobQueueMessage>(
    "guildhall-jobs",
    bodies.map((body, i) => ({ id: `m-${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, JOBS_QUEUE: jobs.producer }, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages).toEqual([]);
}

async function shopper() {
  const user = await createUser();
  const browser = new TestBrowser({ JOBS_QUEUE: jobs.producer });
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const entryOf = (userId: string) =>
  env.DB.prepare("SELECT id, status, offer_booking_id FROM event_waitlist WHERE user_id = ?1").bind(userId).first<{ id: string; status: string; offer_booking_id: string | null }>();
const offersTo = (userId: string) => env.DB.prepare("SELECT id FROM email_outbox WHERE user_id = ?1 AND kind = 'event-waitlist-offer'").bind(userId).all<{ id: string }>();
const holdEndOf = async (bookingId: string) => (await env.DB.prepare("SELECT hold_expires_at FROM event_bookings WHERE id = ?1").bind(bookingId).first<{ hold_expires_at: string }>())!.hold_expires_at;

/** Time passes: the booking's hold (and its places') ended a moment ago. */
async function holdEnded(where: { bookingId: string } | { userId: string }): Promise<string> {
  const ended = new Date(Date.now() - 1000).toISOString();
  const bookings = "bookingId" in where ? "SELECT ?1" : "SELECT id FROM event_bookings WHERE user_id = ?1";
  const key = "bookingId" in where ? where.bookingId : where.userId;
  await env.DB.batch([
    env.DB.prepare(`UPDATE event_bookings SET hold_expires_at = ?2 WHERE id IN (${bookings})`).bind(key, ended),
    env.DB.prepare(`UPDATE event_attendees SET hold_expires_at = ?2 WHERE booking_id IN (${bookings})`).bind(key, ended),
  ]);
  return ended;
}

describe("a freed place is offered at once", () => {
  it("a hold that runs out goes to the first person waiting when it ends, and an offer not taken up to the next when it ends, without the sweep", async () => {
    const course = events.find((e) => e.slug === "manual-therapy-course")!;
    expect(course.capacity).toBe(2);
    await clearEventPlaces(course.id);
    await takePlaces(course, "place", 1);
    jobs.sent.length = 0;

    const buyer = await shopper();
    const booked = await buyer.browser.post("/events/manual-therapy-course/book", { places: "1", "a0.ticket": "place", "a0.name": "Left In Cart", "a0.email": "left.in.cart@guild.example" });
    expect(booked.status).toBe(303);
    // The cart's hold (20 minutes) scheduled the check of the list for a moment after it ends.
    expect(jobs.sent).toEqual([{ body: { job: "event-places", eventId: course.id }, delaySeconds: 20 * 60 + 2 }]);
    const holdCheck = jobs.sent.splice(0).map((s) => s.body);

    const first = await shopper();
    const second = await shopper();
    expect((await first.browser.post("/events/manual-therapy-course/waitlist", {})).status).toBe(303);
    expect((await second.browser.post("/events/manual-therapy-course/waitlist", {})).status).toBe(303);

    // The buyer leaves the place in the cart; when the hold ends, its check offers it to the first.
    await holdEnded({ userId: buyer.user.uid });
    await deliver(holdCheck);
    const offered = (await entryOf(first.user.uid))!;
    expect(offered.status).toBe("offered");
    expect((await offersTo(first.user.uid)).results).toHaveLength(1);
    expect((await entryOf(second.user.uid))!.status).toBe("waiting");

    // The offer (48 hours) scheduled its own check: longer than a queue may delay, so it carries its end.
    const offerEnd = await holdEndOf(offered.offer_booking_id!);
    expect(jobs.sent).toEqual([{ body: { job: "event-places", eventId: course.id, notBefore: offerEnd }, delaySeconds: 12 * 60 * 60 }]);
    // Arriving after 12 hours, before the offer ends, it changes nothing and is sent on.
    await deliver(jobs.sent.splice(0).map((s) => s.body));
    expect((await entryOf(first.user.uid))!.status).toBe("offered");
    expect((await entryOf(second.user.uid))!.status).toBe("waiting");
    expect(jobs.sent.map((s) => s.body)).toEqual([{ job: "event-places", eventId: course.id, notBefore: offerEnd }]);
    jobs.sent.length = 0;

    // The first person lets the offer run out; when it ends, the place goes to the next.
    const ended = await holdEnded({ bookingId: offered.offer_booking_id! });
    await deliver([{ job: "event-places", eventId: course.id, notBefore: ended }]);
    expect((await entryOf(first.user.uid))!.status).toBe("lapsed");
    expect((await entryOf(second.user.uid))!.status).toBe("offered");
    expect((await offersTo(second.user.uid)).results).toHaveLength(1);
    await clearEventPlaces(course.id);
  });

  it("a card checkout's hold schedules the check for its own end", async () => {
    const course = events.find((e) => e.slug === "manual-therapy-course")!;
    await clearEventPlaces(course.id);
    const buyer = await shopper();
    const booked = await buyer.browser.post("/events/manual-therapy-course/book", { places: "1", "a0.ticket": "place", "a0.name": "Card Buyer", "a0.email": "card.buyer@guild.example" });
    const add = new URL(booked.headers.get("Location")!, "http://localhost").searchParams.get("add")!;
    jobs.sent.length = 0;
    expect((await buyer.browser.post("/cart/checkout", { items: add, expectedTotalPence: "12000", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" })).status).toBe(303);
    // 30 minutes to pay on Stripe's page.
    expect(jobs.sent).toEqual([{ body: { job: "event-places", eventId: course.id }, delaySeconds: 30 * 60 + 2 }]);
    jobs.sent.length = 0;
    await clearEventPlaces(course.id);
  });

  it("a capacity an editor raises in the CMS is offered to the first person waiting in the webhook's own request", async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const slug = `raised-capacity-${stamp}`;
    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    const created = await asEditor("POST", "/api/events?status=published", {
      name: `Raised capacity study day ${stamp}`,
      slug,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 6 * 3600_000).toISOString(),
      format: "in_person",
      state: "scheduled",
      capacity: 1,
      ticketTypes: [{ code: "place", name: "Place", price: 0, vatTreatment: "exempt", audience: "signed_in" }],
    });
    expect(created.status).toBe(201);
    const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
    made.push(documentId);
    await clearContentCache();
    await takePlaces({ id: documentId, slug }, "place", 1);
    const waiter = await shopper();
    expect((await waiter.browser.post(`/events/${slug}/waitlist`, {})).status).toBe(303);
    expect((await entryOf(waiter.user.uid))!.status).toBe("waiting");

    expect((await asEditor("PUT", `/api/events/${documentId}?status=published`, { capacity: 2 })).status).toBe(200);
    const webhook = await fetchWith({ SEARCH_QUEUE: quietQueue, JOBS_QUEUE: jobs.producer }, "/api/cache/purge", {
      method: "POST",
      headers: purgeHeaders(),
      body: JSON.stringify({ event: "entry.publish", model: "event", uid: "api::event.event", entry: { id: 1, documentId } }),
    });
    expect(webhook.status).toBe(200);
    expect((await entryOf(waiter.user.uid))!.status).toBe("offered");
    expect((await offersTo(waiter.user.uid)).results).toHaveLength(1);
    await clearEventPlaces(documentId);
  });
});
