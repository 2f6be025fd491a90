/**
 * GET /cart: the browser-kept cart, priced at the edge for whoever is looking. The address
 * carries the cart (`?items=webinar:12,bundle:3`, authoritative for this page) and, from the
 * no-JavaScript "Add to cart", one item to add (`?add=bundle:3`); the cart island keeps browser
 * storage and the address in step. Notices come from the checkout (POST /cart/checkout) and the
 * card payment page (`?notice=`). Prices are always recomputed here from the CMS; nothing but
 * references is read from the address.
 */
import { Hono } from "hono";
import { logPricingWarnings, shopperFor } from "../services/orders/shopper";
import { addItem, sameItem, type Cart, type CartItemRef } from "../shared/cart";
import { addOutcomeMessage, parseItemToken, parseItemsParam } from "../shared/cart-query";
import { quoteCart, type Catalogue } from "../shared/pricing/cart-quote";
import type { HonoEnv } from "../types";
import { CartContent } from "../views/cart/cart-content";
import { isCartNotice } from "../views/cart/cart-notices";
import { csrfFormToken } from "./auth-helpers";
import { renderScreen, siteContext } from "./screen";

/** Adds `add` to the items by the cart's own rules (no duplicates, a bundle replaces its webinars, a size limit). */
function withAdded(items: readonly CartItemRef[], add: CartItemRef, catalogue: Catalogue, now: Date) {
  const cart: Cart = { v: 1, items: items.map((item) => ({ ...item, addedAt: now.toISOString() })) };
  const bundleWebinarIds = new Map(catalogue.bundles.map((bundle) => [bundle.id, bundle.webinars.map((w) => w.id)]));
  const result = addItem(cart, add, now, bundleWebinarIds);
  return { items: result.cart.items.map(({ kind, id }): CartItemRef => ({ kind, id })), outcome: result.outcome, replaced: result.removed.length };
}

const titleOf = (item: CartItemRef, catalogue: Catalogue): string | null =>
  (item.kind === "webinar" ? catalogue.webinars.find((w) => w.id === item.id)?.name : catalogue.bundles.find((b) => b.id === item.id)?.bundleName) ?? null;

export const cartRoutes = new Hono<HonoEnv>().get("/cart", async (c) => {
  const { content } = c.var;
  const parsed = parseItemsParam(c.req.query("items"));
  const problems = [...parsed.problems];
  const rawAdd = c.req.query("add");
  const rawNotice = c.req.query("notice");
  const notice = isCartNotice(rawNotice) ? rawNotice : null;

  const [layout, webinars, bundles, shopper] = await Promise.all([content.layout(), content.webinars(), content.webinarBundles(), shopperFor(c)]);
  const catalogue = { webinars, bundles };
  const site = siteContext(c);
  const now = site.now;

  let items = parsed.items;
  let added: string | null = null;
  if (rawAdd !== undefined) {
    const add = parseItemToken(rawAdd.trim());
    const title = add === null ? null : titleOf(add, catalogue);
    if (add === null || title === null) {
      problems.push(`Could not add “${rawAdd.slice(0, 40)}”: it is not a webinar or bundle on this site`);
    } else {
      const result = withAdded(items, add, catalogue, now);
      items = result.items;
      added = addOutcomeMessage(result.outcome, title, result.replaced);
    }
  }
  const removedItems = notice === "removed" ? parseItemsParam(c.req.query("removed")).items : [];
  items = items.filter((item) => !removedItems.some((removed) => sameItem(removed, item)));

  const quote = quoteCart(items, catalogue, shopper.viewer, now, shopper.owned);
  const removed = quoteCart(removedItems, catalogue, shopper.viewer, now, shopper.owned);
  logPricingWarnings([...quote.warnings, ...removed.warnings]);
  const memberTotal = shopper.viewer === "member" ? null : quoteCart(items, catalogue, "member", now, shopper.owned).totalPence;

  return renderScreen(c, {
    layout,
    site,
    head: { pageTitle: "Your cart", noindex: true },
    section: null,
    isPrivate: true,
    islands: ["cart"],
    children: (
      <CartContent
        quote={quote}
        catalogue={catalogue}
        viewer={shopper.viewer}
        memberTotalPence={memberTotal !== null && memberTotal < quote.totalPence ? memberTotal : null}
        now={now}
        notice={notice}
        removed={removed.lines}
        added={added}
        problems={problems}
        checkout={
          c.var.session
            ? { kind: "form", csrfToken: await csrfFormToken(c), idempotencyKey: crypto.randomUUID(), cardPayments: c.var.config.stripe !== null }
            : { kind: "sign-in" }
        }
      />
    ),
  });
});
