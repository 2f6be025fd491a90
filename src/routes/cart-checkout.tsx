/**
 * POST /cart/checkout — the cart page's checkout form (services/orders/checkout decides). Fields:
 * csrfToken, idempotencyKey (UUID), items (`kind:id,kind:id`), expectedTotalPence (the total the
 * buyer was shown, after any discount code), code (the discount code the cart applied, optional) and paymentMethod (card | offline; omitted when everything is free). A visitor
 * is sent to sign in and back to the same cart. Optional billing details (billingOrganisation,
 * billingAddress, purchaseOrder, vatId) name an organisation to invoice; a problem with them shows
 * the cart again with what was typed and the problem beside its field. Whatever happens, the buyer lands on a page that
 * says what was ordered, or back on the cart saying why not; nothing is charged twice.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { AppError } from "../errors";
import type { CartItemRef } from "../shared/cart";
import { itemsParam } from "../shared/cart-query";
import { CheckoutCart } from "../shared/checkout-cart";
import { signInRedirectUrl } from "../shared/links";
import { BillingDetailsForm } from "../shared/billing-details";
import { joinErrors as fieldErrors } from "../shared/join-form";
import { typedValues } from "../shared/typed-values";
import { CartContent } from "../views/cart/cart-content";
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

/** The cart again (400), with the billing details as typed and each problem beside its field. */
async function refusedBilling(c: Context<HonoEnv>, items: CartItemRef[], code: string | undefined, billing: { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> }) {
  const buyer = await c.var.buyer();
  const [layout, cart] = await Promise.all([c.var.services.content.layout(), c.var.services.orders.cart({ items, add: undefined, removed: [], code }, buyer)]);
  return c.render(
    <CartContent
      quote={cart.quote}
      catalogue={cart.catalogue}
      viewer={buyer.viewer}
      memberTotalPence={cart.memberTotalPence}
      now={c.var.site.now}
      notice={null}
      removed={[]}
      added={cart.added}
      problems={cart.problems}
      code={cart.code}
      checkout={{ kind: "form", csrfToken: await c.var.csrfToken(), idempotencyKey: crypto.randomUUID(), cardPayments: c.var.config.stripe !== null, billing }}
    />,
    { layout, head: { pageTitle: "There is a problem — Your cart", noindex: true }, section: null, isPrivate: true, islands: ["cart"], status: 400 },
  );
}

export const cartCheckoutRoutes = new Hono<HonoEnv>().post("/cart/checkout", async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const form = CheckoutForm.safeParse(body);
  if (!form.success) throw new AppError("BAD_REQUEST", form.error.issues[0]?.message ?? "The checkout form could not be read");
  const items = parseItems(form.data.items);
  const session = c.var.session;
  if (!session) return c.redirect(signInRedirectUrl(cartUrl(items)), 303);
  const billing = BillingDetailsForm.safeParse(body);
  if (!billing.success) {
    const values = typedValues(body);
    return refusedBilling(c, items, form.data.code, { values, errors: fieldErrors(billing.error) });
  }
  if (form.data.paymentMethod === "card" && !c.var.config.stripe) return c.redirect(cartUrl(items, { notice: "unavailable" }), 303);

  const buyer = await c.var.buyer();
  const outcome = await c.var.services.orders.checkout({
    buyer: { ...buyer, userId: session.userId },
    email: session.email ?? "",
    items,
    expectedTotalPence: form.data.expectedTotalPence,
    paymentMethod: form.data.paymentMethod ?? "offline",
    idempotencyKey: form.data.idempotencyKey,
    code: form.data.code ?? null,
    billing: billing.data,
  });
  if (outcome.kind === "order") return c.redirect(outcome.to, 303);
  const params: Record<string, string> = {
    notice: outcome.notice,
    ...(outcome.removed ? { removed: itemsParam(outcome.removed) } : {}),
    ...(outcome.code ? { code: outcome.code } : {}),
  };
  return c.redirect(cartUrl(outcome.items, params), 303);
});
