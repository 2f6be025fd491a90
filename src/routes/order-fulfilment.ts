/** Fulfils a paid webinar order's Checkout session (the webhook's hook into services/payments). */
import type { Context } from "hono";
import { createOrderStore } from "../adapters/d1/orders";
import type { CheckoutSession } from "../domain/billing";
import { log } from "../log";
import { fulfilOrder } from "../services/payments/order-fulfilment";
import type { HonoEnv } from "../types";

export async function fulfilOrderSession(c: Context<HonoEnv>, session: CheckoutSession): Promise<void> {
  const outcome = await fulfilOrder({ orders: createOrderStore(c.var.config.bindings.db), now: () => new Date() }, session);
  log.info("order.fulfilment", { sessionId: session.id, orderId: session.purpose?.kind === "order" ? session.purpose.orderId : null, outcome });
}
