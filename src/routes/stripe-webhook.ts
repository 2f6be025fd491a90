/**
 * POST /api/stripe/webhook — Stripe's events about Checkout sessions, invoices and
 * subscriptions. The raw body's signature is checked with STRIPE_WEBHOOK_SECRET before anything
 * else (a bad one gets 400 and changes nothing); then services/payments/stripe-webhook handles
 * the event exactly once. Exempt from the CSRF check: Stripe signs instead of a browser token.
 */
import { Hono } from "hono";
import { InvalidWebhookSignature, verifyWebhook } from "../adapters/stripe/webhook-signature";
import { AppError } from "../errors";
import { log } from "../log";
import { handleStripeEvent } from "../services/payments/stripe-webhook";
import type { HonoEnv } from "../types";
import { cardPayments } from "./payment-services";
import { fulfilOrderSession } from "./order-fulfilment";

/** Stripe's events are far smaller; anything bigger is not from Stripe. */
const MAX_BODY_BYTES = 512 * 1024;

export const stripeWebhookRoutes = new Hono<HonoEnv>().post("/api/stripe/webhook", async (c) => {
  const payments = cardPayments(c);
  if (!payments) throw new AppError("NOT_FOUND", "Card payments are not configured on this site");
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_BODY_BYTES) throw new AppError("BAD_REQUEST", "The webhook body is too large");
  const body = await c.req.text();
  if (body.length > MAX_BODY_BYTES) throw new AppError("BAD_REQUEST", "The webhook body is too large");

  let event;
  try {
    event = await verifyWebhook(payments.stripe, body, c.req.header("Stripe-Signature"));
  } catch (error) {
    if (!(error instanceof InvalidWebhookSignature)) throw error;
    log.warn("stripe.webhook_refused", { reason: error.message.split("\n")[0]?.trim() });
    throw new AppError("BAD_REQUEST", "The Stripe-Signature header does not match this request");
  }
  try {
    const outcome = await handleStripeEvent({ ...payments, fulfilOrder: (session) => fulfilOrderSession(c, session) }, event);
    log.info("stripe.webhook", { eventId: event.id, type: event.type, outcome });
    return c.json({ received: true, outcome });
  } catch (error) {
    // Not recorded as handled: Stripe retries the event, and handling it again is safe.
    // The error handler logs the cause.
    throw new AppError("PAYMENT_UNAVAILABLE", `Event ${event.id} (${event.type}) could not be handled now; Stripe will retry it`, { cause: error });
  }
});
