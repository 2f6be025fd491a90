import type { CartItemRef } from "../../shared/cart";
import { hrefs } from "../../shared/links";

export interface AddToCartProps {
  item: CartItemRef;
  /** The webinar's or bundle's name, so each button is told apart by screen readers. */
  name: string;
  /** Why it cannot go in the cart (owned, free to this viewer, not on sale); null when it can. */
  unavailable: string | null;
  /** A bundle's webinar ids: adding it replaces those webinars in the cart. */
  bundleWebinarIds?: readonly string[];
  /** The bundles that contain this webinar: with one in the cart, it is in the cart already. */
  coveringBundleIds?: readonly string[];
}

/**
 * "Add to cart": a GET form to /cart?add=kind:id, so it works without JavaScript. The cart
 * island (client/islands/cart.ts) takes the submit over, keeps the cart in browser storage and
 * announces the outcome in the form's status region. When the item cannot be bought, the
 * reason is shown instead of the button.
 */
export function AddToCart({ item, name, unavailable, bundleWebinarIds, coveringBundleIds }: AddToCartProps) {
  if (unavailable !== null) {
    return (
      <p className="add-to-cart add-to-cart--unavailable">
        {unavailable}
      </p>
    );
  }
  return (
    <form
      method="get"
      action={hrefs.cart}
      className="add-to-cart"
      data-add-to-cart=""
      data-item-name={name}
      data-bundle-webinars={bundleWebinarIds?.join(" ")}
      data-covered-by={coveringBundleIds && coveringBundleIds.length > 0 ? coveringBundleIds.join(" ") : undefined}
    >
      <input type="hidden" name="add" value={`${item.kind}:${item.id}`} />
      <button type="submit" className="button">
        Add to cart<span className="visually-hidden">: {name}</span>
      </button>
      <p className="add-to-cart__status" role="status" data-cart-status=""></p>
    </form>
  );
}
