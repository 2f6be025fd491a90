import type { WebinarBundle } from "../../services/content/model";
import { formatPrice } from "../format";

/** "Save 20%" or "Save £15.00", or null when the bundle has no discount. */
export function bundleDiscount(bundle: Pick<WebinarBundle, "discount" | "discountType">): string | null {
  if (!bundle.discount || bundle.discount <= 0 || !bundle.discountType) return null;
  return bundle.discountType === "percent" ? `Save ${bundle.discount}%` : `Save ${formatPrice(bundle.discount)}`;
}
