/**
 * GET /cart: the browser-kept cart, priced at the edge for whoever is looking. The address
 * carries the cart (`?items=webinar:12,bundle:3`, authoritative for this page) and, from the
 * no-JavaScript "Add to cart", one item to add (`?add=bundle:3`); the cart island keeps browser
 * storage and the address in step. Notices come from the checkout (POST /cart/checkout) and the
 * card payment page (`?notice=`), and a discount code to price the cart with (`?code=`, from the
 * cart's code form). Prices are always recomputed from the CMS; nothing but references and the
 * code is read from the address.
 */
import { Hono } from "hono";
import { RETRY_AFTER_SECONDS } from "../services/auth/attempt-limits";
import { parseItemsParam } from "../shared/cart-query";
import type { HonoEnv } from "../types";
import { CartContent } from "../views/cart/cart-content";
import { isCartNotice } from "../views/cart/cart-notices";

export const cartRoutes = new Hono<HonoEnv>().get("/cart", async (c) => {
  const parsed = parseItemsParam(c.req.query("items"));
  const rawNotice = c.req.query("notice");
  const notice = isCartNotice(rawNotice) ? rawNotice : null;
  const removed = notice === "removed" ? parseItemsParam(c.req.query("removed")).items : [];
  const buyer = await c.var.buyer();
  const [layout, cart] = await Promise.all([c.var.services.content.layout(), c.var.services.orders.cart({ items: parsed.items, add: c.req.query("add"), removed, code: c.req.query("code") }, buyer)]);
  // Too many codes tried: the cart is still shown (429), with why its code was not looked up.
  if (cart.rateLimited) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.render(
    <CartContent
      quote={cart.quote}
      catalogue={cart.catalogue}
      viewer={buyer.viewer}
      memberTotalPence={cart.memberTotalPence}
      now={c.var.site.now}
      notice={notice}
      removed={cart.removed.lines}
      added={cart.added}
      problems={[...parsed.problems, ...cart.problems]}
      code={cart.code}
      checkout={
        c.var.session
          ? { kind: "form", csrfToken: await c.var.csrfToken(), idempotencyKey: crypto.randomUUID(), cardPayments: c.var.config.stripe !== null, billing: { values: {}, errors: {} } }
          : { kind: "sign-in" }
      }
    />,
    { layout, head: { pageTitle: "Your cart", noindex: true }, section: null, isPrivate: true, islands: ["cart"], ...(cart.rateLimited ? { status: 429 } : {}) },
  );
});
