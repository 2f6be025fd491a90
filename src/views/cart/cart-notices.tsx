import type { CartQuoteLine } from "../../shared/pricing/cart-quote";
import { itemLabel } from "./cart-labels";

/** Why the cart page was opened with a message (`?notice=`), by the checkout or the card payment page. */
export const CART_NOTICES = ["price-changed", "removed", "empty", "cleared", "cancelled", "unavailable", "code"] as const;

export type CartNotice = (typeof CART_NOTICES)[number];

export const isCartNotice = (value: string | undefined): value is CartNotice => CART_NOTICES.some((notice) => notice === value);

const TEXT: Record<Exclude<CartNotice, "removed">, string> = {
  "price-changed": "Prices changed since you last saw your cart. Check the new total before you check out.",
  empty: "Your cart is empty.",
  cleared: "You emptied your cart.",
  cancelled: "You left the card payment page, so nothing was charged. Your cart is as you left it.",
  unavailable: "Card payment is unavailable just now. Try again, or pay by bank transfer.",
  code: "Nothing was ordered: your discount code cannot be used. The reason is under the code below; check the total before you check out.",
};

/** Why checkout took an item out, by its status now. */
const REMOVED_BECAUSE: Record<CartQuoteLine["status"], string> = {
  owned: "you already have it",
  free: "it is free for you, so there is nothing to buy",
  "not-on-sale": "it is not on sale at the moment",
  unknown: "it is no longer available",
  "covered-by-bundle": "a bundle in your cart includes it",
  payable: "it could not be bought with the rest of your cart",
};

export interface CartNoticesProps {
  notice: CartNotice | null;
  /** With the "removed" notice: the items checkout took out, priced now to say why. */
  removed: readonly CartQuoteLine[];
  /** What the "Add to cart" of this request did, in words. */
  added: string | null;
  /** Parts of the address that could not be read. */
  problems: readonly string[];
}

/** The messages at the top of the cart page. */
export function CartNotices({ notice, removed, added, problems }: CartNoticesProps) {
  return (
    <div className="cart-notices">
      {notice === "removed" ? (
        <div className="notice notice--info" role="status" data-cart-notice="removed">
          <p>We took {removed.length === 1 ? "this item" : "these items"} out of your cart:</p>
          <ul>
            {removed.map((line) => (
              <li key={`${line.item.kind}:${line.item.id}`}>
                {itemLabel(line)}: {REMOVED_BECAUSE[line.status]}.
              </li>
            ))}
          </ul>
        </div>
      ) : notice !== null ? (
        <p className="notice notice--info" role="status" data-cart-notice={notice}>
          {TEXT[notice]}
        </p>
      ) : null}
      {added !== null ? (
        <p className="notice notice--success" role="status" data-cart-added="">
          {added}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div className="notice notice--info" role="status" data-cart-problems="">
          <p>Part of this cart’s address could not be read, so it was left out:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
