/** Events and conferences: the public list and pages, holding places for the cart, waiting-list offers, staff's sales and check-in (services/events). */
import { createWaitlistOfferStore } from "../adapters/d1/event-waitlist-offers";
import { createEventService } from "../services/events/event-service";
import { createOfferClaims } from "../services/events/offer-claims";
import { createStaffEvents } from "../services/events/staff-events";
import type { Core } from "./core";

export function eventServices({ db, stores, published, now }: Core) {
  return {
    events: createEventService({ content: published, bookings: stores.eventBookings, now }),
    /** A waiting-list offer's holder: their open offers and claiming one into the cart (/user/events). */
    offerClaims: createOfferClaims({ offers: createWaitlistOfferStore(db), content: published, now }),
    /** /staff/events: sales, attendees, check-in. */
    staffEvents: createStaffEvents({ content: published, bookings: stores.eventBookings, now }),
  };
}
