/**
 * The official Stripe SDK, set up for Workers: its fetch HTTP client and SubtleCrypto (no Node
 * APIs). One client per isolate and configuration. Only the API's origin is configurable, so
 * tests can point it at a local stand-in (refused in production by src/env.ts).
 */
import Stripe from "stripe";
import type { StripeConfig } from "../../env";

const clients = new WeakMap<StripeConfig, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      host: config.api.host,
      port: config.api.port,
      protocol: config.api.protocol,
      // Idempotency keys make the SDK's retries safe for creates.
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: "Guildhall" },
    });
    clients.set(config, client);
  }
  return client;
}

export const subtleCrypto = Stripe.createSubtleCryptoProvider();
