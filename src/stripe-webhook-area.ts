/**
 * Stripe's webhook, an area of its own: src/app.ts imports it on the first request for
 * POST /api/stripe/webhook, so an isolate that serves only people never loads the webhook's
 * handling, the ledger's SQL or the disputes' rules (docs/decisions/0076). The caller is Stripe,
 * not a person waiting for a page: the one import on its first call in an isolate costs no reader anything.
 */
import { stripeWebhookRoutes } from "./routes/stripe-webhook";

/** What builds the webhook's request services: the site's and the webhook. */
export { buildStripeWebhookServices } from "./wiring/stripe-webhook";

/** The webhook's route. */
export function stripeWebhookArea() {
  return stripeWebhookRoutes;
}
