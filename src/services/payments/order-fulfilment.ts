/**
 * A paid webinar order's Checkout session, from the webhook or the buyer's return: the order is
 * marked paid, the payment stored under Stripe's payment id, the webinars granted, the receipt
 * issued and the buyer's e-mail written, in one batch that only the order's first transition to
 * paid performs (exactly once).
 */
import type { OrderStore } from "../../adapters/d1/orders";
import type { CheckoutSession } from "../../domain/billing";
import type { Order, OrderPayment } from "../../domain/orders";
import { log } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { OrderFollowUps } from "../orders/follow-ups";

export interface OrderFulfilmentDeps {
  orders: OrderStore;
  followUps: Pick<OrderFollowUps, "paid" | "deliverSoon">;
  now: () => Date;
  /** Once the order is paid (this call paid it): event places that went meanwhile are refunded (services/events/lost-places.ts). */
  afterPaid?: (order: Order) => Promise<void>;
}

export async function fulfilOrder(deps: OrderFulfilmentDeps, session: CheckoutSession): Promise<"fulfilled" | "already" | "not-paid"> {
  const purpose = session.purpose;
  if (purpose?.kind !== "order") throw new Error(`Checkout session ${session.id} is not for an order`);
  if (session.status !== "complete" || session.paymentStatus === "unpaid") return "not-paid";
  const order = await deps.orders.byId(purpose.orderId);
  if (!order || order.userId !== purpose.userId) throw new Error(`Checkout session ${session.id} names an order that does not exist`);
  if (order.status === "paid") return "already";
  if (order.status === "cancelled") log.warn("order.paid_after_cancel", { orderId: order.id, sessionId: session.id });
  const paymentId = session.paymentIntentId ?? session.id;
  const payment: OrderPayment = {
    id: paymentId,
    method: "card",
    amountPence: session.amountTotalPence,
    receivedOn: londonDate(deps.now()),
    reference: paymentId,
    recordedBy: "stripe",
  };
  const followUps = await deps.followUps.paid(order, payment);
  const paid = await deps.orders.pay(order, payment, null, followUps.statements);
  if (paid) deps.followUps.deliverSoon(followUps.ids);
  if (paid && deps.afterPaid) await deps.afterPaid(order);
  return paid ? "fulfilled" : "already";
}
