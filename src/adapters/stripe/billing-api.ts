/**
 * The few Stripe API calls the site makes, narrowed to the fields it uses: Checkout sessions
 * (memberships and webinar orders), subscriptions, invoices and billing-portal sessions.
 * Everything else about Stripe stays behind this file.
 */
import type Stripe from "stripe";
import type { StripeConfig } from "../../env";
import { stripeClient } from "./stripe-client";

/** What a Checkout session is for; set by us in its metadata and read back by the webhook. */
export type CheckoutPurpose = { kind: "membership"; applicationId: string; userId: string } | { kind: "order"; orderId: string; userId: string };

export type CheckoutLine =
  | { price: string; quantity: number }
  /** Inline price data, in pounds sterling; `recurring` makes it a subscription price. */
  | { name: string; unitAmountPence: number; quantity: number; recurring?: "year" };

export interface NewCheckoutSession {
  mode: "subscription" | "payment";
  purpose: CheckoutPurpose;
  lines: readonly CheckoutLine[];
  couponId: string | null;
  customerEmail: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Stripe idempotency key: the same key returns the same session. */
  idempotencyKey: string;
  /** Seconds since the epoch; Stripe allows 30 minutes to 24 hours from now. */
  expiresAt: number;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
  status: string;
  /** "paid", "unpaid" or "no_payment_required" (Stripe may add others). */
  paymentStatus: string;
  purpose: CheckoutPurpose | null;
  customerId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
  amountTotalPence: number;
}

export interface Subscription {
  id: string;
  /** active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  customerId: string;
  /** Copied from the Checkout session's subscription_data, so a subscription names its application. */
  purpose: CheckoutPurpose | null;
  /** The current period, across the subscription's items (seconds since the epoch). */
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

export interface Invoice {
  id: string;
  status: string | null;
  subscriptionId: string | null;
  amountPaidPence: number;
  paidAt: number | null;
}

export interface BillingApi {
  createCheckoutSession(session: NewCheckoutSession): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Null when Stripe no longer knows the subscription. */
  retrieveSubscription(id: string): Promise<Subscription | null>;
  retrieveInvoice(id: string): Promise<Invoice | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Ends the subscription now: no renewal is ever charged. */
  cancelSubscription(id: string): Promise<void>;
  /** Closes an open Checkout session, so it can no longer be paid. */
  expireCheckoutSession(id: string): Promise<void>;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === "string" ? value : value.id);

export function purposeFrom(metadata: Stripe.Metadata | null | undefined): CheckoutPurpose | null {
  if (!metadata) return null;
  if (metadata.kind === "membership" && metadata.applicationId && metadata.userId) {
    return { kind: "membership", applicationId: metadata.applicationId, userId: metadata.userId };
  }
  if (metadata.kind === "order" && metadata.orderId && metadata.userId) return { kind: "order", orderId: metadata.orderId, userId: metadata.userId };
  return null;
}

const metadataOf = (purpose: CheckoutPurpose): Record<string, string> => ({ ...purpose });

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    url: s.url,
    status: s.status ?? "open",
    paymentStatus: s.payment_status,
    purpose: purposeFrom(s.metadata),
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    invoiceId: idOf(s.invoice),
    paymentIntentId: idOf(s.payment_intent),
    amountTotalPence: s.amount_total ?? 0,
  };
}

function toSubscription(s: Stripe.Subscription): Subscription {
  const starts = s.items.data.map((item) => item.current_period_start);
  const ends = s.items.data.map((item) => item.current_period_end);
  return {
    id: s.id,
    status: s.status,
    customerId: idOf(s.customer) ?? "",
    purpose: purposeFrom(s.metadata),
    periodStart: starts.length ? Math.min(...starts) : null,
    periodEnd: ends.length ? Math.max(...ends) : null,
    cancelAtPeriodEnd: s.cancel_at_period_end,
  };
}

const isMissing = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 404;

export function createBillingApi(config: StripeConfig): BillingApi {
  const stripe = stripeClient(config);
  return {
    async createCheckoutSession(session) {
      const metadata = metadataOf(session.purpose);
      const created = await stripe.checkout.sessions.create(
        {
          mode: session.mode,
          line_items: session.lines.map((line) =>
            "price" in line
              ? { price: line.price, quantity: line.quantity }
              : {
                  quantity: line.quantity,
                  price_data: {
                    currency: "gbp",
                    unit_amount: line.unitAmountPence,
                    product_data: { name: line.name },
                    ...(line.recurring ? { recurring: { interval: line.recurring } } : {}),
                  },
                },
          ),
          ...(session.couponId ? { discounts: [{ coupon: session.couponId }] } : {}),
          ...(session.customerId ? { customer: session.customerId } : { customer_email: session.customerEmail }),
          ...(session.mode === "subscription"
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata }, ...(session.customerId ? {} : { customer_creation: "always" as const }) }),
          client_reference_id: "applicationId" in session.purpose ? session.purpose.applicationId : session.purpose.orderId,
          metadata,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
          expires_at: session.expiresAt,
        },
        { idempotencyKey: session.idempotencyKey },
      );
      return toSession(created);
    },
    async retrieveCheckoutSession(id) {
      return toSession(await stripe.checkout.sessions.retrieve(id));
    },
    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveInvoice(id) {
      try {
        const invoice = await stripe.invoices.retrieve(id);
        return {
          id: invoice.id ?? id,
          status: invoice.status,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          amountPaidPence: invoice.amount_paid,
          paidAt: invoice.status_transitions?.paid_at ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async createPortalSession(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: portal.url };
    },
    async cancelSubscription(id) {
      await stripe.subscriptions.cancel(id);
    },
    async expireCheckoutSession(id) {
      await stripe.checkout.sessions.expire(id);
    },
  };
}
