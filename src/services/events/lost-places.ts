/**
 * After an order is paid: places it paid for after their hold ran out, which someone else took
 * meanwhile, are "lost" (adapters/d1/event-bookings.ts confirmOrderBookings decides, in the
 * payment's batch, so a place is never sold twice). Their amount is refunded by card at once and
 * the buyer is put on the event's waiting list, which the e-mail and their bookings page show.
 * Places already cancelled when the payment arrived (staff cancelled the event, or the unpaid
 * order, before a card payment went through) are refunded the same way: this runs only when this
 * payment paid the order, so none of its places can have been cancelled after being paid for.
 */
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { Order } from "../../domain/orders";
import type { Logger } from "../../log";

export interface LostPlacesDeps {
  bookings: Pick<EventBookingStore, "ofOrder" | "joinWaitlist">;
  refundLostPlaces: (orderId: string, amountPence: number, why: "lost" | "cancelled") => Promise<number>;
  log: Logger;
}

export async function settleLostPlaces(deps: LostPlacesDeps, order: Pick<Order, "id" | "userId" | "email" | "lines">): Promise<void> {
  if (!order.lines.some((line) => line.kind === "booking")) return;
  const bookings = await deps.bookings.ofOrder(order.id);
  const lost = bookings.filter((booking) => booking.status === "lost");
  const cancelled = bookings.filter((booking) => booking.status === "cancelled");
  if (lost.length === 0 && cancelled.length === 0) return;
  // What the order charged for each booking (after any discount code), never its list price.
  const charged = (booking: { id: string; totalPence: number }) => order.lines.find((line) => line.kind === "booking" && line.id === booking.id)?.pence ?? booking.totalPence;
  const amount = [...lost, ...cancelled].reduce((sum, booking) => sum + charged(booking), 0);
  const refunded = amount > 0 ? await deps.refundLostPlaces(order.id, amount, lost.length > 0 ? "lost" : "cancelled") : 0;
  // Only a place that went to someone else puts the buyer on the list: a cancelled one has no list to join.
  for (const eventId of new Set(lost.map((booking) => booking.eventId))) await deps.bookings.joinWaitlist(eventId, order.userId, order.email);
  deps.log.warn("events.places_lost", { orderId: order.id, bookings: [...lost, ...cancelled].map((b) => b.id), amountPence: amount, refundedPence: refunded });
}
