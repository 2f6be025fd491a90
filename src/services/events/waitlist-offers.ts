/**
 * Waiting-list offers (issue 27; docs/decisions/0060): when a place at an event frees up (a
 * cancellation or refund, a hold that ran out, an offer not taken up, staff raising the capacity
 * in the CMS), the first person still waiting is offered it by e-mail and the place is held for
 * them until the offer runs out (the event's `waitlistOfferHours`, 48 by default, never past its
 * start). An offer not taken up lapses and the place goes to the next person.
 *
 * A place is offered the moment it is freed: a refund that frees places (a buyer's cancellation,
 * staff's refund) offers them in its request (offerPlacesFreedBy); an editor's change to an event
 * (a capacity raised) in the CMS webhook's request (offerPlacesOfChangedEvent); a hold or an offer
 * that runs out by the check its hold scheduled for its end (place-checks.ts, runPlaceCheck). The
 * sweep (every ten minutes) is the safety net and works from what D1 says now, so it does not
 * matter what freed the place or whether a check was lost: it closes ended offers, then offers each
 * event's free places in list order, passing over those whose ticket is full (offerEventPlaces).
 * Holding is the booking form's conditional insert, so an offer never takes a place that is not free.
 */
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { WaitingEntry, WaitlistOfferStore } from "../../adapters/d1/event-waitlist-offers";
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { SocietyEvent, TicketType } from "../../domain/events";
import type { Logger } from "../../log";
import type { ContentService } from "../content/content-service";
import type { Notices } from "../email/notices";
import { randomToken } from "./booking";
import { placeCheckDue, type PlaceCheck, type PlaceChecks } from "./place-checks";

/** Offers made by one run at most (each costs two D1 queries); the next run goes on, and the cap is logged. */
export const OFFERS_PER_RUN = 150;
/** Events looked at by one run at most; the rest wait for the next run, and the cap is logged. */
const EVENTS_PER_RUN = 100;
/** Waiting entries read at a time from one event's list. */
const ENTRIES_PER_PAGE = 50;

export interface WaitlistOfferDeps {
  store: Pick<WaitlistOfferStore, "settle" | "eventsWithWaiting" | "waitingOn" | "offer">;
  content: Pick<ContentService, "events">;
  notices: Pick<Notices, "prepare" | "deliverSoon">;
  /** Schedules the check of the list for when an offer's hold runs out. */
  checks: PlaceChecks;
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

/**
 * One run: ended offers closed, free places offered. `only`: the events to offer places at (those
 * a refund has just freed places at); null for every event someone is waiting on (the sweep).
 */
export async function offerFreedPlaces(deps: WaitlistOfferDeps, now: Date, only: readonly string[] | null = null): Promise<{ lapsed: number; offered: number }> {
  const at = now.toISOString();
  const lapsed = await deps.store.settle(at);
  const eventIds = only ?? (await deps.store.eventsWithWaiting(EVENTS_PER_RUN + 1));
  if (eventIds.length > EVENTS_PER_RUN) deps.log.warn("events.waitlist_events_capped", { looked: EVENTS_PER_RUN, next: "the next sweep goes on" });
  const events = new Map((await deps.content.events()).map((e) => [e.id, e]));
  let offered = 0;
  for (const eventId of eventIds.slice(0, EVENTS_PER_RUN)) {
    const event = events.get(eventId);
    if (!event || !offerable(event, now)) continue;
    const made = await offerEventPlaces(deps, event, now, OFFERS_PER_RUN - offered);
    offered += made.offered;
    if (made.capped) {
      deps.log.warn("events.waitlist_offers_capped", { offered, next: "the next sweep goes on" });
      return { lapsed, offered };
    }
  }
  if (lapsed > 0 || offered > 0) deps.log.info("events.waitlist_offers", { lapsed, offered });
  return { lapsed, offered };
}

/**
 * Offers one event's free places down its list, at most `budget`. Someone whose ticket has no
 * place left keeps their place at the head of the list, and those behind them whose ticket has
 * room are offered theirs meanwhile: a full ticket type does not stop the offers for the whole
 * event. Each ticket's hold is tried until it is refused once in a run, so an event with no
 * place left at all costs one query per ticket type. The list is read a page at a time; a page
 * in which someone had to be passed over is the last this run looks at (the next run goes on).
 */
async function offerEventPlaces(deps: WaitlistOfferDeps, event: SocietyEvent, now: Date, budget: number): Promise<{ offered: number; capped: boolean }> {
  const full = new Set<string>();
  const mainTickets = event.ticketTypes.filter((t) => !t.addOn).length;
  let offered = 0;
  for (;;) {
    const entries = await deps.store.waitingOn(event.id, ENTRIES_PER_PAGE);
    let passedOver = false;
    for (const entry of entries) {
      if (full.size >= mainTickets) return { offered, capped: false };
      const ticket = offerTicket(event, entry);
      if (!ticket || full.has(ticket.code)) {
        passedOver = true;
        continue;
      }
      if (offered >= budget) return { offered, capped: true };
      if (await offerOne(deps, event, entry, ticket, now)) offered += 1;
      else {
        full.add(ticket.code);
        passedOver = true;
      }
    }
    if (entries.length < ENTRIES_PER_PAGE) return { offered, capped: false };
    if (passedOver) {
      deps.log.info("events.waitlist_page_passed_over", { eventId: event.id, offered, next: "the next sweep looks further down the list" });
      return { offered, capped: false };
    }
  }
}

/**
 * Offers at once the places a refund of `orderId` has just freed (its events' waiting lists), in
 * the refund's request. The sweep is the safety net: a failure here is logged, never the refund's.
 */
export async function offerPlacesFreedBy(deps: WaitlistOfferDeps & { bookings: Pick<EventBookingStore, "ofOrder"> }, orderId: string, now: Date): Promise<void> {
  try {
    const eventIds = [...new Set((await deps.bookings.ofOrder(orderId)).map((booking) => booking.eventId))];
    if (eventIds.length > 0) await offerFreedPlaces(deps, now, eventIds);
  } catch (error) {
    deps.log.warn("events.waitlist_offer_at_once_failed", { orderId, error, next: "the ten-minute sweep offers the place" });
  }
}

/**
 * Offers at once the places an editor's change to an event may have freed (its capacity, or a
 * ticket's, raised), in the request of the CMS webhook that tells of the change. A failure is
 * logged, never the webhook's: the sweep is the safety net.
 */
export async function offerPlacesOfChangedEvent(deps: WaitlistOfferDeps, eventId: string, now: Date): Promise<void> {
  try {
    await offerFreedPlaces(deps, now, [eventId]);
  } catch (error) {
    deps.log.warn("events.waitlist_offer_at_once_failed", { eventId, error, next: "the ten-minute sweep offers the place" });
  }
}

/** A check a hold scheduled for its end (place-checks.ts): the event's freed places offered, once it is due. */
export async function runPlaceCheck(deps: WaitlistOfferDeps, check: PlaceCheck, now: Date): Promise<void> {
  if (await placeCheckDue(deps.checks, check, now)) await offerFreedPlaces(deps, now, [check.eventId]);
}

/** Holds one place for the entry and writes its offer e-mail, in one batch. False when no place was free. */
async function offerOne(deps: WaitlistOfferDeps, event: SocietyEvent, entry: WaitingEntry, ticket: TicketType, now: Date): Promise<boolean> {
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
  if (held) {
    deps.notices.deliverSoon(email.ids);
    // Not taken up by its end, the place goes to the next person then, not at the next sweep.
    await deps.checks.whenHoldEnds([event.id], until, now);
  }
  return held;
}
