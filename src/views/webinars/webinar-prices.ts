/** What a webinar costs now, in words a visitor reads at a glance. */
import type { WebinarSummary } from "../../services/content/model";
import { formatPrice } from "../format";
import type { WebinarState } from "./webinar-state";

export interface PriceRow {
  label: string;
  value: string;
}

export function standardPrice(webinar: WebinarSummary, state: WebinarState): string {
  if (state.freeForEveryone || webinar.defaultPrice === 0) return "Free";
  return webinar.defaultPrice === null ? "To be confirmed" : formatPrice(webinar.defaultPrice);
}

/** Null when members pay the standard price. */
export function memberPrice(webinar: WebinarSummary, state: WebinarState): string | null {
  if (state.freeForMembers || webinar.memberPrice === 0) return "Free";
  return webinar.memberPrice === null ? null : formatPrice(webinar.memberPrice);
}

/** The price rows of a webinar card: the standard price, and the member price when it differs. */
export function priceRows(webinar: WebinarSummary, state: WebinarState): PriceRow[] {
  const standard = standardPrice(webinar, state);
  const member = memberPrice(webinar, state);
  if (state.freeForEveryone) return [{ label: "Price", value: "Free" }];
  return [
    { label: "Price", value: standard },
    ...(member !== null && member !== standard ? [{ label: "Members", value: member }] : []),
  ];
}
