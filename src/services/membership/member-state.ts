/**
 * The one rule that says what state a membership is in at a moment, from its record, the grace
 * days (MEMBERSHIP_GRACE_DAYS) and now. Member access (active-member.ts), /user/membership, the
 * staff register and the daily job all read it, so they can never disagree.
 *
 * A period ends at the instant its `periodEnd` names (an offline period's day is read as the start
 * of that day, UTC; Stripe's is an instant). Then:
 *   - more than RENEWAL_WINDOW_DAYS before the end: active;
 *   - from RENEWAL_WINDOW_DAYS before the end until the end: renewal due;
 *   - from the end for the grace days: in grace (still a member);
 *   - from the end plus the grace days: lapsed (whatever the record's status says: the daily
 *     job writes it down, with the member's message).
 * A record with no period end is active for as long as its status says so.
 *
 * A membership set to end at its period end (`endsOn`, chosen by staff with a refund) is not
 * renewed: it is active ("ending") until the period ends, never renewal due nor in grace, and
 * lapsed from the end itself, so no reminder, prompt or grace speaks of renewing it.
 *
 * An honorary or life membership (set by the membership office) is active with no end.
 */
import type { MembershipRecord } from "../../domain/membership";
import { RENEWAL_WINDOW_DAYS, type MemberState } from "../../domain/membership-lifecycle";

export const DAY_MS = 86_400_000;

/** Where a period ends, and its grace with it, as instants; null for an open-ended (or unreadable) period. */
export function periodBoundaries(periodEnd: string | null, graceDays: number): { renewalFrom: number; end: number; graceUntil: number } | null {
  const end = periodEnd === null ? Number.NaN : Date.parse(periodEnd);
  if (Number.isNaN(end)) return null;
  return { renewalFrom: end - RENEWAL_WINDOW_DAYS * DAY_MS, end, graceUntil: end + graceDays * DAY_MS };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function memberState(record: Pick<MembershipRecord, "status" | "periodEnd" | "endsOn" | "office">, graceDays: number, now: Date): MemberState {
  // Honorary and life memberships have no end to renew or lapse at.
  if (record.status === "active" && record.office?.honour) return { kind: "active", until: null };
  const ending = Boolean(record.endsOn);
  const bounds = periodBoundaries(record.periodEnd, ending ? 0 : graceDays);
  switch (record.status) {
    case "awaiting_payment":
      return { kind: "awaiting_payment" };
    case "cancelled":
      return { kind: "cancelled" };
    case "lapsed":
      // Lapsed by the daily job (after grace) or by Stripe giving up on a card (possibly earlier).
      return { kind: "lapsed", since: bounds ? iso(bounds.graceUntil <= now.getTime() ? bounds.graceUntil : bounds.end) : null };
    case "active": {
      if (!bounds) return { kind: "active", until: null };
      const at = now.getTime();
      if (ending) return at < bounds.end ? { kind: "active", until: record.periodEnd, ending: true } : { kind: "lapsed", since: iso(bounds.end) };
      if (at < bounds.renewalFrom) return { kind: "active", until: record.periodEnd };
      if (at < bounds.end) return { kind: "renewal_due", on: record.periodEnd! };
      if (at < bounds.graceUntil) return { kind: "in_grace", until: iso(bounds.graceUntil) };
      return { kind: "lapsed", since: iso(bounds.graceUntil) };
    }
  }
}

/** The states in which the holder is a member (member pages and prices). */
export const isMemberState = (state: MemberState): boolean => state.kind === "active" || state.kind === "renewal_due" || state.kind === "in_grace";
