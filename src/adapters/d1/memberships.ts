/** The membership record in D1 (migrations/0003_membership.sql), the source of the member tier. */
import type { Honour, MembershipStatus, MembershipRecord, OfficeMarks } from "../../domain/membership";

export interface MembershipRow {
  user_id: string;
  email: string;
  application_id: string | null;
  membership_slug: string;
  membership_title: string;
  status: MembershipStatus;
  payment_method: "offline" | "card";
  period_start: string | null;
  period_end: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  billing_status: string | null;
  next_membership_slug: string | null;
  next_membership_title: string | null;
  next_change_on: string | null;
  /** migrations/0025: set by a refund that ends the membership. */
  ends_on?: string | null;
  /** migrations/0051: the membership office's marks. */
  honour?: Honour | null;
  concession_pence?: number | null;
  concession_until?: string | null;
  concession_reason?: string | null;
  suspended_on?: string | null;
  suspension_reason?: string | null;
  struck_off_on?: string | null;
  struck_off_reason?: string | null;
  /** migrations/0074: a renewal the bank is collecting by Direct Debit. */
  renewal_debit_since?: string | null;
  updated_at: string;
}

/** The office's marks of a row (none on a row read without those columns). */
export function officeMarks(row: MembershipRow): OfficeMarks {
  return {
    honour: row.honour ?? null,
    concession:
      row.concession_pence !== null && row.concession_pence !== undefined && row.concession_until
        ? { pence: row.concession_pence, until: row.concession_until, reason: row.concession_reason ?? "" }
        : null,
    suspension: row.suspended_on ? { on: row.suspended_on, reason: row.suspension_reason ?? "" } : null,
    struckOff: row.struck_off_on ? { on: row.struck_off_on, reason: row.struck_off_reason ?? "" } : null,
  };
}

/** A `memberships` row as the domain's record. */
export function toMembershipRecord(row: MembershipRow): MembershipRecord {
  return {
    userId: row.user_id,
    email: row.email,
    applicationId: row.application_id,
    membershipSlug: row.membership_slug,
    membershipTitle: row.membership_title,
    status: row.status,
    paymentMethod: row.payment_method,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    billingStatus: row.billing_status,
    nextMembership:
      row.next_membership_slug && row.next_membership_title && row.next_change_on
        ? { slug: row.next_membership_slug, title: row.next_membership_title, from: row.next_change_on }
        : null,
    endsOn: row.ends_on ?? null,
    office: officeMarks(row),
    renewalDebit: row.renewal_debit_since ? { since: row.renewal_debit_since } : null,
    updatedAt: row.updated_at,
  };
}

/** What claiming an unclaimed record by e-mail did. */
export type ClaimOutcome =
  | "claimed"
  /** No record waits for this address. */
  | "none"
  /** A record waits for this address, but the user already has one of their own: nothing changed. */
  | "conflict";

export interface MembershipStore {
  /** The user's record, by user id (never by e-mail: an address alone proves nothing). */
  forUser(userId: string): Promise<MembershipRecord | null>;
  /**
   * Gives the user the record made for `email` before anyone signed in with it (staff grants and
   * imports hold user id `email:<address>`), unless the user already has a record. One UPDATE
   * does it, so two sign-ins at once claim it once. Records that belong to a real user id are
   * never claimable. The caller decides whether the address is proven (verified).
   */
  claimUnclaimed(userId: string, email: string): Promise<ClaimOutcome>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createMembershipStore(db: D1Database): MembershipStore {
  return {
    async claimUnclaimed(userId, email) {
      const [claim, left] = await db.batch<{ unclaimed: number }>([
        db
          .prepare(
            `UPDATE memberships SET user_id = ?1, updated_at = ${NOW}
             WHERE user_id = 'email:' || ?2 AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = ?1)`,
          )
          .bind(userId, email),
        db.prepare("SELECT EXISTS (SELECT 1 FROM memberships WHERE user_id = 'email:' || ?1) AS unclaimed").bind(email),
      ]);
      if ((claim?.meta.changes ?? 0) > 0) return "claimed";
      return left?.results[0]?.unclaimed ? "conflict" : "none";
    },
    async forUser(userId) {
      const row = await db.prepare("SELECT * FROM memberships WHERE user_id = ?1").bind(userId).first<MembershipRow>();
      return row ? toMembershipRecord(row) : null;
    },
  };
}
