/** The membership record (migrations/0003_membership.sql), the source of the member tier. */
export type MembershipStatus = "awaiting_payment" | "active" | "lapsed" | "cancelled";

export interface MembershipRecord {
  userId: string;
  email: string;
  applicationId: string | null;
  membershipSlug: string;
  membershipTitle: string;
  status: MembershipStatus;
  paymentMethod: "offline" | "card";
  periodStart: string | null;
  periodEnd: string | null;
  /** Card-paid memberships: the Stripe customer (for the billing portal) and subscription. */
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** The Stripe subscription's own status (past_due after a failed payment, ...). */
  billingStatus: string | null;
  updatedAt: string;
}

interface Row {
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
  updated_at: string;
}

export interface MembershipStore {
  /** The user's record, by id, or by e-mail for one staff granted before the first sign-in. */
  forUser(user: { id: string; email: string | null }): Promise<MembershipRecord | null>;
}

export function createMembershipStore(db: D1Database): MembershipStore {
  return {
    async forUser(user) {
      const row = await db
        .prepare("SELECT * FROM memberships WHERE user_id = ?1 OR email = ?2 ORDER BY user_id = ?1 DESC LIMIT 1")
        .bind(user.id, user.email?.toLowerCase() ?? "")
        .first<Row>();
      if (!row) return null;
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
        updatedAt: row.updated_at,
      };
    },
  };
}

/**
 * Whether a record makes its holder a member at `now`: active, within its period plus the grace
 * period (a record with no period end is open-ended).
 */
export function isActiveMember(record: MembershipRecord | null, now: Date, graceDays: number): boolean {
  if (!record || record.status !== "active") return false;
  if (record.periodEnd === null) return true;
  return Date.parse(record.periodEnd) + graceDays * 86_400_000 > now.getTime();
}
