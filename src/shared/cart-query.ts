/**
 * The cart in a URL, for the /cart page and its links: `items=webinar:12,bundle:3` is the whole
 * cart, `add=webinar:12` one item to add (the no-JavaScript "Add to cart"). Pure and
 * dependency-free like cart.ts, so the cart island can use it too. The rules:
 * - An item is `kind:id`, with the kinds and ids of cart.ts. Anything else is ignored and
 *   reported (at most MAX_REPORTED_PROBLEMS reports, then a count); empty tokens are skipped.
 * - Duplicates collapse into the first, silently: the cart holds each item once anyway.
 * - Only the first MAX_CART_ITEMS distinct items are kept; the rest are reported as left out.
 * The items are references only: the server prices them from the CMS.
 */
import { CART_ITEM_ID, CART_ITEM_KINDS, MAX_CART_ITEMS, MAX_REPORTED_PROBLEMS, type AddOutcome, type CartItemKind, type CartItemRef } from "./cart";

/** `webinar:12` -> the item; null when it is not one. */
export function parseItemToken(token: string): CartItemRef | null {
  const colon = token.indexOf(":");
  if (colon < 0) return null;
  const kind = token.slice(0, colon);
  const id = token.slice(colon + 1);
  return isKind(kind) && CART_ITEM_ID.test(id) ? { kind, id } : null;
}

export function parseItemsParam(raw: string | null | undefined): { items: CartItemRef[]; problems: string[] } {
  const items: CartItemRef[] = [];
  const seen = new Set<string>();
  const ignored: string[] = [];
  let invalid = 0;
  let overflow = 0;
  for (const part of (raw ?? "").split(",")) {
    const token = part.trim();
    if (token === "") continue;
    const item = parseItemToken(token);
    if (item === null) {
      if (invalid++ < MAX_REPORTED_PROBLEMS) ignored.push(token);
      continue;
    }
    const key = itemToken(item);
    if (seen.has(key)) continue;
    seen.add(key);
    if (items.length < MAX_CART_ITEMS) items.push(item);
    else overflow += 1;
  }
  const problems = ignored.map((token) => `Ignored ${quote(token)}: it is not a webinar or bundle`);
  if (invalid > ignored.length) problems.push(`…and ${invalid - ignored.length} more that could not be read`);
  if (overflow > 0) problems.push(`A cart holds at most ${MAX_CART_ITEMS} items: ${overflow} more were left out`);
  return { items, problems };
}

export const itemToken = (item: CartItemRef): string => `${item.kind}:${item.id}`;

/** The items as `items=` wants them: `webinar:12,bundle:3`. */
export const itemsParam = (items: readonly CartItemRef[]): string => items.map(itemToken).join(",");

/** What adding an item did, in words (the cart page and the cart island say the same). */
export function addOutcomeMessage(outcome: AddOutcome, name: string, replaced = 0): string {
  switch (outcome) {
    case "added":
      return replaced > 0
        ? `Added “${name}” to your cart. It replaces ${replaced} ${replaced === 1 ? "webinar" : "webinars"} in your cart that the bundle includes.`
        : `Added “${name}” to your cart.`;
    case "already-in-cart":
      return `“${name}” is already in your cart.`;
    case "covered-by-bundle":
      return `“${name}” is already in your cart, in a bundle.`;
    case "cart-full":
      return `Your cart is full: it holds at most ${MAX_CART_ITEMS} items. Remove something to add “${name}”.`;
  }
}

const isKind = (value: string): value is CartItemKind => CART_ITEM_KINDS.some((kind) => kind === value);

/** A short, safe rendering of an ignored token. */
const quote = (token: string): string => `“${token.length > 40 ? `${token.slice(0, 40)}…` : token}”`;
