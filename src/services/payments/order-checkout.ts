/**
 * Card payment for a webinar order (docs/decisions/0008): a Stripe Checkout session in payment
 * mode, one line per order line.
 * - A webinar is sent as its Stripe price (the member price's id for members) when the CMS has
 *   one, otherwise as the amount computed at checkout.
 * - Stripe takes one coupon per session and applies it to the whole session, so a bundle's
 *   coupon is used only when the bundle is the order's only line (its webinars sent as their
 *   prices, the coupon taking the bundle discount off); in a larger order the bundle is charged
 *   at its discounted amount instead.
 * Opened (or an open one reused) by checkout-session.ts, like the membership checkout.
 */
import type { OrderStore } from "../../adapters/d1/orders";
import type { Order } from "../../domain/orders";
import type { CheckoutLine } from "../../domain/billing";
import { AppError } from "../../errors";
import { openCheckout, type CheckoutOpenerDeps } from "./checkout-session";

export interface OrderCheckoutDeps extends CheckoutOpenerDeps {
  orders: OrderStore;
  siteUrl: string;
}

export function orderCheckoutLines(order: Order): { lines: CheckoutLine[]; couponId: string | null } {
  const [only] = order.lines;
  if (order.lines.length === 1 && only?.kind === "bundle" && only.couponId && only.stripePriceIds.length > 0) {
    return { lines: only.stripePriceIds.map((price) => ({ price, quantity: 1 })), couponId: only.couponId };
  }
  return {
    lines: order.lines.map((line): CheckoutLine =>
      line.kind === "webinar" && line.stripePriceIds.length === 1
        ? { price: line.stripePriceIds[0]!, quantity: 1 }
        : { name: line.kind === "bundle" ? `${line.title} (bundle)` : line.title, unitAmountPence: line.pence, quantity: 1 },
    ),
    couponId: null,
  };
}

export async function orderCheckoutUrl(deps: OrderCheckoutDeps, order: Order): Promise<string> {
  if (order.status !== "awaiting_payment" || order.totalPence === 0) throw new AppError("CONFLICT", "This order has already been paid or closed");
  const { lines, couponId } = orderCheckoutLines(order);
  return openCheckout(deps, {
    previous: order.checkoutSessionId,
    keyPrefix: `order-checkout:${order.id}`,
    remember: (sessionId) => deps.orders.setCheckoutSession(order.id, sessionId),
    session: {
      mode: "payment",
      purpose: { kind: "order", orderId: order.id, userId: order.userId },
      lines,
      couponId,
      customerEmail: order.email,
      customerId: null,
      successUrl: `${deps.siteUrl}/user/webinars?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.siteUrl}/user/webinars?checkout=cancelled`,
    },
  });
}
