/** Cancelling, postponing or reopening an event: for the staff area's requests and the jobs queue (services/events/event-cancellation.ts, event-reopening.ts). */
import { createEventStateChangeStore } from "../adapters/d1/event-state-changes";
import { log } from "../log";
import { createEventCancellation } from "../services/events/event-cancellation";
import { createEventReopening } from "../services/events/event-reopening";
import { createPostponedCancellation } from "../services/events/postponed-cancellation";
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

/** Staff's reopening of a postponed event on new dates. */
export function eventReopening({ db, stores, published, email, now }: Core) {
  return createEventReopening({ content: published, changes: createEventStateChangeStore(db), audit: stores.audit, outbox: email.outbox, now, log });
}

/** A buyer's cancelling of their places at a postponed (or moved) event for a full refund (/user/events). */
export function postponedCancellation({ db, stores, published, now }: Core, refunds: RefundService) {
  return createPostponedCancellation({
    content: published,
    bookings: stores.eventBookings,
    orders: stores.orders,
    changes: createEventStateChangeStore(db),
    refunds,
    audit: stores.audit,
    now,
    log,
  });
}
