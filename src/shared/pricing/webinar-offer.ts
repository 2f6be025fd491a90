/**
 * What a webinar offers one viewer at one instant: which edition (live or recording) and at what
 * price. Pure, for the Worker and the browser alike; the caller passes `now` and logs `warnings`.
 *
 * The rules (webinar-terms.ts reads and corrects the CMS data first):
 * - The event runs from `date` to `date + durationMinutes`.
 * - Everyone pays `defaultPrice` (Stripe price `stripePriceId`). Members pay `memberPrice`
 *   (`memberPriceId`) when it is set, and the default price (`stripePriceId`) when it is not. When
 *   only `memberPrice` is set, members can buy and no one else can.
 * - A date is reached from its exact instant on. Once `defaultFreeDate` is reached the webinar is
 *   free for everyone, members included; once `memberFreeDate` is reached it is free for members
 *   (a later `memberFreeDate` does not matter once `defaultFreeDate` is reached). A free date
 *   before the event is honoured: the live event is then free too (and the date is reported).
 * - A price of 0 is free. No default price, and not free: not on sale, price to be confirmed.
 * - The edition: the live one until the viewer's archive date is reached, the recording from then
 *   on. The archive date is `defaultArchiveDate` for non-members; for members `memberArchiveDate`,
 *   or `defaultArchiveDate` when that is not set. With no archive date, the recording is what is on
 *   offer from the event's end.
 * - The phase: "upcoming" before the start, "live" from the start to the end, "ended" after the
 *   end while the live edition is still on offer (its archive date is still to come), "recording"
 *   once the recording is on offer.
 * - An event date that cannot be read: not on sale ("date-to-be-confirmed"), shown as upcoming.
 * - Missing dates or prices mean their rule does not apply.
 */
import { readWebinarTerms, type WebinarPricing, type WebinarTerms } from "./webinar-terms";
import type { PricingWarning } from "./warnings";

export type Viewer = "visitor" | "user" | "member";

export type OfferPrice =
  | { kind: "free"; reason: "free-for-everyone" | "free-for-members" | "zero-price" }
  | { kind: "paid"; pence: number; stripePriceId: string | null; tier: "default" | "member" }
  | { kind: "not-on-sale"; reason: "price-to-be-confirmed" | "date-to-be-confirmed" };

export type MemberPriceHint = { kind: "free" } | { kind: "paid"; pence: number };

export interface WebinarOffer {
  /** Where the event stands for this viewer now. */
  phase: "upcoming" | "live" | "ended" | "recording";
  /** What buying (or getting) it gives now. */
  product: "live" | "recording";
  price: OfferPrice;
  /** What a member would pay now (shown to non-members to invite joining); null for members, when not on sale to members, or when the same as the viewer's price. */
  memberPrice: MemberPriceHint | null;
  warnings: PricingWarning[];
}

export function webinarOffer(webinar: WebinarPricing, viewer: Viewer, now: Date): WebinarOffer {
  const at = now.getTime();
  if (Number.isNaN(at)) throw new RangeError("webinarOffer: now is not a valid date");
  const { terms, warnings } = readWebinarTerms(webinar);
  if (terms === null) {
    return { phase: "upcoming", product: "live", price: { kind: "not-on-sale", reason: "date-to-be-confirmed" }, memberPrice: null, warnings };
  }
  const member = viewer === "member";
  const archiveAt = member ? (terms.memberArchiveAt ?? terms.defaultArchiveAt) : terms.defaultArchiveAt;
  const recordingFrom = archiveAt ?? terms.end;
  const phase = at < terms.start ? "upcoming" : at < terms.end ? "live" : at < recordingFrom ? "ended" : "recording";
  const price = priceAt(terms, member, at);
  return {
    phase,
    product: phase === "recording" ? "recording" : "live",
    price,
    memberPrice: member ? null : memberHint(price, priceAt(terms, true, at)),
    warnings,
  };
}

const reached = (instant: number | null, at: number) => instant !== null && at >= instant;

function priceAt(terms: WebinarTerms, member: boolean, at: number): OfferPrice {
  if (reached(terms.defaultFreeAt, at)) return { kind: "free", reason: "free-for-everyone" };
  if (member && reached(terms.memberFreeAt, at)) return { kind: "free", reason: "free-for-members" };
  if (member && terms.memberPence !== null) {
    return terms.memberPence === 0
      ? { kind: "free", reason: "zero-price" }
      : { kind: "paid", pence: terms.memberPence, stripePriceId: terms.memberPriceId, tier: "member" };
  }
  if (terms.defaultPence === null) return { kind: "not-on-sale", reason: "price-to-be-confirmed" };
  if (terms.defaultPence === 0) return { kind: "free", reason: "zero-price" };
  return { kind: "paid", pence: terms.defaultPence, stripePriceId: terms.stripePriceId, tier: "default" };
}

function memberHint(viewerPrice: OfferPrice, memberPrice: OfferPrice): MemberPriceHint | null {
  switch (memberPrice.kind) {
    case "not-on-sale":
      return null;
    case "free":
      return viewerPrice.kind === "free" ? null : { kind: "free" };
    case "paid":
      return viewerPrice.kind === "paid" && viewerPrice.pence === memberPrice.pence ? null : { kind: "paid", pence: memberPrice.pence };
  }
}
