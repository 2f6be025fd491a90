/**
 * What a bundle costs this viewer now, in words. Every figure comes from `bundleOffer`
 * (src/shared/pricing): the discount is worked out on what is left for this viewer to pay, so
 * the saving shown is the one they get.
 */
import type { WebinarBundle } from "../../domain/content";
import { bundleOffer, type BundleOffer } from "../../shared/pricing/bundle-offer";
import { formatPence } from "../format";
import type { Buyer } from "./buyer";
import { freeReason, NOT_ON_SALE, type PriceRow } from "./webinar-prices";

export interface BundlePriceView {
  offer: BundleOffer;
  /** What this viewer pays now: "£100.00", "Free", "Not on sale yet", or that they have it all. */
  price: string;
  /** "Save £25.00" when the discount takes something off for this viewer; else null. */
  saving: string | null;
  /** For non-members, what a member pays for it now when that is less ("£48.00", "Free"); else null. */
  memberPrice: string | null;
  /** Why it cannot go in the cart; null when it can. */
  unavailable: string | null;
}

const HAVE_ALL = "You have every webinar in this bundle";

export function bundlePrices(bundle: WebinarBundle, buyer: Buyer, now: Date): BundlePriceView {
  const offer = bundleOffer(bundle, buyer.viewer, now, buyer.owned);
  const member = buyer.viewer === "member" ? null : bundleOffer(bundle, "member", now, buyer.owned);
  const saving = offer.discountPence > 0 ? `Save ${formatPence(offer.discountPence)}` : null;
  switch (offer.status) {
    case "payable":
      return { offer, price: formatPence(offer.totalPence), saving, memberPrice: memberText(offer, member), unavailable: null };
    case "free":
      return { offer, price: "Free", saving: null, memberPrice: null, unavailable: freeReason(buyer) };
    case "not-on-sale":
      return { offer, price: NOT_ON_SALE, saving: null, memberPrice: null, unavailable: NOT_ON_SALE };
    // Outside a cart no other bundle covers it: only owned webinars are left.
    case "owned":
    case "covered-by-bundle":
      return { offer, price: HAVE_ALL, saving: null, memberPrice: null, unavailable: HAVE_ALL };
  }
}

/** The bundle's price rows: this viewer's price and, for non-members, a member's when lower. */
export function bundlePriceRows(prices: BundlePriceView): PriceRow[] {
  if (prices.offer.status !== "payable") return [{ label: "Price", value: prices.price }];
  return [
    { label: "Bundle price", value: prices.price },
    ...(prices.memberPrice !== null ? [{ label: "Members", value: prices.memberPrice, join: true }] : []),
  ];
}

function memberText(offer: BundleOffer, member: BundleOffer | null): string | null {
  if (member === null) return null;
  if (member.status === "free") return "Free";
  return member.status === "payable" && member.totalPence < offer.totalPence ? formatPence(member.totalPence) : null;
}
