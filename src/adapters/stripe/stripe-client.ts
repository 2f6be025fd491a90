/**
 * The official Stripe SDK, set up for Workers: its fetch HTTP client and SubtleCrypto (no Node
 * APIs). One client per isolate and configuration. Only the API's origin is configurable, so
 * tests can point it at a local stand-in (refused in production by src/env.ts). The SDK is a
 * lazily loaded module: the first call that needs Stripe loads it.
 */
import type Stripe from "stripe";
import type { StripeConfig } from "../../env";
import { loadStripeSdk } from "../../lazy-modules";

const clients = new WeakMap<StripeConfig, Stripe>();

export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  const { Stripe: StripeSdk } = await loadStripeSdk();
  let client = clients.get(config);
  if (!client) {
    client = new StripeSdk(config.secretKey, {
      httpClient: StripeSdk.createFetchHttpClient(),
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

/** SubtleCrypto for the SDK's webhook signature check (Workers have no Node crypto). */
export async function subtleCrypto(): Promise<Stripe.CryptoProvider> {
  const { Stripe: StripeSdk } = await loadStripeSdk();
  return StripeSdk.createSubtleCryptoProvider();
}
