/**
 * The card-payment services for a request, built from the validated configuration. Null when
 * Stripe is not configured (offline payment only).
 */
import type { Context } from "hono";
import { createCardBillingStore } from "../adapters/d1/card-billing";
import { createBillingApi } from "../adapters/stripe/billing-api";
import { log } from "../log";
import type { HonoEnv } from "../types";

export function cardPayments(c: Context<HonoEnv>) {
  const { config } = c.var;
  if (!config.stripe) return null;
  return {
    stripe: config.stripe,
    billing: createBillingApi(config.stripe),
    store: createCardBillingStore(config.bindings.db),
    siteUrl: config.site.url,
    redirectOrigins: config.stripe.redirectOrigins,
    now: () => new Date(),
    log,
  };
}
