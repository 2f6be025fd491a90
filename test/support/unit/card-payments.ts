/** Card payments as the services get them, over a fake BillingApi and an in-memory store: no Stripe, no D1. */
import type { CardBillingStore } from "../../../src/adapters/d1/card-billing";
import type { BillingApi } from "../../../src/adapters/stripe/billing-api";
import type { Logger } from "../../../src/log";
import type { CardPayments } from "../../../src/services/payments/card-payments";
import { STRIPE_ORIGINS } from "./fake-billing-api";

export const SITE_URL = "https://guildhall.example";

export function cardPaymentsWithFakeStripe(parts: { billing: BillingApi; store: CardBillingStore; now: () => Date; log: Logger }): CardPayments {
  return {
    stripe: { secretKey: "sk_test_fake", webhookSecret: "whsec_fake", api: { protocol: "https", host: "api.stripe.invalid", port: 443 }, redirectOrigins: STRIPE_ORIGINS, directDebit: null },
    siteUrl: SITE_URL,
    redirectOrigins: STRIPE_ORIGINS,
    ...parts,
  };
}
