/**
 * Card payments through Stripe, as the services use them: the API, what card payments store in
 * D1, and where the browser may be sent. Null in a service's deps when Stripe is not configured
 * (offline payment only).
 */
import type { CardBillingStore } from "../../adapters/d1/card-billing";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { StripeConfig } from "../../env";
import { isAppError } from "../../errors";
import type { Logger } from "../../log";

export interface CardPayments {
  stripe: StripeConfig;
  billing: BillingApi;
  store: CardBillingStore;
  siteUrl: string;
  /** Origins a Checkout or billing portal URL may send the browser to. */
  redirectOrigins: readonly string[];
  now: () => Date;
  log: Logger;
}

/**
 * Opens Stripe Checkout for something payable, or says card payment is unavailable just now
 * (null): Stripe not configured, or failing. The thing being paid for is kept either way; its
 * page offers card payment again, or bank transfer. One rule for memberships and orders. A
 * refusal meant for the payer (an AppError whose details say `tellPayer`: Checkout would not
 * charge what is owed) is logged and passed on, so its message is shown.
 */
export async function checkoutUrlOrUnavailable(
  card: CardPayments | null,
  what: { event: string; fields: Record<string, unknown> },
  open: (card: CardPayments) => Promise<string>,
): Promise<string | null> {
  if (!card) return null;
  try {
    return await open(card);
  } catch (error) {
    card.log.error(what.event, { ...what.fields, error });
    if (isAppError(error) && error.details?.tellPayer === true) throw error;
    return null;
  }
}
