/**
 * A paid webinar order's Checkout session, from the webhook or the buyer's return: the order is
 * marked paid, the payment stored under Stripe's payment id and the webinars granted, in one
 * batch that only the order's first transition to paid performs (exactly once).
 */
import type { OrderStore } from "../../adapters/d1/orders";
import type { CheckoutSession } from "../../domain/billing";
import { log } from "../../log";

export interface OrderFulfilmentDeps {
  orders: OrderStore;
  now: () => Date;
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
  const paid = await deps.orders.pay(
    order,
    { id: paymentId, method: "card", amountPence: session.amountTotalPence, receivedOn: deps.now().toISOString().slice(0, 10), reference: paymentId, recordedBy: "stripe" },
    null,
  );
  return paid ? "fulfilled" : "already";
}
