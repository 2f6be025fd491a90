/** Events and conferences: the public list and pages, holding places for the cart, waiting-list offers, and check-in and attendance (services/events); staff's sales and cancelling or postponing an event are the staff area's (staff-area.ts, event-cancellation.ts). */
import { createEventAttendanceStore } from "../adapters/d1/event-attendance";
import { createAttendancePreviewStore } from "../adapters/d1/event-attendance-previews";
import { createWaitlistOfferStore } from "../adapters/d1/event-waitlist-offers";
import { createPlaceTransferStore } from "../adapters/d1/event-place-transfers";
import { createPlaceTransfer, memberAtAddress } from "../services/events/place-transfer";
import { createTicketPage } from "../services/events/ticket-page";
import { log } from "../log";
import { cpdProvider } from "../services/cpd/provider";
import { createEventAttendance } from "../services/events/event-attendance";
import { createEventService } from "../services/events/event-service";
import { createOfferClaims } from "../services/events/offer-claims";
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
  const { config, db, stores, published, notices, batch, now, newId } = core;
  const placeTransfers = createPlaceTransferStore(db);
  const eventAttendance = createEventAttendance({
    content: published,
    store: createEventAttendanceStore(db),
    previews: createAttendancePreviewStore(db),
    bookings: stores.eventBookings,
    notices,
    batch,
    provider: cpdProvider(published, config.site.name),
    newId,
    now,
    log,
  });
  return {
    events: createEventService({ content: published, bookings: stores.eventBookings, checks: placeChecksOf(config), now }),
    /** The CMS webhook: an event was changed (its capacity raised, say), so its freed places are offered at once, from the CMS as it is now. */
    eventChanged: (eventId: string) => offerPlacesOfChangedEvent(waitlistOfferDeps({ ...core, published: publishedUncached(config) }), eventId, now()),
    /** A waiting-list offer's holder: their open offers and claiming one into the cart (/user/events). */
    offerClaims: createOfferClaims({ offers: createWaitlistOfferStore(db), content: published, now }),
    /** /staff/events/{id}/attendance: an online session's attendance report, marking by hand, and the CPD it earns. */
    eventAttendance,
    /** /user/events and /staff/events/{id}: passing an attendee's place to someone else. */
    placeTransfer: createPlaceTransfer({
      content: published,
      store: placeTransfers,
      audit: stores.audit,
      notices,
      now,
      memberByEmail: (email) => memberAtAddress({ accounts: placeTransfers.membersWithEmail, members: core.members }, email),
    }),
    /** /events/tickets/{code}: one attendee's ticket, for a transferred place's new attendee. */
    eventTicket: createTicketPage({ content: published, store: placeTransfers, now }),
  };
}
