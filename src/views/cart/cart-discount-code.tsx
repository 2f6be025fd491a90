import { itemsParam } from "../../shared/cart-query";
import type { CartItemRef } from "../../shared/cart";
import type { CartCode } from "../../shared/pricing/discount-code";
import { formatPence } from "../format";
import { TextField } from "../forms/text-field";

/**
 * The discount code form: a GET to /cart with the cart's items and the code, so the page prices
 * the code itself (no JavaScript needed); the checkout form then carries the applied code. A code
 * that cannot be used is shown in the field with why, and the total stays without it.
 */
export function CartDiscountCode({ items, code }: { items: readonly CartItemRef[]; code: CartCode | null }) {
  return (
    <form method="get" action="/cart" className="form cart-code" data-cart-code="">
      <input type="hidden" name="items" value={itemsParam(items)} />
      <TextField
        id="code"
        label="Discount code"
        value={code?.typed ?? ""}
        hint="If you have a code, enter it and press Apply."
        error={code?.message ?? null}
        autoComplete="off"
        maxLength={40}
      />
      {code?.applied ? (
        <p className="notice notice--success" role="status" data-cart-code-applied={code.applied.code}>
          Code {code.applied.code} applied: {formatPence(code.applied.totalPence)} off.
        </p>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button button--secondary">
          Apply
        </button>
      </div>
    </form>
  );
}
