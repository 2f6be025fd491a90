/**
 * Events and conferences: the public list and pages, holding places for the cart, a transferred
 * place's ticket, waiting-list offers and the CMS webhook's offer of a changed event's places
 * (services/events). An attendee's own offers, passing a place on and cancelling a postponed
 * event's places are the member area's (member-area.ts); staff's sales, check-in and attendance,
 * and cancelling, postponing or reopening an event the staff area's (staff-area.ts,
 * event-cancellation.ts).
 */
import { createWaitlistOfferStore } from "../adapters/d1/event-waitlist-offers";
import { createPlaceTransferStore } from "../adapters/d1/event-place-transfers";
import { createTicketPage } from "../services/events/ticket-page";
import { log } from "../log";
import { createEventService } from "../services/events/event-service";
import { createPlaceChecks, type PlaceChecks } from "../services/events/place-checks";
import { offerPlacesOfChangedEvent, type WaitlistOfferDeps } from "../services/events/waitlist-offers";
import type { Config } from "../env";
import { publishedUncached } from "./content";
import type { Core } from "./core";

/** Checks of events' waiting lists scheduled for when holds end: delayed messages on the jobs queue. */
export function placeChecksOf(config: Config): PlaceChecks {
  return createPlaceChecks({ send: async (check, delaySeconds) => void (await config.bindings.jobsQueue.send({ job: "event-places", ...check }, { delaySeconds })), log });
}

/** Waiting-list offers' parts: for a refund's request (its freed places offered at once), a hold's check and the sweep. */
export function waitlistOfferDeps({ config, db, published, notices }: Pick<Core, "config" | "db" | "published" | "notices">): WaitlistOfferDeps {
  return { store: createWaitlistOfferStore(db), content: published, notices, checks: placeChecksOf(config), log };
}

export function eventServices(core: Core) {
  const { config, db, stores, published, now } = core;
  return {
    events: createEventService({ content: published, bookings: stores.eventBookings, checks: placeChecksOf(config), now }),
    /** The CMS webhook: an event was changed (its capacity raised, say), so its freed places are offered at once, from the CMS as it is now. */
    eventChanged: (eventId: string) => offerPlacesOfChangedEvent(waitlistOfferDeps({ ...core, published: publishedUncached(config) }), eventId, now()),
    /** /events/tickets/{code}: one attendee's ticket, for a transferred place's new attendee. */
    eventTicket: createTicketPage({ content: published, store: createPlaceTransferStore(db), now }),
  };
}
