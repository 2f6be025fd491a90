/** Cancelling or postponing an event: for the staff area's requests and the jobs queue (services/events/event-cancellation.ts). */
import { createEventStateChangeStore } from "../adapters/d1/event-state-changes";
import { log } from "../log";
import { createEventCancellation } from "../services/events/event-cancellation";
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
