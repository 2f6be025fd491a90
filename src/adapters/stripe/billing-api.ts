/**
 * The few Stripe API calls the site makes, narrowed to the fields it uses: Checkout sessions
 * (memberships and webinar orders), subscriptions, invoices, billing-portal sessions (and the
 * portal configuration for an ending membership), refunds,
 * charges (with their refunds) and disputes.
 * Everything else about Stripe stays behind this file.
 */
import type {
  CardDispute,
  CardRefund,
  Charge,
  CheckoutPurpose,
  FirstYearCoupon,
  NewCheckoutSession,
  CheckoutSession,
  Subscription,
  Invoice,
  PaymentFee,
  StripePrice,
  StripeTaxRates,
} from "../../domain/billing";
import { SITE_CURRENCY } from "../../domain/billing";
import type { DirectDebitScheme } from "../../domain/membership";
import { firstYearCoupon, membershipProduct } from "./first-year-coupon";
import { endingMembershipPortal } from "./portal-configuration";
import { stripeTaxRates } from "./tax-rates";
import type Stripe from "stripe";
import type { StripeConfig } from "../../env";
import { stripeClient } from "./stripe-client";

export interface BillingApi {
  createCheckoutSession(session: NewCheckoutSession): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Null when Stripe no longer knows the subscription. */
  retrieveSubscription(id: string): Promise<Subscription | null>;
  /** Null when Stripe does not know the customer; `deleted` when it has been deleted (Stripe still answers for it). */
  retrieveCustomer(id: string): Promise<{ id: string; deleted: boolean } | null>;
  retrieveInvoice(id: string): Promise<Invoice | null>;
  /**
   * The customer's billing portal. `subscriptionChanges: false` (a membership set to end at its
   * period end): a portal that offers no cancelling or plan changes, so no way to renew it
   * (portal-configuration.ts); otherwise the account's default portal.
   */
  createPortalSession(customerId: string, returnUrl: string, options: { subscriptionChanges: boolean }): Promise<{ url: string }>;
  /** Ends the subscription now: no renewal is ever charged. */
  cancelSubscription(id: string): Promise<void>;
  /** Lets the subscription run to the end of the period paid for, then end: it never renews. */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<void>;
  /** Closes an open Checkout session, so it can no longer be paid. */
  expireCheckoutSession(id: string): Promise<void>;
  /**
   * Moves the subscription's (first, recurring) item to another price. `prorate`: Stripe invoices
   * the difference for the rest of the current period at once, as of `prorationDate` (seconds),
   * and charges the card; otherwise nothing is invoiced and the new price applies from the next
   * renewal. Returns the proration invoice's id when Stripe made one.
   */
  changeSubscriptionPrice(id: string, priceId: string, options: { prorate: boolean; prorationDate: number; idempotencyKey: string }): Promise<{ invoiceId: string | null }>;
  /** Refunds `amountPence` of a card payment; the same idempotency key returns the same refund. */
  refundPayment(paymentIntentId: string, amountPence: number, options: { idempotencyKey: string; reason: string }): Promise<CardRefund>;
  /** The payment intent that paid an invoice (a membership's card payment); null when none did. */
  paymentIntentOfInvoice(invoiceId: string): Promise<string | null>;
  /** The invoice a payment intent paid; null when it paid none (a one-off Checkout payment). */
  invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** A charge with all its refunds; null when Stripe does not know it. */
  retrieveCharge(id: string): Promise<Charge | null>;
  /**
   * What Stripe kept of a payment: the fee on its charge's balance transaction. Null when Stripe
   * does not know the payment intent or has no balance transaction for it (yet).
   */
  paymentFee(paymentIntentId: string): Promise<PaymentFee | null>;
  /** Null when Stripe does not know the dispute. */
  retrieveDispute(id: string): Promise<CardDispute | null>;
  /** Stripe's inclusive tax rate for each VAT treatment, found or created once (see tax-rates.ts). */
  taxRates(): Promise<StripeTaxRates>;
  /** A price's product and amount; null when Stripe does not know the price. */
  retrievePrice(id: string): Promise<StripePrice | null>;
  /** The product of a membership's inline yearly subscription line, made once (see first-year-coupon.ts). */
  membershipProduct(membership: { slug: string; name: string }): Promise<string>;
  /** The coupon carrying a membership's first-year discount, made once (see first-year-coupon.ts). */
  firstYearCoupon(coupon: FirstYearCoupon): Promise<string>;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === "string" ? value : value.id);

export function purposeFrom(metadata: Stripe.Metadata | null | undefined): CheckoutPurpose | null {
  if (!metadata) return null;
  if (metadata.kind === "membership" && metadata.applicationId && metadata.userId) {
    return { kind: "membership", applicationId: metadata.applicationId, userId: metadata.userId };
  }
  if (metadata.kind === "renewal" && metadata.applicationId && metadata.userId) {
    return { kind: "renewal", applicationId: metadata.applicationId, userId: metadata.userId };
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
    amountTaxPence: s.total_details?.amount_tax ?? 0,
  };
}

const DEBIT_SCHEMES: readonly string[] = ["bacs_debit", "sepa_debit"] satisfies DirectDebitScheme[];

/** The scheme of a subscription's default payment method (expanded), or null for a card or one not expanded. */
function directDebitOf(method: Stripe.Subscription["default_payment_method"]): DirectDebitScheme | null {
  const type = method && typeof method !== "string" ? method.type : null;
  return type && DEBIT_SCHEMES.includes(type) ? (type as DirectDebitScheme) : null;
}

function latestInvoiceOf(invoice: Stripe.Subscription["latest_invoice"]): Subscription["latestInvoice"] {
  if (!invoice || typeof invoice === "string") return null;
  return { id: invoice.id ?? "", status: invoice.status, billingReason: invoice.billing_reason, created: invoice.created };
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
    directDebit: directDebitOf(s.default_payment_method),
    latestInvoice: latestInvoiceOf(s.latest_invoice),
  };
}

const toRefund = (r: Stripe.Refund): CardRefund => ({ id: r.id, amountPence: r.amount, status: r.status ?? "pending", created: r.created, madeHere: typeof r.metadata?.reason === "string" });

const isMissing = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 404;

export function createBillingApi(config: StripeConfig): BillingApi {
  // The SDK is loaded on the first call that needs it (src/lazy-modules.ts), not with the Worker.
  const client = () => stripeClient(config);
  return {
    async createCheckoutSession(session) {
      const stripe = await client();
      const metadata = { ...session.metadata, ...metadataOf(session.purpose) };
      const created = await stripe.checkout.sessions.create(
        {
          mode: session.mode,
          line_items: session.lines.map((line) =>
            ({
              ...("price" in line
                ? { price: line.price, quantity: line.quantity }
                : {
                    quantity: line.quantity,
                    price_data: {
                      currency: SITE_CURRENCY,
                      unit_amount: line.unitAmountPence,
                      ...(line.productId ? { product: line.productId } : { product_data: { name: line.name } }),
                      ...(line.recurring ? { recurring: { interval: line.recurring } } : {}),
                    },
                  }),
              ...(line.taxRateId ? { tax_rates: [line.taxRateId] } : {}),
            }),
          ),
          ...(session.couponId ? { discounts: [{ coupon: session.couponId }] } : {}),
          // Direct Debit only: Stripe's page collects the mandate (and sends the scheme's notices) and the bank pays days later.
          ...(session.directDebit ? { payment_method_types: [session.directDebit] } : {}),
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
      const stripe = await client();
      return toSession(await stripe.checkout.sessions.retrieve(id));
    },
    async retrieveSubscription(id) {
      const stripe = await client();
      try {
        // Its payment method and newest invoice say whether a renewal is a Direct Debit the bank has yet to pay.
        return toSubscription(await stripe.subscriptions.retrieve(id, { expand: ["default_payment_method", "latest_invoice"] }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveCustomer(id) {
      const stripe = await client();
      try {
        const customer = await stripe.customers.retrieve(id);
        return { id: customer.id, deleted: customer.deleted === true };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveInvoice(id) {
      const stripe = await client();
      try {
        const invoice = await stripe.invoices.retrieve(id);
        return {
          id: invoice.id ?? id,
          status: invoice.status,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          amountPaidPence: invoice.amount_paid,
          amountDuePence: invoice.amount_due,
          paidAt: invoice.status_transitions?.paid_at ?? null,
          amountTaxPence: invoice.total_taxes ? invoice.total_taxes.reduce((sum, tax) => sum + tax.amount, 0) : null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async createPortalSession(customerId, returnUrl, { subscriptionChanges }) {
      const stripe = await client();
      const configuration = subscriptionChanges ? {} : { configuration: await endingMembershipPortal(stripe, config) };
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, ...configuration });
      return { url: portal.url };
    },
    async cancelSubscription(id) {
      const stripe = await client();
      await stripe.subscriptions.cancel(id);
    },
    async cancelSubscriptionAtPeriodEnd(id) {
      const stripe = await client();
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },
    async expireCheckoutSession(id) {
      const stripe = await client();
      await stripe.checkout.sessions.expire(id);
    },
    async changeSubscriptionPrice(id, priceId, { prorate, prorationDate, idempotencyKey }) {
      const stripe = await client();
      const item = (await stripe.subscriptions.retrieve(id)).items.data[0];
      if (!item) throw new Error(`Subscription ${id} has no item to change`);
      const updated = await stripe.subscriptions.update(
        id,
        { items: [{ id: item.id, price: priceId }], ...(prorate ? { proration_behavior: "always_invoice", proration_date: prorationDate } : { proration_behavior: "none" }) },
        { idempotencyKey },
      );
      return { invoiceId: prorate ? idOf(updated.latest_invoice) : null };
    },
    async refundPayment(paymentIntentId, amountPence, { idempotencyKey, reason }) {
      const stripe = await client();
      // Stripe's own reason codes do not fit staff's words: those go in the metadata.
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountPence, metadata: { reason: reason.slice(0, 500) } }, { idempotencyKey });
      return toRefund(refund);
    },
    async paymentIntentOfInvoice(invoiceId) {
      const stripe = await client();
      // An invoice's payments (since Stripe's 2025 API the invoice no longer names its payment intent).
      const { data } = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
      const paid = data.find((p) => p.status === "paid" && p.payment.type === "payment_intent") ?? data.find((p) => p.payment.type === "payment_intent");
      return idOf(paid?.payment.payment_intent);
    },
    async invoiceOfPaymentIntent(paymentIntentId) {
      const stripe = await client();
      const { data } = await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 });
      return idOf(data[0]?.invoice);
    },
    async paymentFee(paymentIntentId) {
      const stripe = await client();
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge.balance_transaction"] });
        const charge = intent.latest_charge;
        const transaction = charge && typeof charge !== "string" ? charge.balance_transaction : null;
        if (!transaction || typeof transaction === "string") return null;
        return { feePence: transaction.fee, balanceTransactionId: transaction.id };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveCharge(id) {
      const stripe = await client();
      try {
        const charge = await stripe.charges.retrieve(id, { expand: ["refunds"] });
        return {
          id: charge.id,
          paymentIntentId: idOf(charge.payment_intent),
          amountPence: charge.amount,
          refunds: (charge.refunds?.data ?? []).map(toRefund),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveDispute(id) {
      const stripe = await client();
      try {
        const dispute = await stripe.disputes.retrieve(id, { expand: ["charge"] });
        const charge = typeof dispute.charge === "string" ? null : dispute.charge;
        return {
          id: dispute.id,
          chargeId: idOf(dispute.charge) ?? "",
          paymentIntentId: idOf(dispute.payment_intent) ?? idOf(charge?.payment_intent),
          amountPence: dispute.amount,
          reason: dispute.reason,
          status: dispute.status,
          evidenceDueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000).toISOString() : null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    taxRates: async () => stripeTaxRates(await client(), config),
    async retrievePrice(id) {
      const stripe = await client();
      try {
        const price = await stripe.prices.retrieve(id);
        return { id: price.id, productId: idOf(price.product) ?? "", unitAmountPence: price.unit_amount };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    membershipProduct: async (membership) => membershipProduct(await client(), config, membership),
    firstYearCoupon: async (coupon) => firstYearCoupon(await client(), config, coupon),
  };
}
