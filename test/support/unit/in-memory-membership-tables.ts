/**
 * The D1 tables behind the membership stores (migrations/0003_membership.sql and
 * 0005_stripe.sql), held in memory for unit tests. The in-memory ApplicationStore,
 * MembershipStore, CardBillingStore and AuditLog read and write these same rows, as their D1
 * adapters share one database, so a payment one records is what another lists.
 */
import type { AuditEntry } from "../../../src/domain/audit";
import type { Application, MembershipRecord, Payment } from "../../../src/domain/membership";

export interface ApplicationRow extends Application {
  checkoutSessionId: string | null;
}

export interface PaymentRow extends Payment {
  userId: string;
}

export interface MembershipTables {
  applications: Map<string, ApplicationRow>;
  /** By user id (the table's primary key). */
  memberships: Map<string, MembershipRecord>;
  /** By payment id (the primary key); insertion order is creation order. */
  payments: Map<string, PaymentRow>;
  audit: AuditEntry[];
  stripeEvents: Map<string, { type: string; created: number }>;
  /** A creation or update time later than every one before it (D1's `strftime('now')`, without ties). */
  stamp(): string;
}

export function createMembershipTables(): MembershipTables {
  let last = 0;
  return {
    applications: new Map(),
    memberships: new Map(),
    payments: new Map(),
    audit: [],
    stripeEvents: new Map(),
    stamp() {
      last = Math.max(Date.now(), last + 1);
      return new Date(last).toISOString();
    },
  };
}

/** Puts an application in as it stands at some point of its life (no membership record is made). */
export function seedApplication(tables: MembershipTables, application: Application, checkoutSessionId: string | null = null): void {
  tables.applications.set(application.id, { ...application, checkoutSessionId });
}

/** Puts a membership record in as it stands at some point of its life. */
export function seedRecord(tables: MembershipTables, record: MembershipRecord): void {
  assertSubscriptionFree(tables, record.stripeSubscriptionId, record.userId);
  tables.memberships.set(record.userId, { ...record });
}

/** The unique index memberships_subscription: one record per Stripe subscription. */
export function assertSubscriptionFree(tables: MembershipTables, subscriptionId: string | null, userId: string): void {
  if (subscriptionId === null) return;
  for (const record of tables.memberships.values()) {
    if (record.stripeSubscriptionId === subscriptionId && record.userId !== userId) {
      throw new Error("D1_ERROR: UNIQUE constraint failed: memberships.stripe_subscription_id");
    }
  }
}

/** Thrown by the parts of a large interface that the unit tests do not use. */
export const notUsed = (what: string) => (): never => {
  throw new Error(`${what} is not used by these tests`);
};
