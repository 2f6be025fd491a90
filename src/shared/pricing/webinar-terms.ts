/**
 * Reads a webinar's CMS pricing fields into clean terms: instants in epoch milliseconds, prices in
 * pence, and a warning for every contradiction worked round. The rules:
 * - The event runs from `date` for `durationMinutes`; a negative or non-numeric duration counts as
 *   0 ("invalid-duration"). An unparseable `date` gives no terms at all ("invalid-event-date").
 * - An unparseable free or archive date is missing ("invalid-date").
 * - A free date before the event's end is honoured as given: from then on the webinar, the live
 *   event included, is free for that class of viewer (an editor may open a session to members or
 *   to everyone before it takes place). It is still reported ("date-before-event-end"), in case it
 *   was a slip.
 * - An archive date before the event's end counts as the end ("date-before-event-end"): the
 *   recording cannot be what is on offer before the event has taken place.
 * - A negative price is missing ("negative-price"), and so is a non-numeric one ("invalid-price").
 * - A member price above the default price is dropped, so members pay the default
 *   ("member-price-above-default").
 * - A paid price with no Stripe price id stays on sale, and is reported ("missing-stripe-price-id").
 * Blank Stripe ids count as missing.
 */
import { penceFromPounds } from "./money";
import type { PricingWarning } from "./warnings";

/** The pricing fields of a webinar as the CMS gives them (`WebinarSummary` has them all). */
export interface WebinarPricing {
  date: string;
  durationMinutes: number;
  defaultPrice: number | null;
  stripePriceId: string | null;
  memberPrice: number | null;
  memberPriceId: string | null;
  defaultFreeDate: string | null;
  memberFreeDate: string | null;
  defaultArchiveDate: string | null;
  memberArchiveDate: string | null;
}

export interface WebinarTerms {
  start: number;
  end: number;
  defaultFreeAt: number | null;
  memberFreeAt: number | null;
  defaultArchiveAt: number | null;
  memberArchiveAt: number | null;
  defaultPence: number | null;
  stripePriceId: string | null;
  /** Null when members pay the default price. */
  memberPence: number | null;
  memberPriceId: string | null;
}

type FreeDateField = "defaultFreeDate" | "memberFreeDate";
type ArchiveDateField = "defaultArchiveDate" | "memberArchiveDate";
type PriceField = "defaultPrice" | "memberPrice";

/** Null terms when the event's own date cannot be read: nothing can be decided without it. */
export function readWebinarTerms(webinar: WebinarPricing): { terms: WebinarTerms | null; warnings: PricingWarning[] } {
  const warnings: PricingWarning[] = [];
  const start = Date.parse(webinar.date);
  if (Number.isNaN(start)) {
    warnings.push({ code: "invalid-event-date", message: `date ${JSON.stringify(webinar.date)} is not a date; the webinar is not on sale` });
    return { terms: null, warnings };
  }
  const end = start + readDuration(webinar.durationMinutes, warnings) * 60_000;

  const instant = (field: FreeDateField | ArchiveDateField): number | null => {
    const raw = webinar[field];
    if (raw === null) return null;
    const at = Date.parse(raw);
    if (Number.isNaN(at)) {
      warnings.push({ code: "invalid-date", message: `${field} ${JSON.stringify(raw)} is not a date; it is ignored` });
      return null;
    }
    return at;
  };
  const endsAt = new Date(end).toISOString();
  const freeFrom = (field: FreeDateField): number | null => {
    const at = instant(field);
    if (at !== null && at < end) {
      warnings.push({
        code: "date-before-event-end",
        message: `${field} ${webinar[field] ?? ""} is before the event ends (${endsAt}); it is honoured: free from then, the live event included`,
      });
    }
    return at;
  };
  const archiveFrom = (field: ArchiveDateField): number | null => {
    const at = instant(field);
    if (at === null || at >= end) return at;
    warnings.push({ code: "date-before-event-end", message: `${field} ${webinar[field] ?? ""} is before the event ends (${endsAt}); it counts from the end` });
    return end;
  };

  const pence = (field: PriceField): number | null => {
    const pounds = webinar[field];
    if (pounds === null) return null;
    if (!Number.isFinite(pounds)) {
      warnings.push({ code: "invalid-price", message: `${field} ${String(pounds)} is not a price; it is ignored` });
      return null;
    }
    if (pounds < 0) {
      warnings.push({ code: "negative-price", message: `${field} ${pounds} is negative; it is ignored` });
      return null;
    }
    return penceFromPounds(pounds);
  };

  const defaultPence = pence("defaultPrice");
  let memberPence = pence("memberPrice");
  if (memberPence !== null && defaultPence !== null && memberPence > defaultPence) {
    warnings.push({
      code: "member-price-above-default",
      message: `memberPrice ${String(webinar.memberPrice)} is above defaultPrice ${String(webinar.defaultPrice)}; members pay the default price`,
    });
    memberPence = null;
  }

  const terms: WebinarTerms = {
    start,
    end,
    defaultFreeAt: freeFrom("defaultFreeDate"),
    memberFreeAt: freeFrom("memberFreeDate"),
    defaultArchiveAt: archiveFrom("defaultArchiveDate"),
    memberArchiveAt: archiveFrom("memberArchiveDate"),
    defaultPence,
    stripePriceId: stripeId(webinar.stripePriceId),
    memberPence,
    memberPriceId: stripeId(webinar.memberPriceId),
  };
  if (terms.defaultPence !== null && terms.defaultPence > 0 && terms.stripePriceId === null) {
    warnings.push({ code: "missing-stripe-price-id", message: "defaultPrice is set but stripePriceId is missing" });
  }
  if (terms.memberPence !== null && terms.memberPence > 0 && terms.memberPriceId === null) {
    warnings.push({ code: "missing-stripe-price-id", message: "memberPrice is set but memberPriceId is missing" });
  }
  return { terms, warnings };
}

function readDuration(minutes: number, warnings: PricingWarning[]): number {
  if (Number.isFinite(minutes) && minutes >= 0) return minutes;
  warnings.push({ code: "invalid-duration", message: `durationMinutes ${String(minutes)} is not a duration; it counts as 0` });
  return 0;
}

const stripeId = (id: string | null): string | null => (id !== null && id.trim() !== "" ? id.trim() : null);
