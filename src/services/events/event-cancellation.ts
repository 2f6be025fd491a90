/**
 * Staff cancel or postpone a whole event (/staff/events/{id}, docs/decisions/0066), in one
 * audited action.
 *
 * Cancelling records the state (the site shows "Cancelled" and sells nothing at once), closes the
 * waiting list and releases places held in carts and offers; then each order holding places is
 * settled, one D1 batch per order: a card payment refunded in full through the refund path (credit
 * note, refund e-mail, audit entry), an offline one marked refund due for the office to pay back,
 * an unpaid order cancelled; its places cancelled and its buyer told (`event-cancelled`). A request
 * settles ORDERS_PER_RUN orders and hands the rest to the jobs queue; the ten-minute sweep picks up
 * any cancellation whose hand-over was lost. What is settled is recorded per order, so a rerun or
 * a retry refunds and writes nothing twice.
 *
 * Postponing records the state (sales and the waiting list's offers pause, reminders stop) and
 * tells each buyer with confirmed places (`event-postponed`); bookings stand.
 *
 * Either way, every named attendee who is not a buyer is told too (`event-attendee-notice`), once
 * per address, without the order or the money, which are the buyer's: a cancellation's in each
 * order's own batch, a postponement's a page of addresses at a time.
 */
import type { EventStateChangeStore, OrderToSettle, SettleOutcome } from "../../adapters/d1/event-state-changes";
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { EventAttendeeNoticeData, EventCancelledData } from "../../domain/email";
import type { SocietyEvent, StateChangeErrors, StateChangeForm } from "../../domain/events";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import type { ContentService } from "../content/content-service";
import type { EmailOutbox, EmailRequest } from "../email/outbox";
import type { RefundService } from "../refunds/refund-service";

/** Orders settled per invocation: each costs about six D1 queries and a Stripe call. */
export const ORDERS_PER_RUN = 8;
/** Buyers (or attendees) told of a postponement per batch (one outbox statement for them all). */
const BUYERS_PER_PAGE = 100;
/** Cancellations the sweep goes on with per run. */
const SWEEP_EVENTS = 5;

export interface EventCancellationDeps {
  /** The events as the site shows them (staff's changes laid over the CMS). */
  content: Pick<ContentService, "events">;
  changes: EventStateChangeStore;
  refunds: Pick<RefundService, "refundCancelledEvent">;
  audit: Pick<AuditLog, "record">;
  outbox: Pick<EmailOutbox, "prepare" | "prepareMany" | "deliverSoon">;
  /** Hands the rest of a cancellation to the jobs queue. */
  continueLater: (eventId: string) => Promise<void>;
  log: Logger;
}


/** What is wrong with the form, field by field (empty when nothing). */
export function stateChangeErrors(form: StateChangeForm): StateChangeErrors {
  const errors: StateChangeErrors = {};
  const reason = form.reason.trim();
  if (reason.length < 5) errors.reason = "Give the reason attendees will read (at least 5 characters)";
  else if (reason.length > 500) errors.reason = "Keep the reason to 500 characters";
  if (form.action === "postpone" && form.newDateText.trim().length > 120) errors.newDateText = "Keep the new date to 120 characters";
  return errors;
}

export type EventCancellation = ReturnType<typeof createEventCancellation>;

export function createEventCancellation(deps: EventCancellationDeps) {
  async function eventById(eventId: string): Promise<SocietyEvent> {
    const event = (await deps.content.events()).find((e) => e.id === eventId);
    if (!event) throw new AppError("NOT_FOUND", "No such event");
    return event;
  }

  function cancelledEmail(event: SocietyEvent, order: OrderToSettle, reason: string, refund: EventCancelledData["refund"], refundPence: number) {
    return deps.outbox.prepare({
      kind: "event-cancelled",
      event: `${event.id}:${order.orderId}`,
      to: { email: order.email, userId: order.userId },
      data: { eventName: event.name, startsAt: event.startsAt, timeZone: event.timeZone, reason, orderReference: order.reference, refund, refundPence },
    });
  }

  function attendeeNotice(event: SocietyEvent, change: EventAttendeeNoticeData["change"], attendee: { email: string; name: string }, reason: string, newDateText: string | null): EmailRequest {
    return {
      kind: "event-attendee-notice",
      // Once per address: someone named in two orders is told once.
      event: change === "cancelled" ? `${event.id}:cancelled:${attendee.email}` : `${event.id}:postponed:${event.startsAt}:${attendee.email}`,
      to: { email: attendee.email, userId: null },
      data: { change, attendeeName: attendee.name, eventName: event.name, eventSlug: event.slug, startsAt: event.startsAt, timeZone: event.timeZone, reason, newDateText },
    };
  }

  /** Settles one order: refunded, refund due, released or nothing paid; its places cancelled and its buyer and other attendees told, in one batch. */
  async function settleOrder(event: SocietyEvent, order: OrderToSettle, reason: string, by: string): Promise<void> {
    // Read before the batch cancels the places: the attendees of confirmed places only (an unpaid order's were never booked).
    const others = order.status === "paid" ? await deps.changes.orderAttendeesToTell(event.id, order.orderId) : [];
    const told = deps.outbox.prepareMany(others.map((attendee) => attendeeNotice(event, "cancelled", attendee, reason, null)));
    const record = (outcome: SettleOutcome, amountPence: number, refundId: string | null) => deps.changes.settleStatements(event.id, order.orderId, outcome, amountPence, refundId);
    if (order.status === "paid" && order.paymentMethod === "card" && order.amountPence > 0) {
      let ids: string[] = [];
      let statements: D1PreparedStatement[] = [];
      const refund = await deps.refunds.refundCancelledEvent(by, event.id, order.orderId, order.amountPence, (made) => {
        const email = cancelledEmail(event, order, reason, "card", made.amountPence);
        ids = [...email.ids, ...told.ids];
        statements = [...record("refunded", made.amountPence, made.refundId), ...email.statements, ...told.statements];
        return statements;
      });
      if (refund === null) {
        // Nothing left to refund by card (refunded already, in Stripe or by staff).
        const email = cancelledEmail(event, order, reason, "none", 0);
        await deps.changes.run([...record("nothing-paid", 0, null), ...email.statements, ...told.statements]);
        ids = [...email.ids, ...told.ids];
      } else if (refund.outcome !== "recorded") {
        await deps.changes.run(statements);
      }
      await deps.outbox.deliverSoon(ids);
      return;
    }
    const [outcome, refund, release] = ((): [SettleOutcome, EventCancelledData["refund"], boolean] => {
      if (order.status === "awaiting_payment") return ["released", "released", true];
      if (order.status === "paid" && order.paymentMethod === "offline" && order.amountPence > 0) return ["refund-due", "bank", false];
      return ["nothing-paid", "none", false];
    })();
    const amount = outcome === "refund-due" ? order.amountPence : 0;
    // An order already cancelled only had stale holds: nobody to tell.
    const email = order.status === "cancelled" ? { statements: [], ids: [] } : cancelledEmail(event, order, reason, refund, amount);
    await deps.changes.run([
      ...(release ? [deps.changes.releaseOrderStatement(order.orderId, `The event was cancelled: ${reason}`)] : []),
      ...record(outcome, amount, null),
      ...email.statements,
      ...told.statements,
    ]);
    await deps.outbox.deliverSoon([...email.ids, ...told.ids]);
  }

  /** Settles the next orders of a cancelled event; true when none are left. */
  async function settle(eventId: string, by: string): Promise<boolean> {
    const change = await deps.changes.of(eventId);
    if (change?.state !== "cancelled") return true;
    if (change.settledAt) return true;
    const event = await eventById(eventId);
    const orders = await deps.changes.ordersToSettle(eventId, ORDERS_PER_RUN + 1);
    for (const order of orders.slice(0, ORDERS_PER_RUN)) await settleOrder(event, order, change.reason, by);
    if (orders.length > ORDERS_PER_RUN) return false;
    await deps.changes.markSettled(eventId);
    deps.log.info("events.cancellation_settled", { eventId });
    return true;
  }

  /** Goes on with a cancellation, handing the rest on when there is more (the jobs queue). */
  async function goOn(eventId: string, by: string): Promise<boolean> {
    const done = await settle(eventId, by);
    if (!done) await deps.continueLater(eventId);
    return done;
  }

  return {
    /**
     * Cancels the event and settles its first orders; the rest go on in the background. Sending
     * the form again changes nothing already done and goes on with what is not.
     */
    async cancel(staffEmail: string, eventId: string, reason: string): Promise<{ done: boolean }> {
      const event = await eventById(eventId);
      const trimmed = reason.trim();
      const audit = deps.audit.record({ staffEmail, action: "event.cancelled", details: { eventId, eventName: event.name, reason: trimmed } }, { afterChange: true });
      await deps.changes.cancel(event.id, trimmed, event.startsAt, audit);
      try {
        return { done: await goOn(event.id, staffEmail) };
      } catch (error) {
        // The state is recorded; the refunds go on from the jobs queue (and the sweep).
        deps.log.error("events.cancellation_interrupted", { eventId, error });
        await deps.continueLater(event.id);
        return { done: false };
      }
    },

    /** Postpones the event and tells each buyer with confirmed places; bookings stand. */
    async postpone(staffEmail: string, eventId: string, reason: string, newDateText: string): Promise<void> {
      const event = await eventById(eventId);
      if (event.state === "cancelled") throw new AppError("CONFLICT", "This event is cancelled: it cannot be postponed");
      const trimmed = reason.trim();
      const newDate = newDateText.trim() || null;
      const audit = deps.audit.record({ staffEmail, action: "event.postponed", details: { eventId, eventName: event.name, reason: trimmed, newDateText: newDate } }, { afterChange: true });
      await deps.changes.postpone(event.id, { reason: trimmed, newDateText: newDate, startsAt: event.startsAt }, audit, []);
      let after = "";
      for (;;) {
        const buyers = await deps.changes.confirmedBuyers(event.id, after, BUYERS_PER_PAGE);
        if (buyers.length === 0) break;
        const requests = buyers.map(
          (buyer): EmailRequest => ({
            kind: "event-postponed",
            // Once per buyer for a postponement from this start: sending the form again tells no one twice.
            event: `${event.id}:${buyer.userId}:${event.startsAt}`,
            to: { email: buyer.email, userId: buyer.userId },
            data: { eventName: event.name, eventSlug: event.slug, startsAt: event.startsAt, timeZone: event.timeZone, reason: trimmed, newDateText: newDate },
          }),
        );
        // Only the messages written now are queued: one told before is in the outbox already.
        await deps.outbox.deliverSoon(await deps.changes.run(deps.outbox.prepareMany(requests).statements));
        if (buyers.length < BUYERS_PER_PAGE) break;
        after = buyers.at(-1)!.userId;
      }
      let afterEmail = "";
      for (;;) {
        const attendees = await deps.changes.attendeesToTell(event.id, afterEmail, BUYERS_PER_PAGE);
        if (attendees.length === 0) return;
        const requests = attendees.map((attendee) => attendeeNotice(event, "postponed", attendee, trimmed, newDate));
        await deps.outbox.deliverSoon(await deps.changes.run(deps.outbox.prepareMany(requests).statements));
        if (attendees.length < BUYERS_PER_PAGE) return;
        afterEmail = attendees.at(-1)!.email;
      }
    },

    /** The jobs queue's work: the next orders of a cancellation, handing on again while more are left. */
    continue: (eventId: string) => goOn(eventId, "system:events"),

    /** For the sweep: cancellations whose hand-over to the queue was lost go on. */
    async sweep(): Promise<void> {
      for (const eventId of await deps.changes.unsettled(SWEEP_EVENTS)) await goOn(eventId, "system:events");
    },

    /** What staff see on the event's page: the change, and what the cancellation did order by order. */
    async status(eventId: string) {
      const change = await deps.changes.of(eventId);
      // A postponed (or reopened) event's orders whose buyers cancelled for a refund are listed too (0078).
      const settled = change ? await deps.changes.settled(eventId, { after: null, limit: 501 }) : [];
      return { change, settled: settled.slice(0, 500), more: settled.length > 500 };
    },
  };
}
