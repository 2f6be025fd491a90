/** Events and conferences: the public list and pages, holding places for the cart, waiting-list offers, staff's sales, check-in and attendance, and cancelling or postponing an event (services/events). */
import { createEventAttendanceStore } from "../adapters/d1/event-attendance";
import { createEventStateChangeStore } from "../adapters/d1/event-state-changes";
import { createWaitlistOfferStore } from "../adapters/d1/event-waitlist-offers";
import { createPlaceTransferStore } from "../adapters/d1/event-place-transfers";
import { createPlaceTransfer } from "../services/events/place-transfer";
import { createTicketPage } from "../services/events/ticket-page";
import { log } from "../log";
import { cpdProvider } from "../services/cpd/provider";
import { createEventAttendance } from "../services/events/event-attendance";
import { createEventCancellation } from "../services/events/event-cancellation";
import { createEventService } from "../services/events/event-service";
import { createOfferClaims } from "../services/events/offer-claims";
import { createStaffEvents } from "../services/events/staff-events";
import type { RefundService } from "../services/refunds/refund-service";
import type { Core } from "./core";

/** Staff's cancelling or postponing of an event; its refunds go on from the jobs queue. */
export function eventCancellation({ config, db, stores, published, email }: Core, refunds: RefundService) {
  return createEventCancellation({
    content: published,
    changes: createEventStateChangeStore(db),
    refunds,
    audit: stores.audit,
    outbox: email.outbox,
    continueLater: async (eventId) => void (await config.bindings.jobsQueue.send({ job: "event-cancellation", eventId })),
    log,
  });
}

export function eventServices(core: Core, refunds: RefundService) {
  const { config, db, stores, published, notices, batch, now, newId } = core;
  const placeTransfers = createPlaceTransferStore(db);
  const eventAttendance = createEventAttendance({
    content: published,
    store: createEventAttendanceStore(db),
    bookings: stores.eventBookings,
    notices,
    batch,
    provider: cpdProvider(published, config.site.name),
    newId,
    now,
    log,
  });
  return {
    events: createEventService({ content: published, bookings: stores.eventBookings, now }),
    /** A waiting-list offer's holder: their open offers and claiming one into the cart (/user/events). */
    offerClaims: createOfferClaims({ offers: createWaitlistOfferStore(db), content: published, now }),
    /** /staff/events: sales, attendees, check-in (which credits the attendee's CPD). */
    staffEvents: createStaffEvents({ content: published, bookings: stores.eventBookings, now, attended: eventAttendance.checkedIn }),
    /** /staff/events/{id}/attendance: an online session's attendance report, marking by hand, and the CPD it earns. */
    eventAttendance,
    /** /user/events and /staff/events/{id}: passing an attendee's place to someone else. */
    placeTransfer: createPlaceTransfer({ content: published, store: placeTransfers, audit: stores.audit, notices, now }),
    /** /events/tickets/{code}: one attendee's ticket, for a transferred place's new attendee. */
    eventTicket: createTicketPage({ content: published, store: placeTransfers, now }),
    /** /staff/events/{id}: cancelling or postponing the event. */
    eventCancellation: eventCancellation(core, refunds),
  };
}
