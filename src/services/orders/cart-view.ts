/**
 * The cart page's cart, priced for the buyer: the items the address carries, one more added by
 * the no-JavaScript "Add to cart" (by the cart's own rules: no duplicates, a bundle replaces its
 * webinars, a size limit), less those a checkout took out. Every price comes from the catalogue
 * (the CMS), never from the address.
 */
import type { Buyer } from "../../domain/buyer";
import { addItem, sameItem, type Cart, type CartItemRef } from "../../shared/cart";
import { addOutcomeMessage, parseItemToken } from "../../shared/cart-query";
import { quoteCart, type CartQuote, type Catalogue } from "../../shared/pricing/cart-quote";
import { logPricingWarnings } from "./pricing-warnings";

export interface CartRequest {
  items: readonly CartItemRef[];
  /** An item to add, as the address gave it (`bundle:3`); an event's booking form adds its bookings at once (`booking:a,booking:b`). */
  add?: string | undefined;
  /** Items a checkout took out (they are shown as removed, with why). */
  removed: readonly CartItemRef[];
}

export interface CartView {
  quote: CartQuote;
  removed: CartQuote;
  /** What a member would pay, when that is less (to invite a non-member to join). */
  memberTotalPence: number | null;
  /** What adding did, in words; null when nothing was added. */
  added: string | null;
  problems: string[];
}

const titleOf = (item: CartItemRef, catalogue: Catalogue): string | null =>
  (item.kind === "webinar"
    ? catalogue.webinars.find((w) => w.id === item.id)?.name
    : item.kind === "booking"
      ? catalogue.bookings?.find((b) => b.id === item.id)?.title
      : catalogue.bundles.find((b) => b.id === item.id)?.bundleName) ?? null;

function withAdded(items: readonly CartItemRef[], add: CartItemRef, catalogue: Catalogue, now: Date) {
  const cart: Cart = { v: 1, items: items.map((item) => ({ ...item, addedAt: now.toISOString() })) };
  const bundleWebinarIds = new Map(catalogue.bundles.map((bundle) => [bundle.id, bundle.webinars.map((w) => w.id)]));
  const result = addItem(cart, add, now, bundleWebinarIds);
  return { items: result.cart.items.map(({ kind, id }): CartItemRef => ({ kind, id })), outcome: result.outcome, replaced: result.removed.length };
}

export function priceCart(request: CartRequest, catalogue: Catalogue, buyer: Buyer, now: Date): CartView {
  const problems: string[] = [];
  let items = [...request.items];
  let added: string | null = null;
  const adds = request.add === undefined ? [] : request.add.startsWith("booking:") ? request.add.split(",").slice(0, 10) : [request.add];
  for (const token of adds) {
    const add = parseItemToken(token.trim());
    const title = add === null ? null : titleOf(add, catalogue);
    if (add === null || title === null) {
      problems.push(`Could not add “${token.slice(0, 40)}”: it is not a webinar or bundle on this site`);
    } else {
      const result = withAdded(items, add, catalogue, now);
      items = result.items;
      added = [added, addOutcomeMessage(result.outcome, title, result.replaced)].filter(Boolean).join(" ");
    }
  }
  items = items.filter((item) => !request.removed.some((removed) => sameItem(removed, item)));
  const quote = quoteCart(items, catalogue, buyer.viewer, now, buyer.owned);
  const removed = quoteCart(request.removed, catalogue, buyer.viewer, now, buyer.owned);
  logPricingWarnings([...quote.warnings, ...removed.warnings]);
  const memberTotal = buyer.viewer === "member" ? null : quoteCart(items, catalogue, "member", now, buyer.owned).totalPence;
  return { quote, removed, memberTotalPence: memberTotal !== null && memberTotal < quote.totalPence ? memberTotal : null, added, problems };
}
