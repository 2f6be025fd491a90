/**
 * Which of our payments a Stripe payment intent paid, and the other way round. A webinar order's
 * card payment and a one-off renewal Checkout payment are stored under their payment intent's id;
 * a membership subscription's payment (the first year's or a renewal's) under its invoice's id, so
 * the payment intent Stripe names on a charge or a dispute is traced to its invoice first.
 */
import type { RefundStore } from "../../adapters/d1/refunds";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { RefundablePayment } from "../../domain/refunds";

export interface StripePaymentDeps {
  refunds: Pick<RefundStore, "orderPayment" | "membershipPayment">;
  billing: Pick<BillingApi, "invoiceOfPaymentIntent" | "paymentIntentOfInvoice">;
}

/** The payment this payment intent paid; null when none of ours is recorded (yet). */
export async function paymentOfIntent(deps: StripePaymentDeps, paymentIntentId: string): Promise<RefundablePayment | null> {
  const order = await deps.refunds.orderPayment(paymentIntentId);
  if (order) return order;
  const renewal = await deps.refunds.membershipPayment(paymentIntentId);
  if (renewal) return renewal;
  const invoiceId = await deps.billing.invoiceOfPaymentIntent(paymentIntentId);
  return invoiceId ? deps.refunds.membershipPayment(invoiceId) : null;
}

/** The payment intent to refund for a card payment; null when Stripe names none (then it is refunded in Stripe's dashboard). */
export async function intentOfPayment(deps: Pick<StripePaymentDeps, "billing">, payment: Pick<RefundablePayment, "id">): Promise<string | null> {
  if (payment.id.startsWith("pi_")) return payment.id;
  if (payment.id.startsWith("in_")) return deps.billing.paymentIntentOfInvoice(payment.id);
  return null;
}
