/**
 * Card payments as the site sees them: what it asks Stripe for (Checkout sessions) and the few
 * fields of Stripe's objects it reads back. Types only; adapters/stripe talks to Stripe.
 */
import type { VatTreatment } from "../shared/pricing/vat";
import type { DirectDebitScheme } from "./membership";

/** The currency every price on the site is in (Stripe's code): amounts are pence throughout. */
export const SITE_CURRENCY = "gbp";

/** The only currency each Direct Debit scheme collects: Bacs pounds from UK accounts, SEPA euros from eurozone ones. */
export const DIRECT_DEBIT_CURRENCY: Readonly<Record<DirectDebitScheme, string>> = { bacs_debit: "gbp", sepa_debit: "eur" };

/**
 * What a Checkout session is for; set by us in its metadata and read back by the webhook. A
 * membership is joining (a subscription); a renewal is one year of an offline-paid membership,
 * paid once by card (its application is the renewal's).
 */
export type CheckoutPurpose =
  | { kind: "membership"; applicationId: string; userId: string }
  | { kind: "renewal"; applicationId: string; userId: string }
  | { kind: "order"; orderId: string; userId: string };

export type CheckoutLine = (
  | { price: string; quantity: number }
  /**
   * Inline price data, in pounds sterling; `recurring` makes it a subscription price. `productId`:
   * an existing Stripe product the price belongs to (so a coupon can be restricted to it);
   * otherwise Stripe makes a product named `name`.
   */
  | { name: string; unitAmountPence: number; quantity: number; recurring?: "year"; productId?: string }
) & {
  /** The Stripe tax rate (inclusive) the line's VAT is charged at; none for a line without VAT. */
  taxRateId?: string | null;
};

/**
 * Stripe's tax rate for each VAT treatment: inclusive rates matching the VAT table, so Stripe's
 * tax on a line is the VAT inside its price. Null for a treatment with no rate (exempt).
 */
export type StripeTaxRates = Readonly<Record<VatTreatment, string | null>>;

/** A Stripe price, as far as the site reads it. */
export interface StripePrice {
  id: string;
  productId: string;
  /** Null for prices without a fixed amount (tiers, customer-chosen). */
  unitAmountPence: number | null;
}

/**
 * A membership's first-year discount as one Stripe coupon: `amountOffPence` off, once (the first
 * invoice only), on the subscription's product alone, named for what it is.
 */
export interface FirstYearCoupon {
  amountOffPence: number;
  productId: string;
  /** What it is, as Stripe shows it ("WELCOME10, first year"). */
  name: string;
  /** The discount code it carries, if any (in its metadata). */
  code: string | null;
}

export interface NewCheckoutSession {
  mode: "subscription" | "payment";
  purpose: CheckoutPurpose;
  /** More to record in the session's metadata beside the purpose (the discount code…). */
  metadata?: Readonly<Record<string, string>>;
  lines: readonly CheckoutLine[];
  couponId: string | null;
  /** Pay by this Direct Debit scheme only (Stripe collects the mandate); absent: the account's card payment. */
  directDebit?: DirectDebitScheme | null;
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
  /** The tax Stripe worked out inside the total (its `total_details.amount_tax`). */
  amountTaxPence: number;
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
  /** The Direct Debit scheme of its default payment method; null when it is paid by card (or Stripe does not say). */
  directDebit: DirectDebitScheme | null;
  /** Its newest invoice: a renewal's is raised as the period moves, and paid (by a bank, days later) after. */
  latestInvoice: { id: string; status: string | null; billingReason: string | null; created: number } | null;
}

export interface Invoice {
  id: string;
  status: string | null;
  subscriptionId: string | null;
  amountPaidPence: number;
  /** What the invoice asks for (a failed renewal's amount). */
  amountDuePence: number;
  paidAt: number | null;
  /** The tax Stripe worked out inside the invoice (its `total_taxes`); null when it reports none. */
  amountTaxPence: number | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  /** The id of the object the event is about (a session, invoice or subscription). */
  objectId: string | null;
}

/** A webhook request whose signature does not check out; nothing may be done with it. */
export class InvalidWebhookSignature extends Error {
  override readonly name = "InvalidWebhookSignature";
}

/**
 * What a page tells someone back from Stripe Checkout: paid and recorded ("confirmed"), paid but
 * not yet confirmed by Stripe ("confirming"), left without paying ("cancelled"), or card payment
 * not available just now ("unavailable").
 */
export type CheckoutNotice = "confirmed" | "confirming" | "cancelled" | "unavailable" | null;

/** A refund of a card payment, as Stripe reports it. */
export interface CardRefund {
  id: string;
  amountPence: number;
  /** pending, requires_action, succeeded, failed, canceled. */
  status: string;
  /** Seconds since the epoch. */
  created: number;
  /** Made by this site (it writes its reason in the refund's metadata); false for one made in Stripe's dashboard. */
  madeHere: boolean;
}

/** A card charge and every refund made of it (here or in Stripe's dashboard). */
export interface Charge {
  id: string;
  paymentIntentId: string | null;
  amountPence: number;
  refunds: CardRefund[];
}

/** A payer's dispute of a card charge with their bank. */
export interface CardDispute {
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountPence: number;
  /** Stripe's reason code (fraudulent, product_not_received, …). */
  reason: string;
  /** warning_needs_response, needs_response, under_review, won, lost, … */
  status: string;
  /** Instant by which Stripe needs the evidence (ISO); null when the dispute carries none. */
  evidenceDueBy: string | null;
}

/** What Stripe kept of a card payment: its balance transaction's fee (in pence), and that transaction's id. */
export interface PaymentFee {
  feePence: number;
  balanceTransactionId: string;
}
