/**
 * Stripe webhook events: the raw body's signature checked with the endpoint's signing secret
 * (Stripe-Signature header, HMAC-SHA256 through SubtleCrypto, five-minute tolerance), by the SDK.
 */
import type { WebhookEvent } from "../../domain/billing";
import type Stripe from "stripe";
import { InvalidWebhookSignature } from "../../domain/billing";
import { stripeClient, subtleCrypto } from "./stripe-client";
import type { StripeConfig } from "../../env";


export async function verifyWebhook(config: StripeConfig, rawBody: string, signature: string | undefined): Promise<WebhookEvent> {
  if (!signature) throw new InvalidWebhookSignature("The Stripe-Signature header is missing");
  let event: Stripe.Event;
  try {
    // A local HMAC check, not an API call: it needs no restricted-key permission.
    const client = await stripeClient(config);
    event = await client.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, undefined, await subtleCrypto());
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : "The signature does not match", { cause: error });
  }
  const object = event.data.object as { id?: unknown };
  return { id: event.id, type: event.type, created: event.created, objectId: typeof object.id === "string" ? object.id : null };
}
