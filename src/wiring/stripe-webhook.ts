/**
 * Stripe's webhook (services/payments/stripe-webhook-service.ts), on top of the public site's
 * services: only its own lazily loaded area (src/stripe-webhook-area.ts: decision 0076) imports
 * this module, so the webhook's handling, the ledger's SQL and the disputes stay out of what the
 * Worker loads at start-up. Null when card payments are not configured.
 */
import { createLedgerStore } from "../adapters/d1/ledger";
import type { Config } from "../env";
import { log } from "../log";
import { createStripeWebhook } from "../services/payments/stripe-webhook-service";
import type { RequestContext } from "./core";
import { buildAreas, siteServices } from "./index";
import { afterOrderPaidOf } from "./money";

export type StripeWebhookServices = ReturnType<typeof buildStripeWebhookServices>;

/** Every service a request to Stripe's webhook may use: the site's and the webhook. */
export function buildStripeWebhookServices(config: Config, request: RequestContext) {
  const areas = buildAreas(config, request);
  const { core, payments, money } = areas;
  const { db, stores, notices, now } = core;
  const { card } = payments;
  return {
    ...siteServices(areas),
    stripeWebhook: card
      ? createStripeWebhook({
          card,
          applications: stores.applications,
          membershipFollowUps: payments.membershipFollowUps,
          completeRenewal: payments.completeRenewal,
          orders: stores.orders,
          orderFollowUps: payments.orderFollowUps,
          afterOrderPaid: afterOrderPaidOf(core, money.refunds),
          ledger: createLedgerStore(db),
          refunds: money.refunds,
          disputes: { refunds: stores.refunds, memberships: stores.memberships, notices, staff: stores.staff },
          now,
          log,
        })
      : null,
  };
}
