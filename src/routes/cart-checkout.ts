/**
 * POST /cart/checkout — the cart page's checkout form (services/orders/checkout decides). Fields:
 * csrfToken, idempotencyKey (UUID), items (`kind:id,kind:id`), expectedTotalPence (the total the
 * buyer was shown) and paymentMethod (card | offline; omitted when everything is free). A visitor
 * is sent to sign in and back to the same cart. Whatever happens, the buyer lands on a page that
 * says what was ordered, or back on the cart saying why not; nothing is charged twice.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { createOrderStore } from "../adapters/d1/orders";
import type { Order } from "../domain/orders";
import { AppError } from "../errors";
import { log } from "../log";
import { checkout } from "../services/orders/checkout";
import { loadCatalogue, logPricingWarnings, shopperFor } from "../services/orders/shopper";
import { orderCheckoutUrl } from "../services/payments/order-checkout";
import type { CartItemRef } from "../shared/cart";
import { itemsParam } from "../shared/cart-query";
import { CheckoutCart } from "../shared/checkout-cart";
import type { HonoEnv } from "../types";
import { signInRedirectUrl } from "./auth-helpers";
import { cardPayments } from "./payment-services";

const CheckoutForm = z.object({
  items: z.string({ error: "Your cart could not be read" }).max(8192, { error: "Your cart is too large" }),
  idempotencyKey: z.uuid({ error: "This checkout form has expired. Open your cart and check out again." }),
  expectedTotalPence: z.coerce
    .number({ error: "The total you were shown is missing. Open your cart and check out again." })
    .int({ error: "The total you were shown is not a whole number of pence" })
    .min(0, { error: "The total you were shown cannot be negative" })
    .max(100_000_000, { error: "The total you were shown is too large" }),
  // Absent (or empty) when the cart is free.
  paymentMethod: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["card", "offline"], { error: "Choose how you will pay: card or bank transfer" }).optional()),
});

/** `webinar:12,bundle:3` -> cart items (validated by the shared CheckoutCart schema). */
function parseItems(text: string): CartItemRef[] {
  const tokens = text.split(",").map((token) => token.trim()).filter(Boolean);
  const items = tokens.map((token) => {
    const [kind, id, ...rest] = token.split(":");
    return rest.length > 0 ? { kind: "", id: "" } : { kind, id };
  });
  const parsed = CheckoutCart.safeParse({ items });
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Your cart could not be read");
  return parsed.data.items;
}

const cartUrl = (items: readonly CartItemRef[], params: Record<string, string> = {}) =>
  `/cart?${new URLSearchParams({ ...(items.length > 0 ? { items: itemsParam(items) } : {}), ...params })}`;

/** Where the buyer goes once an order exists: Stripe Checkout for a card order, else their webinars. */
async function afterOrder(c: Context<HonoEnv>, order: Order): Promise<string> {
  const done = `/user/webinars?ordered=${order.id}`;
  if (order.status !== "awaiting_payment" || order.paymentMethod !== "card") return done;
  const payments = cardPayments(c);
  if (!payments) return `${done}&payment=unavailable`;
  try {
    return await orderCheckoutUrl({ ...payments, orders: createOrderStore(c.var.config.bindings.db) }, order);
  } catch (error) {
    // The order is kept: /user/webinars offers card payment again, or bank transfer.
    log.error("order.checkout_failed", { orderId: order.id, error });
    return `${done}&payment=unavailable`;
  }
}

export const cartCheckoutRoutes = new Hono<HonoEnv>().post("/cart/checkout", async (c) => {
  const form = CheckoutForm.safeParse(await c.req.parseBody());
  if (!form.success) throw new AppError("BAD_REQUEST", form.error.issues[0]?.message ?? "The checkout form could not be read");
  const items = parseItems(form.data.items);
  const session = c.var.session;
  if (!session) return c.redirect(signInRedirectUrl(cartUrl(items)), 303);
  if (form.data.paymentMethod === "card" && !c.var.config.stripe) return c.redirect(cartUrl(items, { notice: "unavailable" }), 303);

  const [shopper, catalogue] = await Promise.all([shopperFor(c), loadCatalogue(c)]);
  const orders = createOrderStore(c.var.config.bindings.db);
  const result = await checkout(
    { orders, now: () => new Date() },
    catalogue,
    {
      shopper: { ...shopper, userId: session.userId },
      email: session.email ?? "",
      items,
      expectedTotalPence: form.data.expectedTotalPence,
      paymentMethod: form.data.paymentMethod ?? "offline",
      idempotencyKey: form.data.idempotencyKey,
    },
  );
  switch (result.kind) {
    case "existing":
      return c.redirect(await afterOrder(c, result.order), 303);
    case "key-used":
      // Only a tampered or leaked form gets here; nothing of the order the key names is shown.
      throw new AppError("CONFLICT", "This checkout form has already been used. Reload your cart to get a fresh form, then check out again.");
    case "empty":
      return c.redirect(cartUrl([], { notice: "empty" }), 303);
    case "removed":
      return c.redirect(cartUrl(result.keep, { notice: "removed", removed: itemsParam(result.removed) }), 303);
    case "price-changed":
      logPricingWarnings(result.quote.warnings);
      return c.redirect(cartUrl(items, { notice: "price-changed" }), 303);
    case "ordered": {
      logPricingWarnings(result.quote.warnings);
      log.info("order.placed", { free: result.free?.id ?? null, paid: result.paid?.id ?? null, totalPence: result.quote.totalPence });
      const order = result.paid ?? result.free;
      if (!order) throw new Error("A checkout with items made no order");
      return c.redirect(await afterOrder(c, order), 303);
    }
  }
});
