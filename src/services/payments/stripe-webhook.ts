/**
 * Handles one verified Stripe webhook event (docs/decisions/0007). An event already handled
 * (by id, in D1) is acknowledged and changes nothing. Handlers re-read the object from Stripe
 * rather than trusting the event's copy or its order, and are idempotent, so an event is
 * recorded as handled only after it succeeded: if handling fails, Stripe's retry runs it again.
 */
import type { CheckoutSession } from "../../domain/billing";
import type { WebhookEvent } from "../../adapters/stripe/webhook-signature";
import { completeMembershipCheckout, recordInvoice, syncSubscription, type MembershipBillingDeps } from "./membership-billing";

export interface StripeWebhookDeps extends MembershipBillingDeps {
  /** Fulfils a paid webinar order's Checkout session (exactly once; see services/orders). */
  fulfilOrder: (session: CheckoutSession) => Promise<void>;
}

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

/** The events the site acts on. Configure the Stripe endpoint to send these. */
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

const handled = new Set<string>(HANDLED_EVENTS);

export async function handleStripeEvent(deps: StripeWebhookDeps, event: WebhookEvent): Promise<WebhookOutcome> {
  if (!handled.has(event.type) || !event.objectId) return "ignored";
  if (await deps.store.wasHandled(event.id)) return "duplicate";
  const id = event.objectId;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = await deps.billing.retrieveCheckoutSession(id);
      if (session.purpose?.kind === "membership") await completeMembershipCheckout(deps, session);
      else if (session.purpose?.kind === "order") await deps.fulfilOrder(session);
      break;
    }
    case "invoice.paid":
    case "invoice.payment_failed":
      await recordInvoice(deps, id);
      break;
    default:
      await syncSubscription(deps, id);
  }
  await deps.store.markHandled(event);
  return "handled";
}
