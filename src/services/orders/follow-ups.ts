/**
 * What follows a webinar order's change, in the change's own D1 batch (docs/decisions/0009 and
 * 0014-receipts-and-notices.md): an order paid (by card, or recorded by staff) gets its receipt, numbered in that batch,
 * and the buyer's order-receipt e-mail carrying the number; an order granted free gets the e-mail
 * alone (nothing was paid, so there is no receipt). The e-mail's dedupe key is the order, so
 * however often the payment arrives the buyer hears once.
 *
 * An order with event bookings also gets, in that batch, one booking-confirmed e-mail per booking
 * (its dedupe key is the booking), written only if the payment confirmed the booking: a booking
 * lost to a late payment (services/events/lost-places.ts) gets no confirmation. A free order's
 * bookings get theirs too, written once the batch has attached them to the order it stores paid
 * (the same batch then confirms them: a place just attached is still held).
 *
 * The e-mail says what the buyer can now watch, with dates, from the CMS's catalogue (cached).
 * If the CMS cannot say just now, the e-mail points to the buyer's webinars page instead: a
 * message never holds up a payment.
 */
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { BatchQuery } from "../../adapters/d1/batch-query";
import type { ReceiptStore } from "../../adapters/d1/receipts";
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { EventBookingConfirmedData, OrderReceiptData } from "../../domain/email";
import type { Booking, SocietyEvent } from "../../domain/events";
import type { NewOrder, Order, OrderPayment } from "../../domain/orders";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { ContentService } from "../content/content-service";
import type { Notice, Notices } from "../email/notices";
import type { PreparedEmail } from "../email/outbox";
import { orderReceipt } from "../receipts/receipt-content";
import { receiptYear } from "../receipts/receipt-number";

export interface OrderFollowUpsDeps {
  receipts: Pick<ReceiptStore, "issue" | "numberOf">;
  notices: Notices;
  content: Pick<ContentService, "catalogue" | "events">;
  bookings: Pick<EventBookingStore, "ofOrder" | "ofUser" | "attendeesOfBookings">;
  now: () => Date;
  log: Logger;
}

export type OrderFollowUps = ReturnType<typeof createOrderFollowUps>;

type WatchList = OrderReceiptData["webinars"];

export function createOrderFollowUps(deps: OrderFollowUpsDeps) {
  /** The order's webinars with their dates, soonest first; a recording when the event is over. */
  async function watchList(webinarIds: readonly string[]): Promise<WatchList> {
    try {
      const { webinars } = await deps.content.catalogue();
      const now = deps.now().getTime();
      const wanted = new Set(webinarIds);
      return webinars
        .filter((webinar) => wanted.has(webinar.id))
        .map((webinar) => {
          const start = Date.parse(webinar.date);
          const known = !Number.isNaN(start);
          const end = start + Math.max(webinar.durationMinutes, 0) * 60_000;
          return {
            title: webinar.name,
            slug: webinar.slug,
            startsAt: known ? new Date(start).toISOString() : null,
            endsAt: known && end > start ? new Date(end).toISOString() : null,
            recording: !known || end <= now,
          };
        })
        .sort((a, b) => (a.startsAt ?? "").localeCompare(b.startsAt ?? ""));
    } catch (error) {
      deps.log.warn("order.receipt_webinars_unavailable", { error, next: "the e-mail points to the buyer's webinars page" });
      return [];
    }
  }

  /** One booking-confirmed e-mail per booking, each written only if `onlyIf` finds it confirmed (or about to be). */
  async function bookingConfirmations(order: Pick<Order, "reference" | "email" | "userId">, bookings: readonly Booking[], onlyIf: (bookingId: string) => BatchQuery): Promise<Notice[]> {
    if (bookings.length === 0) return [];
    const [attendees, events] = await Promise.all([
      deps.bookings.attendeesOfBookings(bookings.map((booking) => booking.id)),
      deps.content.events().catch((error: unknown) => {
        deps.log.warn("order.booking_events_unavailable", { error, next: "the e-mail points to the buyer's tickets page for the date and place" });
        return [] as SocietyEvent[];
      }),
    ]);
    return bookings.map((booking) => {
      const event = events.find((e) => e.id === booking.eventId);
      const ticket = (code: string) => event?.ticketTypes.find((t) => t.code === code)?.name ?? booking.title;
      const data: EventBookingConfirmedData = {
        orderReference: order.reference,
        eventName: event?.name ?? booking.title,
        eventSlug: booking.eventSlug,
        startsAt: event?.startsAt ?? null,
        endsAt: event?.endsAt ?? null,
        timeZone: event?.timeZone ?? "Europe/London",
        venue: event && event.format !== "online" && event.venue ? { name: event.venue.name, address: event.venue.address } : null,
        online: event ? event.format !== "in-person" : false,
        attendees: attendees.filter((a) => a.bookingId === booking.id).map((a) => ({ name: a.name, ticket: ticket(a.ticketCode) })),
        joiningInstructions: event && event.format !== "in-person" ? event.joiningInstructions : null,
      };
      return {
        message: { kind: "event-booking-confirmed" as const, event: booking.id, to: { email: order.email, userId: order.userId }, data },
        onlyIf: onlyIf(booking.id),
      };
    });
  }

  const message = (order: Pick<Order, "id" | "reference" | "userId" | "email" | "lines">, data: Omit<OrderReceiptData, "orderReference" | "lines">) => ({
    kind: "order-receipt" as const,
    event: order.id,
    to: { email: order.email, userId: order.userId },
    data: { orderReference: order.reference, lines: order.lines.map((line) => ({ title: line.title, pence: line.pence })), ...data },
  });

  return {
    /** A free order, stored paid with its webinars granted: the e-mail, if the order was stored. */
    /**
     * A free order, stored paid with its webinars granted: the e-mail, if the order was stored, and
     * a confirmation per booking the cart held for it. Put these after the statements attaching
     * the bookings to the order.
     */
    async granted(order: NewOrder): Promise<PreparedEmail> {
      const bookingIds = order.lines.filter((line) => line.kind === "booking").map((line) => line.id);
      const [webinars, held] = await Promise.all([watchList(order.webinarIds), deps.bookings.ofUser(order.userId, bookingIds)]);
      const confirmations = await bookingConfirmations(order, held.filter((booking) => booking.status === "held"), (id) => when.bookingInPaidOrder(id, order.id));
      return deps.notices.prepare([
        {
          message: message(order, { receiptNumber: null, totalPence: 0, paymentMethod: "free", paidOn: londonDate(deps.now()), webinars }),
          onlyIf: when.orderPaid(order.id),
        },
        ...confirmations,
      ]);
    },

    /** An order paid: its receipt (when money was received) and the e-mail with the receipt's number. */
    async paid(order: Order, payment: OrderPayment): Promise<PreparedEmail> {
      const bookings = (await deps.bookings.ofOrder(order.id)).filter((booking) => booking.status === "held" || booking.status === "confirmed");
      const [webinars, confirmations] = await Promise.all([watchList(order.webinarIds), bookingConfirmations(order, bookings, when.bookingConfirmed)]);
      // A card payment of nothing (a full discount) stores no payment, so it has no receipt.
      const issue = payment.amountPence > 0 ? [deps.receipts.issue(orderReceipt({ order, payment, year: receiptYear(deps.now()) }), when.orderPaymentStored(payment.id))] : [];
      const email = deps.notices.prepare([
        {
          message: message(order, { receiptNumber: null, totalPence: payment.amountPence, paymentMethod: payment.method, paidOn: payment.receivedOn, webinars }),
          onlyIf: when.orderPaid(order.id),
          fill: [{ field: "receiptNumber", ...deps.receipts.numberOf("order", payment.id) }],
        },
        ...confirmations,
      ]);
      return { statements: [...issue, ...email.statements], ids: email.ids };
    },

    deliverSoon: (ids: readonly string[]) => deps.notices.deliverSoon(ids),
  };
}
