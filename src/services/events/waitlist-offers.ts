/**
 * Waiting-list offers (issue 27; docs/decisions/0060): when a place at an event frees up (a
 * cancellation or refund, a hold that ran out, an offer not taken up, staff raising the capacity
 * in the CMS), the first person still waiting is offered it by e-mail and the place is held for
 * them until the offer runs out (the event's `waitlistOfferHours`, 48 by default, never past its
 * start). An offer not taken up lapses and the place goes to the next person.
 *
 * The sweep (every ten minutes) does it all from what D1 says now, so it does not matter what
 * freed the place or whether a run was missed: it closes ended offers, then offers each event's
 * free places in list order until a hold is refused (no place left) or the list is empty. Holding
 * is the booking form's conditional insert, so an offer never takes a place that is not free.
 */
import type { WaitingEntry, WaitlistOfferStore } from "../../adapters/d1/event-waitlist-offers";
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { SocietyEvent, TicketType } from "../../domain/events";
import type { Logger } from "../../log";
import type { ContentService } from "../content/content-service";
import type { Notices } from "../email/notices";
import { randomToken } from "./booking";

/** Offers made by one run at most (each costs two D1 queries); the next run goes on, and the cap is logged. */
export const OFFERS_PER_RUN = 150;
/** Events looked at by one run at most; the rest wait for the next run, and the cap is logged. */
const EVENTS_PER_RUN = 100;

export interface WaitlistOfferDeps {
  store: Pick<WaitlistOfferStore, "settle" | "eventsWithWaiting" | "nextWaiting" | "offer">;
  content: Pick<ContentService, "events">;
  notices: Pick<Notices, "prepare" | "deliverSoon">;
  log: Logger;
}

/**
 * The ticket an offer holds: the one its holder could buy when they joined, else (an entry from
 * before offers, or a ticket since removed) the first main ticket open to anyone signed in.
 */
export function offerTicket(event: SocietyEvent, entry: Pick<WaitingEntry, "ticketCode">): TicketType | null {
  const main = event.ticketTypes.filter((t) => !t.addOn);
  return main.find((t) => t.code === entry.ticketCode) ?? main.find((t) => t.audience === "anyone" || t.audience === "signed-in") ?? main[0] ?? null;
}

/** Whether an event still takes bookings, so that its list may be offered places. */
const offerable = (event: SocietyEvent, now: Date) => event.state === "scheduled" && Date.parse(event.startsAt) > now.getTime();

/** One run: ended offers closed, free places offered. */
export async function offerFreedPlaces(deps: WaitlistOfferDeps, now: Date): Promise<{ lapsed: number; offered: number }> {
  const at = now.toISOString();
  const lapsed = await deps.store.settle(at);
  const eventIds = await deps.store.eventsWithWaiting(EVENTS_PER_RUN + 1);
  if (eventIds.length > EVENTS_PER_RUN) deps.log.warn("events.waitlist_events_capped", { looked: EVENTS_PER_RUN, next: "the next sweep goes on" });
  const events = new Map((await deps.content.events()).map((e) => [e.id, e]));
  let offered = 0;
  for (const eventId of eventIds.slice(0, EVENTS_PER_RUN)) {
    const event = events.get(eventId);
    if (!event || !offerable(event, now)) continue;
    for (;;) {
      if (offered >= OFFERS_PER_RUN) {
        deps.log.warn("events.waitlist_offers_capped", { offered, next: "the next sweep goes on" });
        return { lapsed, offered };
      }
      const entry = await deps.store.nextWaiting(event.id);
      if (!entry || !(await offerOne(deps, event, entry, now))) break;
      offered += 1;
    }
  }
  if (lapsed > 0 || offered > 0) deps.log.info("events.waitlist_offers", { lapsed, offered });
  return { lapsed, offered };
}

/** Holds one place for the entry and writes its offer e-mail, in one batch. False when no place was free. */
async function offerOne(deps: WaitlistOfferDeps, event: SocietyEvent, entry: WaitingEntry, now: Date): Promise<boolean> {
  const ticket = offerTicket(event, entry);
  if (!ticket) return false;
  const hours = event.waitlistOfferHours;
  const until = new Date(Math.min(now.getTime() + hours * 3_600_000, Date.parse(event.startsAt))).toISOString();
  const bookingId = crypto.randomUUID();
  const email = deps.notices.prepare([
    {
      message: {
        kind: "event-waitlist-offer",
        event: `${entry.id}:${bookingId}`,
        to: { email: entry.email, userId: entry.userId },
        data: { eventName: event.name, eventSlug: event.slug, startsAt: event.startsAt, endsAt: event.endsAt, timeZone: event.timeZone, ticketName: ticket.name, pence: ticket.pence, offerExpiresAt: until, entryId: entry.id },
      },
      onlyIf: when.waitlistOffered(entry.id, bookingId),
    },
  ]);
  const held = await deps.store.offer(
    entry.id,
    {
      eventId: event.id,
      now: now.toISOString(),
      holdUntil: until,
      bookings: [
        {
          id: bookingId,
          eventId: event.id,
          eventSlug: event.slug,
          userId: entry.userId,
          ticketCode: ticket.code,
          title: `${event.name}: ${ticket.name} × 1`,
          unitPence: ticket.pence,
          vatTreatment: ticket.vatTreatment,
          countsForEvent: true,
          eventCapacity: event.capacity,
          ticketCapacity: ticket.capacity,
          // Named for now by the holder's address; they name the attendee when they claim it.
          attendees: [{ id: crypto.randomUUID(), name: entry.email, email: entry.email, answers: {}, qrToken: randomToken() }],
        },
      ],
    },
    email.statements,
  );
  if (held) deps.notices.deliverSoon(email.ids);
  return held;
}
