/**
 * POST /api/stripe/webhook — Stripe's events about Checkout sessions, invoices and
 * subscriptions. The payments service checks the raw body's signature with
 * STRIPE_WEBHOOK_SECRET before anything else (a bad one gets 400 and changes nothing), then
 * handles the event exactly once. Exempt from the CSRF check: Stripe signs instead of a browser token.
 * Mounted by its own lazily loaded area (src/stripe-webhook-area.ts), loaded on Stripe's first call.
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import type { StripeWebhookEnv } from "../types";

/** Stripe's events are far smaller; anything bigger is not from Stripe. */
const MAX_BODY_BYTES = 512 * 1024;

export const stripeWebhookRoutes = new Hono<StripeWebhookEnv>().post("/api/stripe/webhook", async (c) => {
  const receive = c.var.services.stripeWebhook;
  if (!receive) throw new AppError("NOT_FOUND", "Card payments are not configured on this site");
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_BODY_BYTES) throw new AppError("BAD_REQUEST", "The webhook body is too large");
  const body = await c.req.text();
  if (body.length > MAX_BODY_BYTES) throw new AppError("BAD_REQUEST", "The webhook body is too large");
  const outcome = await receive(body, c.req.header("Stripe-Signature"));
  return c.json({ received: true, outcome });
});
