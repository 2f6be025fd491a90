/**
 * A code typed in the cart, priced: its terms from the CMS (the published list, through the
 * content cache) and its use so far from D1, then the pure rule (shared/pricing/discount-code.ts).
 * A visitor who is not signed in has no uses of their own yet; the per-person cap is checked
 * again at checkout, where a session is required.
 */
import type { RedemptionStore } from "../../adapters/d1/discount-redemptions";
import type { CartQuote } from "../../shared/pricing/cart-quote";
import { applyDiscountCode, normaliseCode, refusalMessage, type CodeOutcome, type DiscountCode } from "../../shared/pricing/discount-code";

export interface DiscountCodeDeps {
  /** The published code of that name (in capitals), or null. */
  discountCode: (code: string) => Promise<DiscountCode | null>;
  redemptions: RedemptionStore;
}

/** The outcome of the code on the quote, with the code's terms (null when no such code). */
export async function priceCode(
  deps: DiscountCodeDeps,
  quote: CartQuote,
  typed: string,
  userId: string | null,
  now: Date,
): Promise<{ outcome: CodeOutcome; terms: DiscountCode | null }> {
  const code = normaliseCode(typed);
  if (code === null) return { outcome: { kind: "refused", reason: "unknown", message: refusalMessage("unknown", typed, null) }, terms: null };
  const terms = await deps.discountCode(code);
  const usage = terms ? await deps.redemptions.usage(terms.code, userId ?? "") : { total: 0, byBuyer: 0 };
  return { outcome: applyDiscountCode(quote, typed, terms, usage, now), terms };
}
