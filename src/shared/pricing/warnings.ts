/**
 * Problems found in CMS pricing data. The pricing functions work round them (each code's rule is
 * in the module that reports it) and return them; they never log. The caller logs them with the
 * request's context, so an editor can fix the entry. A warning depends on the data alone, never on
 * the viewer or the time, so the same entry always reports the same warnings.
 */
export type PricingWarningCode =
  | "invalid-event-date"
  | "invalid-duration"
  | "invalid-date"
  | "date-before-event-end"
  | "invalid-price"
  | "negative-price"
  | "member-price-above-default"
  | "missing-stripe-price-id"
  | "invalid-discount"
  | "discount-over-100-percent"
  | "discount-without-type"
  | "missing-coupon-id"
  | "duplicate-bundle-webinar"
  | "empty-bundle";

export interface PricingWarning {
  code: PricingWarningCode;
  /** For the log: names the field and its value. */
  message: string;
}

/** A warning with the catalogue entry it is about, for bundles and carts that price many entries. */
export interface CatalogueWarning extends PricingWarning {
  kind: "webinar" | "bundle";
  id: string;
}
