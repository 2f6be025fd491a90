/**
 * Money: webinar orders, refunds and credit notes (the payer's receipts and pro-forma invoices
 * are the member area's: member-area.ts; Stripe's webhook its own area's: stripe-webhook.ts;
 * staff's orders, the finance ledger and the dashboard the staff area's: staff-area.ts).
 */
import { log } from "../log";
import type { AttemptLimits } from "../services/auth/attempt-limits";
import { createOrderService } from "../services/orders/order-service";
import { settleLostPlaces } from "../services/events/lost-places";
import { bookedEvents } from "../services/events/holds";
import { offerPlacesFreedBy } from "../services/events/waitlist-offers";
import type { Order } from "../domain/orders";
import { refundEmail } from "../services/refunds/refund-email";
import { createRefundService, type RefundService } from "../services/refunds/refund-service";
import type { Core } from "./core";
import { placeChecksOf, waitlistOfferDeps } from "./events";
import type { Payments } from "./payments";

/** Refunds and credit notes: for requests, and for the jobs queue (a cancelled event's refunds). */
export function refundServiceOf(core: Core, payments: Payments) {
  const { config, stores, published, notices, now } = core;
  const { card } = payments;
  return createRefundService({
    refunds: stores.refunds,
    billing: card?.billing ?? null,
    memberships: stores.memberships,
    email: (refund, payment) => refundEmail({ notices, refunds: stores.refunds }, refund, payment),
    deliverSoon: (ids) => notices.deliverSoon(ids),
    joins: stores.webinarJoins,
    orders: stores.orders,
    placesFreed: (orderId) => offerPlacesFreedBy({ ...waitlistOfferDeps(core), bookings: stores.eventBookings }, orderId, now()),
    bookedEvents: (orderId) => bookedEvents({ bookings: stores.eventBookings, events: () => published.events() }, orderId),
    content: published,
    receipts: stores.receipts,
    siteName: config.site.name,
    now,
    log,
  });
}

/** Places paid for after their hold ran out, and taken meanwhile: refunded at once (services/events/lost-places.ts). */
export function afterOrderPaidOf({ stores }: Core, refunds: RefundService) {
  return (order: Order) => settleLostPlaces({ bookings: stores.eventBookings, refundLostPlaces: (orderId, pence, why) => refunds.refundLostPlaces(orderId, pence, why), log }, order);
}

export function moneyServices(core: Core, payments: Payments, attemptLimits: AttemptLimits) {
  const { stores, published, now } = core;
  const { card, proFormaIssuer, orderFollowUps } = payments;
  const refunds = refundServiceOf(core, payments);
  return {
    orders: createOrderService({ orders: stores.orders, bookings: stores.eventBookings, placeChecks: placeChecksOf(core.config), afterPaid: afterOrderPaidOf(core, refunds), redemptions: stores.redemptions, attemptLimits, proForma: proFormaIssuer, content: published, card, followUps: orderFollowUps, now, log }),
    /** Refunds of payments (staff, Stripe's charge.refunded) and their credit notes. */
    refunds,
  };
}
