/**
 * The header's cart badge: shows how many items the browser-kept cart holds, on every page.
 * A page that confirms an order marks itself with `data-cart-clear`: the cart it bought is
 * emptied here. Deliberately tiny and framework-free so content pages ship
 * no React.
 */
import { CART_CHANGED_EVENT, STORAGE_KEYS } from "../../src/shared/storage-keys";

function itemCount(): number {
  try {
    const cart = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? "null") as { items?: unknown } | null;
    return Array.isArray(cart?.items) ? cart.items.length : 0;
  } catch {
    return 0;
  }
}

function render(): void {
  const count = itemCount();
  for (const badge of document.querySelectorAll<HTMLElement>("[data-cart-count]")) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
    badge.closest("a")?.setAttribute("aria-label", count === 0 ? "Cart, empty" : `Cart, ${count} item${count === 1 ? "" : "s"}`);
  }
}

/** A page confirming an order empties the cart it bought (the page may still be streaming in). */
function clearIfOrdered(): void {
  if (!document.querySelector("[data-cart-clear]")) return;
  try {
    localStorage.removeItem(STORAGE_KEYS.cart);
  } catch {
    // No storage, so no cart to clear.
  }
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

render();
window.addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEYS.cart || event.key === null) render();
});
window.addEventListener(CART_CHANGED_EVENT, render);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", clearIfOrdered, { once: true });
else clearIfOrdered();
