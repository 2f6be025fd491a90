/**
 * Stripe's webhook as one service: the handlers of stripe-webhook.ts given what each event
 * leads to. Follow an event from here: a paid Checkout session completes a membership
 * (membership-billing.ts), a renewal (renewal-payment.ts) or an order (order-fulfilment.ts) and
 * keeps Stripe's fee (services/finance/payment-fees.ts); a refund or dispute of a charge goes to
 * services/refunds (refund-service.ts, disputes.ts).
 */
import type { LedgerStore } from "../../adapters/d1/ledger";
import type { OrderStore } from "../../adapters/d1/orders";
import type { CheckoutSession } from "../../domain/billing";
import type { Logger } from "../../log";
import { recordInvoiceFee, recordPaymentFee } from "../finance/payment-fees";
import type { OrderFollowUps } from "../orders/follow-ups";
import { recordDispute, type DisputeDeps } from "../refunds/disputes";
import type { RefundService } from "../refunds/refund-service";
import type { CardPayments } from "./card-payments";
import type { MembershipBillingDeps } from "./membership-billing";
import { fulfilOrder } from "./order-fulfilment";
import type { Order } from "../../domain/orders";
import { receiveStripeWebhook } from "./stripe-webhook";

export interface StripeWebhookServiceDeps {
  card: CardPayments;
  applications: MembershipBillingDeps["applications"];
  membershipFollowUps: MembershipBillingDeps["followUps"];
  /** An offline member's renewal paid by card (renewal-payment.ts). */
  completeRenewal: (session: CheckoutSession) => Promise<unknown>;
  orders: OrderStore;
  orderFollowUps: Pick<OrderFollowUps, "paid" | "deliverSoon">;
  /** After an order is paid: event places that went meanwhile are refunded (services/events/lost-places.ts). */
  afterOrderPaid: (order: Order) => Promise<void>;
  ledger: Pick<LedgerStore, "recordFee">;
  refunds: Pick<RefundService, "recordChargeRefunds">;
  /** What a dispute of a charge reads and writes (services/refunds/disputes.ts). */
  disputes: Pick<DisputeDeps, "refunds" | "memberships" | "notices" | "staff">;
  now: () => Date;
  log: Logger;
}

/** Receives one webhook request (its raw body and Stripe-Signature header). */
export function createStripeWebhook(deps: StripeWebhookServiceDeps) {
  const { card, now, log } = deps;
  const fees = { billing: card.billing, ledger: deps.ledger, log };
  return (rawBody: string, signature: string | undefined) =>
    receiveStripeWebhook(
      {
        ...card,
        applications: deps.applications,
        followUps: deps.membershipFollowUps,
        completeRenewal: deps.completeRenewal,
        fulfilOrder: async (session) => {
          const outcome = await fulfilOrder({ orders: deps.orders, followUps: deps.orderFollowUps, now, afterPaid: deps.afterOrderPaid }, session);
          log.info("order.fulfilment", { sessionId: session.id, orderId: session.purpose?.kind === "order" ? session.purpose.orderId : null, outcome });
        },
        recordFee: (source, paymentIntentId) => recordPaymentFee(fees, source, paymentIntentId),
        recordInvoiceFee: (invoiceId) => recordInvoiceFee(fees, invoiceId),
        refunds: {
          recordChargeRefunds: (chargeId) => deps.refunds.recordChargeRefunds(chargeId),
          recordDispute: (disputeId) =>
recordDispute({ ...deps.disputes, billing: card.billing, now, log }, disputeId),
        },
      },
      rawBody,
      signature,
    );
}

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
