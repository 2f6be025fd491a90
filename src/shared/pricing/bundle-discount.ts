/**
 * A bundle's discount on what is left to pay for its webinars (the subtotal, in pence):
 * - "percent": round(subtotal × discount / 100). Above 100 counts as 100 ("discount-over-100-percent").
 * - "amount": the discount in pounds, as pence, capped at the subtotal.
 * - No discount when `discount` or `discountType` is missing, or `discount` is 0. A negative or
 *   non-numeric discount is ignored ("invalid-discount"); so is a discount with no type
 *   ("discount-without-type").
 * - The Stripe coupon (`couponId`) goes with the discount only when the discount takes something
 *   off. A discount without a coupon still applies, and is reported ("missing-coupon-id").
 */
import { penceFromPounds } from "./money";
import type { PricingWarning } from "./warnings";

export interface BundleDiscountTerms {
  couponId: string | null;
  discount: number | null;
  discountType: "percent" | "amount" | null;
}

export interface BundleDiscount {
  pence: number;
  couponId: string | null;
}

export function bundleDiscount(bundle: BundleDiscountTerms, subtotalPence: number): BundleDiscount {
  const { rule } = readDiscount(bundle);
  if (rule === null) return { pence: 0, couponId: null };
  const pence = rule.type === "percent" ? Math.round((subtotalPence * rule.value) / 100) : Math.min(penceFromPounds(rule.value), subtotalPence);
  return pence > 0 ? { pence, couponId: couponOf(bundle) } : { pence: 0, couponId: null };
}

/** The data problems of a bundle's discount, whatever its subtotal. */
export function bundleDiscountWarnings(bundle: BundleDiscountTerms): PricingWarning[] {
  return readDiscount(bundle).warnings;
}

type DiscountRule = { type: "percent" | "amount"; value: number };

function readDiscount(bundle: BundleDiscountTerms): { rule: DiscountRule | null; warnings: PricingWarning[] } {
  const { discount, discountType } = bundle;
  if (discount === null || discount === 0) return { rule: null, warnings: [] };
  if (!Number.isFinite(discount) || discount < 0) {
    return { rule: null, warnings: [{ code: "invalid-discount", message: `discount ${String(discount)} is not a discount; it is ignored` }] };
  }
  if (discountType === null) {
    return { rule: null, warnings: [{ code: "discount-without-type", message: `discount ${discount} has no discountType; it is ignored` }] };
  }
  const warnings: PricingWarning[] = [];
  if (couponOf(bundle) === null) warnings.push({ code: "missing-coupon-id", message: "discount is set but couponId is missing" });
  if (discountType === "percent" && discount > 100) {
    warnings.push({ code: "discount-over-100-percent", message: `discount ${discount}% is above 100%; it counts as 100%` });
    return { rule: { type: "percent", value: 100 }, warnings };
  }
  return { rule: { type: discountType, value: discount }, warnings };
}

const couponOf = (bundle: BundleDiscountTerms): string | null => (bundle.couponId !== null && bundle.couponId.trim() !== "" ? bundle.couponId.trim() : null);
