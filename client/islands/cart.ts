/**
 * The cart in browser storage (STORAGE_KEYS.cart), kept in step with the page:
 * - "Add to cart" forms (form[data-add-to-cart]) add their item to the stored cart instead of
 *   loading /cart?add=…, say what happened in the form's status region and become a link to the
 *   cart. Without storage (private browsing) the form is sent as it is: /cart adds the item.
 * - On /cart ([data-cart-page]) the address and the stored cart agree: a bare /cart loads the
 *   stored cart's address; an address with items (or an item to add) is the cart, so it is
 *   stored. Items checkout took out (data-cart-removed) leave the stored cart too.
 * The rules of the cart are src/shared/cart.ts's; this file only reads and writes.
 */
import { addItem, clearCart, parseCart, removeItem, sameItem, serializeCart, type Cart, type CartItem, type CartItemRef } from "../../src/shared/cart";
import { addOutcomeMessage, itemsParam, parseItemToken, parseItemsParam } from "../../src/shared/cart-query";
import { CART_CHANGED_EVENT, STORAGE_KEYS } from "../../src/shared/storage-keys";

const CART_PATH = "/cart";

function load(): Cart {
  try {
    return parseCart(localStorage.getItem(STORAGE_KEYS.cart)).cart;
  } catch {
    return clearCart();
  }
}

/** False when the browser keeps no storage. */
function save(cart: Cart): boolean {
  try {
    localStorage.setItem(STORAGE_KEYS.cart, serializeCart(cart));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  return true;
}

const ids = (value: string | undefined): string[] => (value ?? "").split(" ").filter(Boolean);

/** Bundle id -> its webinar ids, as far as this form knows: its own bundle's webinars, or the bundles that contain its webinar. */
function bundleWebinarIds(form: HTMLFormElement, item: CartItemRef): Map<string, string[]> {
  if (item.kind === "bundle") return new Map([[item.id, ids(form.dataset.bundleWebinars)]]);
  return new Map(ids(form.dataset.coveredBy).map((bundleId) => [bundleId, [item.id]]));
}

function inCart(cart: Cart, item: CartItemRef, bundles: Map<string, string[]>): boolean {
  return cart.items.some((kept) => sameItem(kept, item) || (kept.kind === "bundle" && item.kind === "webinar" && (bundles.get(kept.id) ?? []).includes(item.id)));
}

/** The form's button becomes a link to the cart; focus follows it when it was on the button. */
function showInCart(form: HTMLFormElement): void {
  const button = form.querySelector("button");
  if (!button) return;
  const link = document.createElement("a");
  link.href = CART_PATH;
  link.className = "button button--secondary";
  link.textContent = "In your cart — View cart";
  const hadFocus = document.activeElement === button;
  button.replaceWith(link);
  if (hadFocus) link.focus();
}

function enhanceAddToCart(form: HTMLFormElement): void {
  const field = form.elements.namedItem("add");
  const item = field instanceof HTMLInputElement ? parseItemToken(field.value) : null;
  if (item === null) return;
  const bundles = bundleWebinarIds(form, item);
  if (inCart(load(), item, bundles)) showInCart(form);
  const name = form.dataset.itemName || "This item";
  form.addEventListener("submit", (event) => {
    const result = addItem(load(), item, new Date(), bundles);
    if (result.outcome === "added" && !save(result.cart)) return; // no storage: /cart?add= does it
    event.preventDefault();
    const status = form.querySelector<HTMLElement>("[data-cart-status]");
    if (status) status.textContent = addOutcomeMessage(result.outcome, name, result.removed.length);
    if (result.outcome !== "cart-full") showInCart(form);
  });
}

/** The cart as this page priced it, keeping when each item was first added. */
function cartOf(items: readonly CartItemRef[], previous: Cart, now: Date): Cart {
  const added = (item: CartItemRef): CartItem => previous.items.find((kept) => sameItem(kept, item)) ?? { ...item, addedAt: now.toISOString() };
  return { v: 1, items: items.map(added) };
}

function syncCartPage(page: HTMLElement): void {
  const url = new URL(location.href);
  const shown = parseItemsParam(page.dataset.cartItems).items;
  const removed = parseItemsParam(page.dataset.cartRemoved).items;
  const stored = load();
  const kept: Cart = { v: 1, items: stored.items.filter((item) => !removed.some((gone) => sameItem(gone, item))) };
  if (!url.searchParams.has("items")) {
    if (kept.items.length !== stored.items.length) save(kept);
    if (kept.items.length > 0) {
      // Load the stored cart's own address; an item being added (?add=) is added to it there.
      url.searchParams.set("items", itemsParam(kept.items));
      location.replace(url.href);
      return;
    }
    if (!url.searchParams.has("add")) return;
  }
  save(cartOf(shown, kept, new Date()));
  url.searchParams.delete("add");
  url.searchParams.set("items", itemsParam(shown));
  history.replaceState(history.state, "", url.href);
  for (const link of page.querySelectorAll<HTMLAnchorElement>("a[data-cart-remove]")) {
    link.addEventListener("click", () => {
      const item = parseItemToken(link.dataset.cartRemove ?? "");
      if (item !== null) save(removeItem(load(), item));
    });
  }
}

function start(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-add-to-cart]")) enhanceAddToCart(form);
  const page = document.querySelector<HTMLElement>("[data-cart-page]");
  if (page) syncCartPage(page);
}

// The island loads async in the head: the page may still be streaming in.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
