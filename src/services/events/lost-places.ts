/**
 * After an order is paid: places it paid for after their hold ran out, which someone else took
 * meanwhile, are "lost" (adapters/d1/event-bookings.ts confirmOrderBookings decides, in the
 * payment's batch, so a place is never sold twice). Their amount is refunded by card at once and
 * the buyer is put on the event's waiting list, which the e-mail and their bookings page show.
 */
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { Order } from "../../domain/orders";
import type { Logger } from "../../log";

export interface LostPlacesDeps {
  bookings: Pick<EventBookingStore, "ofOrder" | "joinWaitlist">;
  refundLostPlaces: (orderId: string, amountPence: number) => Promise<number>;
  log: Logger;
}

export async function settleLostPlaces(deps: LostPlacesDeps, order: Pick<Order, "id" | "userId" | "email" | "lines">): Promise<void> {
  if (!order.lines.some((line) => line.kind === "booking")) return;
  const lost = (await deps.bookings.ofOrder(order.id)).filter((booking) => booking.status === "lost");
  if (lost.length === 0) return;
  const amount = lost.reduce((sum, booking) => sum + booking.totalPence, 0);
  const refunded = amount > 0 ? await deps.refundLostPlaces(order.id, amount) : 0;
  for (const eventId of new Set(lost.map((booking) => booking.eventId))) await deps.bookings.joinWaitlist(eventId, order.userId, order.email);
  deps.log.warn("events.places_lost", { orderId: order.id, bookings: lost.map((b) => b.id), amountPence: amount, refundedPence: refunded });
}
