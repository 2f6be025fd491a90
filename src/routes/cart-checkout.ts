/**
 * POST /cart/checkout — the cart page's checkout form (services/orders/checkout decides). Fields:
 * csrfToken, idempotencyKey (UUID), items (`kind:id,kind:id`), expectedTotalPence (the total the
 * buyer was shown, after any discount code), code (the discount code the cart applied, optional) and paymentMethod (card | offline; omitted when everything is free). A visitor
 * is sent to sign in and back to the same cart. Whatever happens, the buyer lands on a page that
 * says what was ordered, or back on the cart saying why not; nothing is charged twice.
 */
import { Hono } from "hono";
import * as z from "zod";
import { AppError } from "../errors";
import type { CartItemRef } from "../shared/cart";
import { itemsParam } from "../shared/cart-query";
import { CheckoutCart } from "../shared/checkout-cart";
import { signInRedirectUrl } from "../shared/links";
import type { HonoEnv } from "../types";

const CheckoutForm = z.object({
  items: z.string({ error: "Your cart could not be read" }).max(8192, { error: "Your cart is too large" }),
  idempotencyKey: z.uuid({ error: "This checkout form has expired. Open your cart and check out again." }),
  expectedTotalPence: z.coerce
    .number({ error: "The total you were shown is missing. Open your cart and check out again." })
    .int({ error: "The total you were shown is not a whole number of pence" })
    .min(0, { error: "The total you were shown cannot be negative" })
    .max(100_000_000, { error: "The total you were shown is too large" }),
  // Absent (or empty) when the cart is free.
  // The code the cart applied; absent when none. Its shape is checked again where it is priced.
  code: z.preprocess((value) => (value === "" ? undefined : value), z.string().max(60, { error: "That discount code is too long" }).optional()),
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

export const cartCheckoutRoutes = new Hono<HonoEnv>().post("/cart/checkout", async (c) => {
  const form = CheckoutForm.safeParse(await c.req.parseBody());
  if (!form.success) throw new AppError("BAD_REQUEST", form.error.issues[0]?.message ?? "The checkout form could not be read");
  const items = parseItems(form.data.items);
  const session = c.var.session;
  if (!session) return c.redirect(signInRedirectUrl(cartUrl(items)), 303);
  if (form.data.paymentMethod === "card" && !c.var.config.stripe) return c.redirect(cartUrl(items, { notice: "unavailable" }), 303);

  const buyer = await c.var.buyer();
  const outcome = await c.var.orders.checkout({
    buyer: { ...buyer, userId: session.userId },
    email: session.email ?? "",
    items,
    expectedTotalPence: form.data.expectedTotalPence,
    paymentMethod: form.data.paymentMethod ?? "offline",
    idempotencyKey: form.data.idempotencyKey,
    code: form.data.code ?? null,
  });
  if (outcome.kind === "order") return c.redirect(outcome.to, 303);
  const params: Record<string, string> = {
    notice: outcome.notice,
    ...(outcome.removed ? { removed: itemsParam(outcome.removed) } : {}),
    ...(outcome.code ? { code: outcome.code } : {}),
  };
  return c.redirect(cartUrl(outcome.items, params), 303);
});
