/**
 * Money: webinar orders, refunds and credit notes, and Stripe's webhook (the payer's receipts and
 * pro-forma invoices are the member area's: member-area.ts; staff's orders, the finance ledger
 * and the dashboard the staff area's: staff-area.ts).
 */
import { createLedgerStore } from "../adapters/d1/ledger";
import { log } from "../log";
import type { AttemptLimits } from "../services/auth/attempt-limits";
import { createOrderService } from "../services/orders/order-service";
import { settleLostPlaces } from "../services/events/lost-places";
import { bookedEvents } from "../services/events/holds";
import { offerPlacesFreedBy } from "../services/events/waitlist-offers";
import type { Order } from "../domain/orders";
import { createStripeWebhook } from "../services/payments/stripe-webhook-service";
import { refundEmail } from "../services/refunds/refund-email";
import { createRefundService } from "../services/refunds/refund-service";
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

export function moneyServices(core: Core, payments: Payments, attemptLimits: AttemptLimits) {
  const { config, db, stores, published, notices, now } = core;
  const { card, proFormaIssuer, orderFollowUps } = payments;
  const siteName = config.site.name;
  const ledger = createLedgerStore(db);
  const refunds = refundServiceOf(core, payments);
  // Places paid for after their hold ran out, and taken meanwhile: refunded at once (services/events/lost-places.ts).
  const afterOrderPaid = (order: Order) => settleLostPlaces({ bookings: stores.eventBookings, refundLostPlaces: (orderId, pence, why) => refunds.refundLostPlaces(orderId, pence, why), log }, order);
  return {
    orders: createOrderService({ orders: stores.orders, bookings: stores.eventBookings, placeChecks: placeChecksOf(core.config), afterPaid: afterOrderPaid, redemptions: stores.redemptions, attemptLimits, proForma: proFormaIssuer, content: published, card, followUps: orderFollowUps, now, log }),
    /** Refunds of payments (staff, Stripe's charge.refunded) and their credit notes. */
    refunds,
    /** Stripe's webhook (services/payments/stripe-webhook-service.ts); null when card payments are not configured. */
    stripeWebhook: card
      ? createStripeWebhook({
          card,
          applications: stores.applications,
          membershipFollowUps: payments.membershipFollowUps,
          completeRenewal: payments.completeRenewal,
          orders: stores.orders,
          orderFollowUps,
          afterOrderPaid,
          ledger,
          refunds,
          disputes: { refunds: stores.refunds, memberships: stores.memberships, notices, staff: stores.staff },
          now,
          log,
        })
      : null,
  };
}
