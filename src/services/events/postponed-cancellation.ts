/**
 * The buyer cancels their places at an event staff postponed, or reopened on new dates after a
 * postponement, for the full price, outside the event's usual cancellation policy
 * (/user/events, docs/decisions/0078): the dates they paid for are not the event's any more.
 * Everything the order holds at the event goes (its places and add-ons, with any CPD their
 * attendance earned), in the refund's own batch: a card payment is refunded through the refund
 * path (Stripe, credit note, refund e-mail, audit entry on the order); a bank transfer is
 * recorded as refund due, listed on the event's staff page for the office to pay back and record
 * on the order (which issues the credit note), as for a cancelled event's. The order is recorded
 * as settled for the event, so a second click, or a later cancellation of the event, refunds
 * nothing twice.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { EventStateChangeStore } from "../../adapters/d1/event-state-changes";
import type { OrderStore } from "../../adapters/d1/orders";
import type { Booking, PostponedCancellationView, SocietyEvent } from "../../domain/events";
import type { Order } from "../../domain/orders";
import { AppError } from "../../errors";
import { postponedRefundAllowed } from "./event-rules";
import type { Logger } from "../../log";
import type { ContentService } from "../content/content-service";
import type { RefundService } from "../refunds/refund-service";

export interface PostponedCancellationDeps {
  /** The events as the site shows them (staff's postponements and new dates laid over the CMS). */
  content: Pick<ContentService, "events">;
  bookings: Pick<EventBookingStore, "forUser" | "ofOrder">;
  orders: Pick<OrderStore, "byId">;
  changes: Pick<EventStateChangeStore, "settleStatements" | "run">;
  refunds: Pick<RefundService, "refundPostponedEvent">;
  audit: Pick<AuditLog, "record">;
  now: () => Date;
  log: Logger;
}

export type PostponedCancellation = ReturnType<typeof createPostponedCancellation>;

export function createPostponedCancellation(deps: PostponedCancellationDeps) {
  /** The buyer's own booking with everything cancelling it would do; someone else's is NOT_FOUND. */
  async function open(userId: string, bookingId: string): Promise<PostponedCancellationView & { order: Order }> {
    const booking = (await deps.bookings.forUser(userId)).find((b) => b.id === bookingId);
    if (!booking || booking.orderId === null) throw new AppError("NOT_FOUND", "No booking with this id");
    const [events, order, inOrder] = await Promise.all([deps.content.events(), deps.orders.byId(booking.orderId), deps.bookings.ofOrder(booking.orderId)]);
    const event = events.find((e) => e.id === booking.eventId);
    if (!event || !order) throw new AppError("NOT_FOUND", "No booking with this id");
    const bookings = inOrder.filter((b) => b.eventId === event.id && b.status === "confirmed");
    // What the order charged for each booking (after any discount code), never its list price.
    const charged = (b: Booking) => order.lines.find((line) => line.kind === "booking" && line.id === b.id)?.pence ?? b.totalPence;
    const amountPence = bookings.reduce((sum, b) => sum + charged(b), 0);
    const refund = amountPence === 0 || order.status !== "paid" ? "none" : order.paymentMethod === "card" ? "card" : order.paymentMethod === "offline" ? "bank" : "none";
    const refusal =
      booking.status !== "confirmed"
        ? "This booking has been cancelled already."
        : postponedRefundAllowed(event, booking, deps.now())
          ? null
          : event.state === "cancelled"
            ? "This event has been cancelled: its bookings are refunded without your asking, and we have e-mailed you how."
            : "This event has not been postponed or moved, so its usual cancellation policy applies: see your events page.";
    return { event, booking, bookings, amountPence, refund, refusal, order };
  }

  return {
    open,

    /** Cancels the buyer's places at the event in the booking's order for the full price; a CONFLICT says why it cannot. */
    async cancel(userId: string, bookingId: string): Promise<{ refund: PostponedCancellationView["refund"]; amountPence: number }> {
      const view = await open(userId, bookingId);
      if (view.refusal) throw new AppError("CONFLICT", view.refusal);
      const { event, order } = view;
      const by = `buyer:${userId}`;
      if (view.refund === "card") {
        let statements: D1PreparedStatement[] = [];
        const made = await deps.refunds.refundPostponedEvent(by, event.id, order.id, view.amountPence, (refund) => {
          statements = deps.changes.settleStatements(event.id, order.id, "refunded", refund.amountPence, refund.refundId, by);
          return statements;
        });
        if (made === null) {
          // Refunded already in full (by staff, or in Stripe): the places go with nothing more to pay back.
          await deps.changes.run(deps.changes.settleStatements(event.id, order.id, "nothing-paid", 0, null, by));
          return { refund: "none", amountPence: 0 };
        }
        // Stripe's report recorded the refund first: its batch did not cancel the places, so they are cancelled now.
        if (made.outcome !== "recorded") await deps.changes.run(statements);
        deps.log.info("events.postponed_booking_refunded", { eventId: event.id, orderId: order.id, amountPence: made.amountPence });
        return { refund: "card", amountPence: made.amountPence };
      }
      const outcome = view.refund === "bank" ? "refund-due" : "nothing-paid";
      const amount = view.refund === "bank" ? view.amountPence : 0;
      const settle = deps.changes.settleStatements(event.id, order.id, outcome, amount, null, by);
      const audit = deps.audit.record(
        { staffEmail: by, action: "order.event_postponed_cancelled", orderId: order.id, details: { eventId: event.id, eventName: event.name, amountPence: amount, refund: view.refund } },
        { afterChange: true },
      );
      // The audit entry follows the record of the order, written only when this click recorded it.
      await deps.changes.run([settle[0]!, audit, ...settle.slice(1)]);
      deps.log.info("events.postponed_booking_cancelled", { eventId: event.id, orderId: order.id, outcome, amountPence: amount });
      return { refund: view.refund, amountPence: amount };
    },
  };
}
