import type { CartItemRef } from "../../shared/cart";
import { itemsParam } from "../../shared/cart-query";
import type { CartQuote, CartQuoteLine } from "../../shared/pricing/cart-quote";
import type { Viewer } from "../../shared/pricing/webinar-offer";
import { formatPence } from "../format";
import { hrefs } from "../../shared/links";
import { JoinLink } from "../webinars/price-list";
import type { CartCode } from "../../shared/pricing/discount-code";
import { CartCheckout, type CheckoutAccess } from "./cart-checkout";
import { CartDiscountCode } from "./cart-discount-code";
import { CartNotices, type CartNotice } from "./cart-notices";
import { CartTable, type CartCatalogue } from "./cart-table";
import { ScreenTitle } from "../components/screen-title";

export interface CartContentProps {
  /** The cart, priced now for this viewer; its lines are the cart's items, in order. */
  quote: CartQuote;
  catalogue: CartCatalogue;
  viewer: Viewer;
  /** For non-members: what a member would pay for this cart, when that is less; else null. */
  memberTotalPence: number | null;
  now: Date;
  notice: CartNotice | null;
  /** With the "removed" notice: the items checkout took out, priced now to say why. */
  removed: readonly CartQuoteLine[];
  added: string | null;
  problems: readonly string[];
  checkout: CheckoutAccess;
  /** The discount code typed in the cart (`?code=`): applied or refused with why; null when none. */
  code: CartCode | null;
}

const AUDIENCE: Record<Viewer, string> = { visitor: "a visitor", user: "a signed-in user", member: "a member" };

/**
 * /cart: the cart the browser keeps, priced at the edge for this viewer. The cart island reads
 * `data-cart-items` (the cart as priced here) and `data-cart-removed` to keep browser storage
 * in step with this page.
 */
export function CartContent(props: CartContentProps) {
  const { quote } = props;
  const items: CartItemRef[] = quote.lines.map((line) => line.item);
  return (
    <div className="cart" data-cart-page="" data-cart-items={itemsParam(items)} data-cart-removed={itemsParam(props.removed.map((line) => line.item))}>
      <ScreenTitle>Your cart</ScreenTitle>
      <CartNotices notice={props.notice} removed={props.removed} added={props.added} problems={props.problems} />
      {items.length === 0 ? (
        <div className="cart-empty" data-cart-empty="">
          <p>Nothing in your cart yet. Browse our webinars and add the ones you want.</p>
          <p>
            <a className="button" href={hrefs.webinars}>
              Browse webinars
            </a>
          </p>
        </div>
      ) : (
        <>
          <CartTable quote={quote} catalogue={props.catalogue} now={props.now} />
          <p className="cart__clear">
            {/* An empty items= is the whole (empty) cart: the cart island empties browser storage to match. */}
            <a href="/cart?items=&notice=cleared" data-cart-clear-link="">
              Empty your cart
            </a>
          </p>
          <p className="cart__audience" data-cart-audience={props.viewer}>
            Prices are for you as {AUDIENCE[props.viewer]}.
            {props.viewer === "visitor" ? " Sign in to see your own prices, including what you already have." : ""}
          </p>
          {props.memberTotalPence !== null ? (
            <p className="callout cart__members" data-cart-member-total={props.memberTotalPence}>
              Members pay less: this cart would cost a member {formatPence(props.memberTotalPence)}. <JoinLink />
            </p>
          ) : null}
          {quote.totalPence > 0 || quote.code ? <CartDiscountCode items={items} code={props.code} /> : null}
          <CartCheckout quote={quote} access={props.checkout} />
        </>
      )}
    </div>
  );
}
