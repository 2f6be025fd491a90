/**
 * What a webinar costs this viewer now, in words read at a glance. Every price and free state
 * comes from `webinarOffer` (src/shared/pricing), the one source of truth; this file only words it.
 */
import type { WebinarSummary } from "../../domain/content";
import { webinarOffer, type MemberPriceHint, type WebinarOffer } from "../../shared/pricing/webinar-offer";
import { formatPence } from "../format";
import type { Buyer } from "./buyer";

export interface WebinarPriceView {
  offer: WebinarOffer;
  owned: boolean;
  /** What this viewer pays now: "£45.00", "Free", "Free for members" or "Not on sale yet". */
  price: string;
  /** "Member price" when the member price applies, else "Price". */
  priceLabel: string;
  /** For non-members, what a member pays now when that is different ("£25.00", "Free"); else null. */
  memberPrice: string | null;
  /** Why it cannot go in the cart (owned, free to this viewer, not on sale); null when it can. */
  unavailable: string | null;
}

export interface PriceRow {
  label: string;
  value: string;
  /** The row invites joining (what a member would pay). */
  join?: boolean;
}

export const NOT_ON_SALE = "Not on sale yet";

export function webinarPrices(webinar: WebinarSummary, buyer: Buyer, now: Date): WebinarPriceView {
  const offer = webinarOffer(webinar, buyer.viewer, now);
  const owned = buyer.owned.has(webinar.id);
  const { price } = offer;
  return {
    offer,
    owned,
    price: price.kind === "paid" ? formatPence(price.pence) : price.kind === "free" ? (price.reason === "free-for-members" ? "Free for members" : "Free") : NOT_ON_SALE,
    priceLabel: price.kind === "paid" && price.tier === "member" ? "Member price" : "Price",
    memberPrice: hintText(offer.memberPrice),
    unavailable: owned ? "You have this webinar" : price.kind === "free" ? freeReason(buyer) : price.kind === "not-on-sale" ? NOT_ON_SALE : null,
  };
}

/** The price rows of a webinar: this viewer's price and, for non-members, a member's when it differs. None once owned. */
export function priceRows(prices: WebinarPriceView): PriceRow[] {
  if (prices.owned) return [];
  return [
    { label: prices.priceLabel, value: prices.price },
    ...(prices.memberPrice !== null ? [{ label: "Members", value: prices.memberPrice, join: true }] : []),
  ];
}

/** Why something free to this viewer needs no cart: signed-in users have it already; visitors sign in to watch. */
export const freeReason = (buyer: Buyer): string => (buyer.viewer === "visitor" ? "Free — sign in to watch" : "Free — no purchase needed");

const hintText = (hint: MemberPriceHint | null): string | null => (hint === null ? null : hint.kind === "free" ? "Free" : formatPence(hint.pence));
