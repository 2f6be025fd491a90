/**
 * How long places are held (docs/decisions/0052). Every hold is bounded: a place held and not
 * bought stops counting when its hold runs out, with nothing to clean up.
 */
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { CartItemRef } from "../../shared/cart";
import type { CatalogueBooking } from "../../shared/pricing/cart-quote";
import type { SocietyEvent } from "../../domain/events";

export { CARD_HOLD_MINUTES, CART_HOLD_MINUTES, TRANSFER_HOLD_DAYS } from "../../shared/hold-periods";

export const holdUntil = (now: Date, minutes: number): string => new Date(now.getTime() + minutes * 60_000).toISOString();

/** The buyer's own bookings the cart names, as the cart prices them; another user's are never found. */
export async function bookingsInCart(store: Pick<EventBookingStore, "ofUser">, userId: string | null, items: readonly CartItemRef[]): Promise<CatalogueBooking[]> {
  const ids = items.filter((item) => item.kind === "booking").map((item) => item.id);
  if (userId === null || ids.length === 0) return [];
  return (await store.ofUser(userId, ids)).map((booking) => ({
    id: booking.id,
    title: booking.title,
    eventId: booking.eventId,
    eventSlug: booking.eventSlug,
    pence: booking.totalPence,
    vatTreatment: booking.vatTreatment,
    status: booking.status === "held" && booking.orderId === null ? "held" : "other",
    holdExpiresAt: booking.holdExpiresAt,
  }));
}

/** The events an order booked: when each starts and until when its cancellation policy lets it be cancelled. */
export async function bookedEvents(deps: { bookings: Pick<EventBookingStore, "ofOrder">; events: () => Promise<readonly SocietyEvent[]> }, orderId: string): Promise<{ startsAt: string; cancelUntil: string }[]> {
  const [bookings, events] = await Promise.all([deps.bookings.ofOrder(orderId), deps.events()]);
  return [...new Set(bookings.map((b) => b.eventId))].flatMap((id) => {
    const event = events.find((e) => e.id === id);
    if (!event) return [];
    return [{ startsAt: event.startsAt, cancelUntil: new Date(Date.parse(event.startsAt) - event.cancellationDays * 86_400_000).toISOString() }];
  });
}
