/**
 * The membership year as every layer sees it: the state a membership is in at a moment (the
 * rule is services/membership/member-state.ts), and the changes of membership type a member
 * asks for (services/membership/membership-changes.ts, priced by change-pricing.ts). Types only.
 *
 * Moments are ISO strings, as the membership record stores them (a day `YYYY-MM-DD` for offline
 * periods, an instant for Stripe's); views show them as London dates.
 */
import type { Application, MembershipRecord, MembershipStatus, PaymentMethod, ScheduledMembership } from "./membership";

/** How close to the end of a paid period its renewal is due (and the first reminder goes). */
export const RENEWAL_WINDOW_DAYS = 30;

/**
 * A membership at a moment:
 * - active: paid until `until` (null: open-ended), more than RENEWAL_WINDOW_DAYS away; or, with
 *   `ending`, a membership set to end at its period end (staff chose so with a refund): active
 *   until `until` whatever the window, then lapsed at once, never due for renewal nor in grace;
 * - renewal_due: the period ends on `on`, within RENEWAL_WINDOW_DAYS;
 * - in_grace: the period has ended; member access lasts until `until` (MEMBERSHIP_GRACE_DAYS);
 * - lapsed: since `since` (null when the record never had a period);
 * - cancelled; awaiting_payment (a join application not paid yet).
 */
export type MemberState =
  | { kind: "active"; until: string | null; ending?: true }
  | { kind: "renewal_due"; on: string }
  | { kind: "in_grace"; until: string }
  | { kind: "lapsed"; since: string | null }
  | { kind: "cancelled" }
  | { kind: "awaiting_payment" };

export type MemberStateKind = MemberState["kind"];

export const MEMBER_STATE_KINDS = ["active", "renewal_due", "in_grace", "lapsed", "cancelled", "awaiting_payment"] as const satisfies readonly MemberStateKind[];

/** Dearer: at once, paying the difference for the rest of the period; same price: at once; cheaper: at the next renewal. */
export type ChangeDirection = "upgrade" | "sideways" | "downgrade";

/**
 * applied: in effect; scheduled: a downgrade waiting for the renewal; withdrawn: the member kept
 * their membership instead; reverted: staff closed an unpaid upgrade's amount due, so it was undone.
 */
export type ChangeStatus = "applied" | "awaiting_payment" | "scheduled" | "withdrawn" | "reverted";

export interface MembershipType {
  slug: string;
  title: string;
}

/** One change of membership type, as asked for (migrations/0011_membership_year.sql). */
export interface MembershipChange {
  id: string;
  userId: string;
  from: MembershipType;
  to: MembershipType;
  direction: ChangeDirection;
  paymentMethod: PaymentMethod;
  /** The pro-rata difference for the rest of the period, in pence (0 unless an upgrade). */
  amountPence: number;
  status: ChangeStatus;
  /** When it took effect, or (scheduled) the period end it waits for. */
  effectiveOn: string;
  /** An offline upgrade's amount due: the application of kind "change" staff record it on. */
  applicationId: string | null;
  /** A card change: the proration invoice Stripe made for it. */
  stripeInvoiceId: string | null;
  createdAt: string;
}

/** What changing to another membership type does today (services/membership/change-pricing.ts). */
export interface ChangeQuote {
  direction: ChangeDirection;
  /** "now", or at the renewal that starts the next period. */
  effective: "now" | "renewal";
  /** Due now for the rest of the period: only ever for an upgrade. */
  proRataPence: number;
  /** The London days left in the period, today included, and the days in it. */
  remainingDays: number;
  periodDays: number;
  /** What each renewal costs after the change. */
  renewalPence: number;
  /** The new amount due of a renewal already awaiting payment; null when none is. */
  awaitingRenewalPence: number | null;
}

/**
 * Why a member cannot change type just now: not a member (or no longer), a join application
 * still awaiting payment, a period with no end (an open-ended record), a membership the CMS no
 * longer prices, an upgrade whose amount is still due, or card payment unavailable for a card member.
 */
export type ChangeBlock = "not-member" | "awaiting-payment" | "ended" | "ending" | "open-ended" | "unpriced" | "change-awaiting-payment" | "card-unavailable";

export interface ChangeOption {
  slug: string;
  title: string;
  /** The yearly subscription, in pence. */
  pence: number;
  /** What choosing it does today; null for the membership the member has. */
  quote: ChangeQuote | null;
}

/** What /user/membership/change shows. */
export interface ChangeOptions {
  record: MembershipRecord | null;
  state: MemberState | null;
  block: ChangeBlock | null;
  /** The upgrade whose amount is still due, when that is the block. */
  pendingChange: Application | null;
  scheduled: ScheduledMembership | null;
  options: ChangeOption[];
}


/** One member on the staff members register (/staff/members). */
export interface RegisterEntry {
  record: MembershipRecord;
  /** From the member's join application; null for a record made without one (an import). */
  name: string | null;
  /** The join application's reference, when there is one. */
  reference: string | null;
  state: MemberState;
  /** The latest e-mail written to this member, when any. */
  lastEmail: { kind: string; subject: string; status: string; createdAt: string } | null;
  /** A membership payment is disputed with the member's bank and not yet decided: member access is suspended. */
  disputed?: boolean;
  memberNumber?: number | null;
  /** From the latest join application; null when none was given. */
  phone?: string | null;
  /** The latest join application's postal address, or the one an import brought (free text, in `line1`). */
  address?: RegisterAddress | null;
}

export interface RegisterAddress {
  line1: string;
  line2: string | null;
  town: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
}

/**
 * One stored status and a range of period ends, in milliseconds since 1970: `after` < end <=
 * `upTo` (either side open when absent). `ending` narrows to records set to end at their period
 * end (true) or not (false); absent, both. The register filters in SQL by these
 * (services/membership/member-state-windows.ts).
 */
export interface StateWindow {
  status: MembershipStatus;
  ending?: boolean;
  after?: number;
  upTo?: number;
}

/** The register's filters: each state, and all. */
export const REGISTER_FILTERS = ["active", "renewal_due", "in_grace", "lapsed", "cancelled", "awaiting_payment", "all"] as const;
export type RegisterFilter = (typeof REGISTER_FILTERS)[number];
