/**
 * An in-memory CardBillingStore for unit tests, with the rules of its D1 adapter
 * (src/adapters/d1/card-billing.ts): a payment is stored once (by Stripe's id) and marks its
 * application paid only if it was awaiting payment; a subscription changes the user's record
 * only when the record names it, or names the application it was started for once that
 * application is paid; a null field keeps what the record holds; events are remembered once.
 */
import type { CardBillingStore } from "../../../src/adapters/d1/card-billing";
import { assertSubscriptionFree, type MembershipTables } from "./in-memory-membership-tables";

export function createInMemoryCardBillingStore(tables: MembershipTables): CardBillingStore {
  const markPaid = (applicationId: string) => {
    const row = tables.applications.get(applicationId);
    if (row?.status === "awaiting_payment") Object.assign(row, { status: "paid", directDebitState: null, updatedAt: tables.stamp() });
  };
  /** A Direct Debit's state moves only on an application awaiting payment through the named (latest) session. */
  const debitOf = (applicationId: string, sessionId: string) => {
    const row = tables.applications.get(applicationId);
    return row?.status === "awaiting_payment" && row.checkoutSessionId === sessionId ? row : null;
  };

  return {
    async recordPayment(p) {
      if (!tables.applications.has(p.applicationId)) throw new Error("D1_ERROR: FOREIGN KEY constraint failed");
      if (p.amountPence <= 0) throw new Error("D1_ERROR: CHECK constraint failed: amount_pence > 0");
      if (!tables.payments.has(p.id)) {
        tables.payments.set(p.id, { ...p, method: "card", recordedBy: "stripe", createdAt: tables.stamp() });
      }
      markPaid(p.applicationId);
    },
    async memberContact(userId) {
      const record = tables.memberships.get(userId);
      if (!record?.periodEnd) return null;
      const givenName = (record.applicationId && tables.applications.get(record.applicationId)?.givenName) || "member";
      return { userId, email: record.email, givenName, membershipTitle: record.membershipTitle, periodEnd: record.periodEnd };
    },
    async markDebitPending(applicationId, sessionId) {
      const row = debitOf(applicationId, sessionId);
      if (!row || (row.directDebitState ?? null) !== null) return false;
      Object.assign(row, { directDebitState: "pending", updatedAt: tables.stamp() });
      return true;
    },
    async markDebitFailed(applicationId, sessionId) {
      const row = debitOf(applicationId, sessionId);
      if (!row || row.directDebitState === "failed") return false;
      Object.assign(row, { directDebitState: "failed", updatedAt: tables.stamp() });
      return true;
    },
    async markPaidWithoutPayment(applicationId) {
      markPaid(applicationId);
    },
    async applySubscription(s) {
      const record = tables.memberships.get(s.userId);
      if (!record) return;
      const startedFor = s.applicationId !== null && record.applicationId === s.applicationId && tables.applications.get(s.applicationId)?.status === "paid";
      if (record.stripeSubscriptionId !== s.subscriptionId && !startedFor) return;
      assertSubscriptionFree(tables, s.subscriptionId, s.userId);
      Object.assign(record, {
        status: s.status ?? record.status,
        paymentMethod: "card",
        stripeCustomerId: s.customerId ?? record.stripeCustomerId,
        stripeSubscriptionId: s.subscriptionId,
        billingStatus: s.billingStatus,
        periodStart: s.periodStart ?? record.periodStart,
        periodEnd: s.periodEnd ?? record.periodEnd,
        renewalDebit: s.renewalDebit ? { since: record.renewalDebit?.since ?? s.renewalDebit.since } : null,
        updatedAt: tables.stamp(),
      });
    },
    applicationStatus: async (applicationId) => tables.applications.get(applicationId)?.status ?? null,
    async userForSubscription(subscriptionId) {
      return [...tables.memberships.values()].find((record) => record.stripeSubscriptionId === subscriptionId)?.userId ?? null;
    },
    async scheduledEnd(subscriptionId) {
      return [...tables.memberships.values()].find((record) => record.stripeSubscriptionId === subscriptionId)?.endsOn ?? null;
    },
    async setCheckoutSession(applicationId, sessionId) {
      const row = tables.applications.get(applicationId);
      if (row) Object.assign(row, { checkoutSessionId: sessionId, updatedAt: tables.stamp() });
    },
    checkoutSession: async (applicationId) => tables.applications.get(applicationId)?.checkoutSessionId ?? null,
    wasHandled: async (eventId) => tables.stripeEvents.has(eventId),
    async markHandled(event) {
      if (!tables.stripeEvents.has(event.id)) tables.stripeEvents.set(event.id, { type: event.type, created: event.created });
    },
  };
}
