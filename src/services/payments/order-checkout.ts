/**
 * Card payment for a webinar order (docs/decisions/0008): a Stripe Checkout session in payment
 * mode, one line per order line.
 * - A webinar is sent as its Stripe price (the member price's id for members) when the CMS has
 *   one, otherwise as the amount computed at checkout.
 * - Stripe takes one coupon per session and applies it to the whole session, so a bundle's
 *   coupon is used only when the bundle is the order's only line (its webinars sent as their
 *   prices, the coupon taking the bundle discount off); in a larger order the bundle is charged
 *   at its discounted amount instead.
 * - Each line carries Stripe's inclusive tax rate for its VAT treatment (none when exempt), so
 *   Stripe's tax on the session is the VAT on our receipt. Stripe would spread a coupon over the
 *   bundle's webinars and round the tax of each, which can differ by a penny from the VAT on the
 *   bundle's own price; so a bundle that carries VAT is always one line at its discounted amount,
 *   and the coupon route is kept for bundles without VAT (zero-rated or exempt).
 * - A line a discount code took something off is sent at its discounted amount, with its tax
 *   rate, and never by the coupon route: Stripe's tax per line is then the VAT on our receipt
 *   line, to the penny (docs/decisions/0027-discount-codes.md). The code itself goes in
 *   the session's metadata (`discountCode`), so Stripe's records say which code priced the order.
 * Opened (or an open one reused) by checkout-session.ts, like the membership checkout.
 */
import type { OrderStore } from "../../adapters/d1/orders";
import type { Order } from "../../domain/orders";
import type { CheckoutLine, StripeTaxRates } from "../../domain/billing";
import { VAT_RATES } from "../../shared/pricing/vat";
import { AppError } from "../../errors";
import { openCheckout, type CheckoutOpenerDeps } from "./checkout-session";

export interface OrderCheckoutDeps extends CheckoutOpenerDeps {
  orders: OrderStore;
  siteUrl: string;
}

const carriesVat = (line: Order["lines"][number]) => (VAT_RATES[line.vatTreatment] ?? 0) > 0;
const discounted = (line: Order["lines"][number]) => (line.discountPence ?? 0) > 0;

export function orderCheckoutLines(order: Order, taxRates: StripeTaxRates): { lines: CheckoutLine[]; couponId: string | null } {
  const [only] = order.lines;
  if (order.lines.length === 1 && only?.kind === "bundle" && only.couponId && only.stripePriceIds.length > 0 && !carriesVat(only) && !discounted(only)) {
    const taxRateId = taxRates[only.vatTreatment];
    return { lines: only.stripePriceIds.map((price) => ({ price, quantity: 1, taxRateId })), couponId: only.couponId };
  }
  return {
    lines: order.lines.map((line): CheckoutLine => {
      const taxRateId = taxRates[line.vatTreatment];
      if (line.kind === "webinar" && line.stripePriceIds.length === 1 && !discounted(line)) return { price: line.stripePriceIds[0]!, quantity: 1, taxRateId };
      const name = `${line.title}${line.kind === "bundle" ? " (bundle)" : ""}${discounted(line) && order.discount ? ` - code ${order.discount.code}` : ""}`;
      return { name, unitAmountPence: line.pence, quantity: 1, taxRateId };
    }),
    couponId: null,
  };
}

export async function orderCheckoutUrl(deps: OrderCheckoutDeps, order: Order): Promise<string> {
  if (order.status !== "awaiting_payment" || order.totalPence === 0) throw new AppError("CONFLICT", "This order has already been paid or closed");
  const { lines, couponId } = orderCheckoutLines(order, await deps.billing.taxRates());
  return openCheckout(deps, {
    previous: order.checkoutSessionId,
    amountDuePence: order.totalPence,
    keyPrefix: `order-checkout:${order.id}`,
    remember: (sessionId) => deps.orders.setCheckoutSession(order.id, sessionId),
    session: {
      mode: "payment",
      purpose: { kind: "order", orderId: order.id, userId: order.userId },
      ...(order.discount ? { metadata: { discountCode: order.discount.code, discountPence: String(order.discount.totalPence) } } : {}),
      lines,
      couponId,
      customerEmail: order.email,
      customerId: null,
      successUrl: `${deps.siteUrl}/user/webinars?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.siteUrl}/user/webinars?checkout=cancelled`,
    },
  });
}
