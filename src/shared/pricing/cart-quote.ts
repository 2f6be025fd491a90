/**
 * Prices a cart for one viewer now, from the catalogue alone: a cart item names a webinar or a
 * bundle and nothing else is read from it, so a forged price cannot reach the total. The rules:
 * - An item repeated in the cart counts once, at its first place.
 * - An id the catalogue does not hold (for its kind) is "unknown".
 * - Bundles are priced first, in cart order, with `bundleOffer`; a webinar that an earlier bundle
 *   in the cart already gives (payable or free there) is not charged again in a later one.
 * - A webinar item's status, first match wins: "owned" (in `owned`), "covered-by-bundle" (a
 *   bundle in the cart gives it), "not-on-sale", "free", "payable".
 * - "free" lines cost nothing and are granted at checkout; "payable" lines make up the total.
 *   Every other status costs nothing and carries a message saying why.
 * - A booking item names places the buyer holds at an event (services/events): priced when the
 *   places were taken, at the ticket type's price for that buyer; once its hold has run out (or it
 *   is someone else's, or already bought) it is "not-on-sale" and says so.
 */
import type { CartItemRef } from "../cart";
import { bundleOffer, type BundleLineStatus, type BundleOffer, type CatalogueBundle, type CatalogueWebinar } from "./bundle-offer";
import type { AppliedCode } from "./discount-code";
import { CURRENCY } from "./money";
import type { CatalogueWarning } from "./warnings";
import type { VatTreatment } from "./vat";
import { webinarOffer, type Viewer, type WebinarOffer } from "./webinar-offer";

export interface Catalogue {
  webinars: readonly CatalogueWebinar[];
  bundles: readonly CatalogueBundle[];
  /** The buyer's own event bookings the cart names (absent: none). */
  bookings?: readonly CatalogueBooking[];
}

/** Places held at an event, as the cart prices them. */
export interface CatalogueBooking {
  id: string;
  /** "Annual Conference 2027: Member × 2". */
  title: string;
  /** The event's id (the CMS's), which a discount code may name. */
  eventId: string;
  eventSlug: string;
  pence: number;
  vatTreatment: VatTreatment;
  /** Held (until `holdExpiresAt`) is the only state a cart may buy. */
  status: "held" | "other";
  holdExpiresAt: string;
}

export type CartLineStatus = BundleLineStatus | "unknown";

export type CartLineOffer = { kind: "webinar"; offer: WebinarOffer } | { kind: "bundle"; offer: BundleOffer } | { kind: "booking"; booking: CatalogueBooking };

export interface CartQuoteLine {
  item: CartItemRef;
  /** The webinar's or bundle's name; null when the item is unknown. */
  title: string | null;
  status: CartLineStatus;
  /** What this line adds to the total: its price when payable (less any discount code), otherwise 0. */
  pence: number;
  /** What a discount code took off this line (discount-code.ts); absent when none did. */
  codeDiscountPence?: number;
  /** Why the line costs nothing; null when payable. */
  message: string | null;
  /** Null when the item is unknown. */
  priced: CartLineOffer | null;
}

export interface CartQuote {
  lines: CartQuoteLine[];
  totalPence: number;
  currency: typeof CURRENCY;
  /** Data problems in the catalogue entries priced, each once, for the caller to log. */
  warnings: CatalogueWarning[];
  /** The discount code applied (discount-code.ts); absent when none is. */
  code?: AppliedCode;
}

export function quoteCart(
  items: readonly CartItemRef[],
  catalogue: Catalogue,
  viewer: Viewer,
  now: Date,
  owned: ReadonlySet<string>,
): CartQuote {
  const refs = distinct(items);
  const webinars = new Map(catalogue.webinars.map((webinar) => [webinar.id, webinar]));
  const bundles = new Map(catalogue.bundles.map((bundle) => [bundle.id, bundle]));
  const warnings = new WarningSet();

  const bundleOffers = new Map<string, BundleOffer>();
  /** Webinar id -> the name of the first bundle in the cart that gives it. */
  const givenBy = new Map<string, string>();
  for (const ref of refs) {
    const bundle = ref.kind === "bundle" ? bundles.get(ref.id) : undefined;
    if (bundle === undefined) continue;
    const offer = bundleOffer(bundle, viewer, now, owned, new Set(givenBy.keys()));
    bundleOffers.set(bundle.id, offer);
    warnings.add(offer.warnings);
    for (const line of offer.lines) if (line.status === "payable" || line.status === "free") givenBy.set(line.webinarId, bundle.bundleName);
  }

  const lines = refs.map((ref): CartQuoteLine => {
    const item: CartItemRef = { kind: ref.kind, id: ref.id };
    if (ref.kind === "booking") {
      const booking = catalogue.bookings?.find((entry) => entry.id === ref.id);
      if (booking === undefined) return unknownLine(item);
      const open = booking.status === "held" && Date.parse(booking.holdExpiresAt) > now.getTime();
      const status: BundleLineStatus = !open ? "not-on-sale" : booking.pence > 0 ? "payable" : "free";
      const message = status === "not-on-sale" ? BOOKING_CLOSED : status === "free" ? "Free: your places are confirmed when you check out" : null;
      return line(item, booking.title, status, booking.pence, message, { kind: "booking", booking });
    }
    if (ref.kind === "bundle") {
      const bundle = bundles.get(ref.id);
      const offer = bundleOffers.get(ref.id);
      if (bundle === undefined || offer === undefined) return unknownLine(item);
      return line(item, bundle.bundleName, offer.status, offer.totalPence, BUNDLE_MESSAGES[offer.status], { kind: "bundle", offer });
    }
    const webinar = webinars.get(ref.id);
    if (webinar === undefined) return unknownLine(item);
    const offer = webinarOffer(webinar, viewer, now);
    warnings.add(offer.warnings.map((w): CatalogueWarning => ({ ...w, kind: "webinar", id: webinar.id })));
    const bundleName = givenBy.get(webinar.id);
    const status: BundleLineStatus = owned.has(webinar.id)
      ? "owned"
      : bundleName !== undefined
        ? "covered-by-bundle"
        : offer.price.kind === "paid"
          ? "payable"
          : offer.price.kind;
    const pence = status === "payable" && offer.price.kind === "paid" ? offer.price.pence : 0;
    const message = status === "covered-by-bundle" ? `Included in the bundle “${bundleName ?? ""}” in your cart` : WEBINAR_MESSAGES[status];
    return line(item, webinar.name, status, pence, message, { kind: "webinar", offer });
  });

  return {
    lines,
    totalPence: lines.reduce((sum, entry) => sum + entry.pence, 0),
    currency: CURRENCY,
    warnings: warnings.list(),
  };
}

const WEBINAR_MESSAGES: Record<Exclude<BundleLineStatus, "covered-by-bundle">, string | null> = {
  payable: null,
  free: "Free: it is added to your account when you check out",
  owned: "You already have this webinar",
  "not-on-sale": "This webinar is not on sale at the moment",
};

const BUNDLE_MESSAGES: Record<BundleLineStatus, string | null> = {
  payable: null,
  free: "Free: its webinars are added to your account when you check out",
  owned: "You already have every webinar in this bundle",
  "not-on-sale": "This bundle is not on sale at the moment",
  "covered-by-bundle": "Everything in this bundle you do not have is in another bundle in your cart",
};

const UNKNOWN_MESSAGE = "This item is no longer available";

const BOOKING_CLOSED = "Your hold on these places has run out (or they are already booked): book again from the event's page";

const line = (item: CartItemRef, title: string, status: CartLineStatus, pence: number, message: string | null, priced: CartLineOffer): CartQuoteLine => ({
  item,
  title,
  status,
  pence: status === "payable" ? pence : 0,
  message,
  priced,
});

const unknownLine = (item: CartItemRef): CartQuoteLine => ({ item, title: null, status: "unknown", pence: 0, message: UNKNOWN_MESSAGE, priced: null });

function distinct(items: readonly CartItemRef[]): CartItemRef[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.kind}:${item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Each warning once: a webinar priced alone and inside a bundle reports its problems once. */
class WarningSet {
  private readonly byKey = new Map<string, CatalogueWarning>();

  add(warnings: readonly CatalogueWarning[]): void {
    for (const warning of warnings) {
      const key = JSON.stringify([warning.kind, warning.id, warning.code, warning.message]);
      if (!this.byKey.has(key)) this.byKey.set(key, warning);
    }
  }

  list(): CatalogueWarning[] {
    return [...this.byKey.values()];
  }
}
