/**
 * What changing membership type costs (docs/decisions/0015-membership-year.md). One pure rule,
 * for both ways of paying and for the member's page:
 *
 * - Dearer (upgrade): takes effect now; the member pays the difference between the two yearly
 *   subscriptions for the rest of the paid period: difference × remaining days ÷ days in the
 *   period, rounded down to the whole penny (never a fraction of a penny more than the exact
 *   share). Days are London calendar days; the day of the change counts as remaining, the day
 *   the period ends does not. So on the first day of the period the whole difference is due, on
 *   its last day one day's share, and in grace (the period has ended) nothing: the renewal, due
 *   now, is at the new price.
 * - Same price (sideways): takes effect now; nothing to pay.
 * - Cheaper (downgrade): takes effect at the next renewal, which is at the new price; nothing is
 *   refunded for the period already paid.
 * - Whatever the direction, the next renewal costs the new type's subscription, including a
 *   renewal already awaiting payment (its amount due changes to the new price).
 * Joining fees are one-off and play no part. Card members pay through Stripe, which prorates the
 * same difference by the second; the amount Stripe charges is what their receipt shows.
 */
import type { ChangeDirection, ChangeQuote } from "../../domain/membership-lifecycle";

export type { ChangeQuote };
import { londonDate } from "../../shared/london-date";
import { DAY_MS } from "./member-state";

export interface ChangeQuoteInput {
  /** The yearly subscriptions of the current and the chosen type, in pence. */
  fromPence: number;
  toPence: number;
  /** The record's paid period (an offline day or a Stripe instant); no start: a year before the end. */
  period: { start: string | null; end: string };
  now: Date;
  /** A renewal of this period is awaiting payment (an offline renewal application). */
  renewalAwaitingPayment: boolean;
}


/** Whole days from one London day (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const dayOf = (moment: string) => londonDate(new Date(moment));

/** The day a year before a London day (29 February to 28 February). */
function yearBefore(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return new Date(Date.UTC(year - 1, month - 1, Math.min(date, last))).toISOString().slice(0, 10);
}

export function quoteChange(input: ChangeQuoteInput): ChangeQuote {
  const endDay = dayOf(input.period.end);
  const startDay = input.period.start ? dayOf(input.period.start) : yearBefore(endDay);
  const periodDays = Math.max(1, daysBetween(startDay, endDay));
  const remainingDays = Math.min(periodDays, Math.max(0, daysBetween(londonDate(input.now), endDay)));
  const difference = input.toPence - input.fromPence;
  const direction: ChangeDirection = difference > 0 ? "upgrade" : difference < 0 ? "downgrade" : "sideways";
  return {
    direction,
    effective: direction === "downgrade" ? "renewal" : "now",
    proRataPence: direction === "upgrade" ? Math.floor((difference * remainingDays) / periodDays) : 0,
    remainingDays,
    periodDays,
    renewalPence: input.toPence,
    awaitingRenewalPence: input.renewalAwaitingPayment ? input.toPence : null,
  };
}
