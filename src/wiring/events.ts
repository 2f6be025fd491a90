/** Events and conferences: the public list and pages, holding places for the cart, staff's sales and check-in (services/events). */
import { createEventService } from "../services/events/event-service";
import { createStaffEvents } from "../services/events/staff-events";
import type { Core } from "./core";

export function eventServices({ stores, published, now }: Core) {
  return {
    events: createEventService({ content: published, bookings: stores.eventBookings, now }),
    /** /staff/events: sales, attendees, check-in. */
    staffEvents: createStaffEvents({ content: published, bookings: stores.eventBookings, now }),
  };
}
