/**
 * Handles one verified Stripe webhook event (docs/decisions/0007). An event already handled
 * (by id, in D1) is acknowledged and changes nothing. Handlers re-read the object from Stripe
 * rather than trusting the event's copy or its order, and are idempotent, so an event is
 * recorded as handled only after it succeeded: if handling fails, Stripe's retry runs it again.
 */
import { verifyWebhook } from "../../adapters/stripe/webhook-signature";
import { InvalidWebhookSignature, type CheckoutSession, type WebhookEvent } from "../../domain/billing";
import type { StripeConfig } from "../../env";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { recordDebitFailed } from "./direct-debit";
import { completeMembershipCheckout, recordFailedInvoice, recordInvoice, syncSubscription, type MembershipBillingDeps } from "./membership-billing";

export interface StripeWebhookDeps extends MembershipBillingDeps {
  /** Fulfils a paid webinar order's Checkout session (exactly once; see services/orders). */
  fulfilOrder: (session: CheckoutSession) => Promise<void>;
  /** Records an offline member's renewal paid by card (once; see renewal-payment.ts). */
  completeRenewal: (session: CheckoutSession) => Promise<unknown>;
  /** Refunds of a charge (made here or in Stripe's dashboard) and disputes of one (see services/refunds). */
  refunds: {
    recordChargeRefunds: (chargeId: string) => Promise<unknown>;
    recordDispute: (disputeId: string) => Promise<unknown>;
  };
  /** Reads and keeps Stripe's fee on a paid payment intent, for the ledger (services/finance/payment-fees; never throws). */
  recordFee: (source: "membership" | "order", paymentIntentId: string) => Promise<void>;
  /** The same for a membership payment recorded under its invoice (read through the invoice's payment intent; never throws). */
  recordInvoiceFee: (invoiceId: string) => Promise<void>;
}

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

type Handler = (deps: StripeWebhookDeps, objectId: string) => Promise<void>;

async function checkoutCompleted(deps: StripeWebhookDeps, id: string): Promise<void> {
  const session = await deps.billing.retrieveCheckoutSession(id);
  if (session.purpose?.kind === "membership") await completeMembershipCheckout(deps, session);
  else if (session.purpose?.kind === "renewal") await deps.completeRenewal(session);
  else if (session.purpose?.kind === "order") await deps.fulfilOrder(session);
  // A one-off card payment is recorded under its payment intent: its fee can be read now.
  if (session.paymentIntentId && session.paymentStatus === "paid" && (session.purpose?.kind === "order" || session.purpose?.kind === "renewal")) {
    await deps.recordFee(session.purpose.kind === "order" ? "order" : "membership", session.paymentIntentId);
  }
  // A membership's first year is recorded under its subscription's first invoice.
  if (session.purpose?.kind === "membership" && session.invoiceId && session.paymentStatus === "paid") await deps.recordInvoiceFee(session.invoiceId);
}

/** The bank did not pay a Checkout session's Direct Debit (direct-debit.ts). */
async function checkoutPaymentFailed(deps: StripeWebhookDeps, id: string): Promise<void> {
  await recordDebitFailed(deps, await deps.billing.retrieveCheckoutSession(id));
}

const subscriptionChanged: Handler = async (deps, id) => void (await syncSubscription(deps, id));

/**
 * What the site does with each event it acts on. This table is the one list: the dispatch reads
 * it, HANDLED_EVENTS is its keys, and docs/operators-guide.md's list of events to send is checked against
 * HANDLED_EVENTS by a test, so an event handled here cannot be missing from the operator's setup.
 */
const HANDLERS = {
  "checkout.session.completed": checkoutCompleted,
  "checkout.session.async_payment_succeeded": checkoutCompleted,
  "checkout.session.async_payment_failed": checkoutPaymentFailed,
  "invoice.paid": async (deps, id) => {
    if (await recordInvoice(deps, id)) await deps.recordInvoiceFee(id);
  },
  "invoice.payment_failed": async (deps, id) => void (await recordFailedInvoice(deps, id)),
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
  "charge.refunded": async (deps, id) => void (await deps.refunds.recordChargeRefunds(id)),
  "charge.dispute.created": async (deps, id) => void (await deps.refunds.recordDispute(id)),
  "charge.dispute.closed": async (deps, id) => void (await deps.refunds.recordDispute(id)),
} satisfies Record<string, Handler>;

export type HandledEvent = keyof typeof HANDLERS;

/** The events the site acts on. Configure the Stripe endpoint to send these (docs/operators-guide.md, "4. Stripe"). */
export const HANDLED_EVENTS = Object.keys(HANDLERS) as HandledEvent[];

const isHandled = (type: string): type is HandledEvent => Object.hasOwn(HANDLERS, type);

export async function handleStripeEvent(deps: StripeWebhookDeps, event: WebhookEvent): Promise<WebhookOutcome> {
  if (!isHandled(event.type) || !event.objectId) return "ignored";
  if (await deps.store.wasHandled(event.id)) return "duplicate";
  await HANDLERS[event.type](deps, event.objectId);
  await deps.store.markHandled(event);
  return "handled";
}

/**
 * One webhook request from Stripe: the raw body's signature is checked first (a bad one is a
 * BAD_REQUEST and changes nothing), then the event is handled exactly once. A failure while
 * handling is a PAYMENT_UNAVAILABLE (503), so Stripe retries; handling it again is safe.
 */
export async function receiveStripeWebhook(
  deps: StripeWebhookDeps & { stripe: StripeConfig; log: Logger },
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: WebhookEvent;
  try {
    event = await verifyWebhook(deps.stripe, rawBody, signature);
  } catch (error) {
    if (!(error instanceof InvalidWebhookSignature)) throw error;
    deps.log.warn("stripe.webhook_refused", { reason: error.message.split("\n")[0]?.trim() });
    throw new AppError("BAD_REQUEST", "The Stripe-Signature header does not match this request");
  }
  try {
    const outcome = await handleStripeEvent(deps, event);
    deps.log.info("stripe.webhook", { eventId: event.id, type: event.type, outcome });
    return outcome;
  } catch (error) {
    // Not recorded as handled: Stripe retries the event. The error handler logs the cause.
    throw new AppError("PAYMENT_UNAVAILABLE", `Event ${event.id} (${event.type}) could not be handled now; Stripe will retry it`, { cause: error });
  }
}
