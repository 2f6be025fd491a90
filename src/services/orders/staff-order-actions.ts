/**
 * What staff do to a webinar order paid offline: record the payment received (which grants the
 * order's webinars) or cancel it with a reason. The store applies each action, its audit entry
 * and (for a payment) the entitlements, the receipt and the buyer's e-mail in one batch, and only
 * on the order's one transition out of awaiting payment, so a double submit or two staff at once
 * change it once.
 */
import type { OrderStore } from "../../adapters/d1/orders";
import type { Order, OrderPayment } from "../../domain/orders";
import type { OrderFollowUps } from "./follow-ups";

export interface StaffOrderDeps {
  orders: OrderStore;
  followUps: Pick<OrderFollowUps, "paid" | "deliverSoon">;
  newId: () => string;
}

/** Refused because the order is no longer awaiting payment; nothing was changed. */
export class OrderNotAwaitingPayment extends Error {
  override readonly name = "OrderNotAwaitingPayment";
  constructor(readonly order: Order) {
    super(`Order ${order.reference} is ${order.status}, not awaiting payment`);
  }
}

export interface OfflineOrderPayment {
  /** What was received, which may differ from the order's total (staff confirm that). */
  amountPence: number;
  /** The day the money arrived, YYYY-MM-DD. */
  receivedOn: string;
  /** The bank transfer reference, cheque number or similar. */
  reference: string;
}

function assertAwaitingPayment(order: Order): void {
  if (order.status !== "awaiting_payment") throw new OrderNotAwaitingPayment(order);
}

/** The order as it is now, for the refusal when someone else acted on it first. */
const current = async (deps: StaffOrderDeps, order: Order) => (await deps.orders.byId(order.id)) ?? order;

/**
 * Records money received for the order, marks it paid, grants its webinars and logs who did it.
 * Throws OrderNotAwaitingPayment (nothing changed) when the order is paid or cancelled, even if
 * that happened after `order` was read.
 */
export async function recordOfflineOrderPayment(deps: StaffOrderDeps, staffEmail: string, order: Order, payment: OfflineOrderPayment): Promise<void> {
  if (!Number.isSafeInteger(payment.amountPence) || payment.amountPence <= 0) {
    throw new RangeError(`The amount must be a whole number of pence above 0, not ${payment.amountPence}`);
  }
  assertAwaitingPayment(order);
  const id = deps.newId();
  const received: OrderPayment = { id, method: "offline", recordedBy: staffEmail, ...payment };
  const email = await deps.followUps.paid(order, received);
  const paid = await deps.orders.pay(
    order,
    received,
    { staffEmail, action: "order.payment.recorded", details: { paymentId: id, ...payment, orderTotalPence: order.totalPence } },
    email.statements,
  );
  if (!paid) throw new OrderNotAwaitingPayment(await current(deps, order));
  deps.followUps.deliverSoon(email.ids);
}

/** Cancels an order still awaiting payment, keeping the reason on it, and logs who did it. */
export async function cancelOrder(deps: StaffOrderDeps, staffEmail: string, order: Order, reason: string): Promise<void> {
  assertAwaitingPayment(order);
  const cancelled = await deps.orders.cancel(order, reason, { staffEmail, action: "order.cancelled", details: { reason } });
  if (!cancelled) throw new OrderNotAwaitingPayment(await current(deps, order));
}
