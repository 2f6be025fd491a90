/**
 * An in-memory ApplicationStore for unit tests, with the rules of its D1 adapter
 * (src/adapters/d1/applications.ts): an idempotency key used before stores nothing; creating an
 * application (re)points the user's record at it, keeping an active record active; recording a
 * payment and rejecting happen only while the application awaits payment, together with their
 * audit entry and the record's change, or not at all.
 */
import type { ApplicationStore } from "../../../src/adapters/d1/applications";
import type { Application, MembershipRecord } from "../../../src/domain/membership";
import { notUsed, type ApplicationRow, type MembershipTables } from "./in-memory-membership-tables";

const toApplication = ({ checkoutSessionId: _, ...application }: ApplicationRow): Application => structuredClone(application);

export function createInMemoryApplicationStore(tables: MembershipTables): ApplicationStore {
  const find = (predicate: (row: ApplicationRow) => boolean) => {
    const row = [...tables.applications.values()].find(predicate);
    return row ? toApplication(row) : null;
  };
  const awaitingPayment = (id: string) => {
    const row = tables.applications.get(id);
    return row?.status === "awaiting_payment" ? row : null;
  };
  const audit = (applicationId: string, entry: { staffEmail: string; action: string; details: Record<string, unknown> }) =>
    tables.audit.push({ ...structuredClone(entry), applicationId, orderId: null, at: tables.stamp() });

  return {
    async create(a) {
      if ([...tables.applications.values()].some((row) => row.idempotencyKey === a.idempotencyKey)) return false;
      if ([...tables.applications.values()].some((row) => row.reference === a.reference)) throw new Error("D1_ERROR: UNIQUE constraint failed: applications.reference");
      const at = tables.stamp();
      tables.applications.set(a.id, { ...structuredClone(a), kind: "join", status: "awaiting_payment", rejectedReason: null, createdAt: at, updatedAt: at, checkoutSessionId: null });
      const existing = tables.memberships.get(a.userId);
      const pointed = { email: a.email, applicationId: a.id, membershipSlug: a.membershipSlug, membershipTitle: a.membershipTitle, paymentMethod: a.paymentMethod, updatedAt: at };
      const record: MembershipRecord = existing
        ? { ...existing, ...pointed, status: existing.status === "active" ? "active" : "awaiting_payment" }
        : { userId: a.userId, ...pointed, status: "awaiting_payment", periodStart: null, periodEnd: null, stripeCustomerId: null, stripeSubscriptionId: null, billingStatus: null, nextMembership: null };
      tables.memberships.set(a.userId, record);
      return true;
    },
    byIdempotencyKey: async (key) => find((row) => row.idempotencyKey === key),
    byId: async (id) => find((row) => row.id === id),
    async latestForUser(userId) {
      const mine = [...tables.applications.values()].filter((row) => row.userId === userId && row.kind === "join");
      const latest = mine.reduce<ApplicationRow | null>((newest, row) => (newest === null || row.createdAt > newest.createdAt ? row : newest), null);
      return latest ? toApplication(latest) : null;
    },
    async lastBilling(userId) {
      const mine = [...tables.applications.values()].filter((row) => row.userId === userId && (row.kind === "join" || row.kind === "renewal"));
      const latest = mine.reduce<ApplicationRow | null>((newest, row) => (newest === null || row.createdAt > newest.createdAt ? row : newest), null);
      return latest ? structuredClone(latest.billing) : null;
    },
    list: notUsed("ApplicationStore.list"),
    refundedPence: notUsed("ApplicationStore.refundedPence"),
    count: notUsed("ApplicationStore.count"),
    async payments(applicationId) {
      return [...tables.payments.values()]
        .filter((payment) => payment.applicationId === applicationId)
        .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.createdAt.localeCompare(b.createdAt))
        .map(({ userId: _, ...payment }) => ({ ...payment }));
    },
    async recordPayment(application, payment, periodEnd, entry) {
      const row = awaitingPayment(application.id);
      if (!row) return false;
      if (tables.payments.has(payment.id)) throw new Error("D1_ERROR: UNIQUE constraint failed: payments.id");
      const at = tables.stamp();
      row.status = "paid";
      row.updatedAt = at;
      tables.payments.set(payment.id, { ...payment, applicationId: application.id, userId: application.userId, createdAt: at });
      audit(application.id, entry);
      const record = tables.memberships.get(application.userId);
      if (record) Object.assign(record, { status: "active", periodStart: payment.receivedOn, periodEnd, applicationId: application.id, updatedAt: at });
      return true;
    },
    async setPaymentMethod(application, method) {
      const row = awaitingPayment(application.id);
      if (!row) return false;
      row.paymentMethod = method;
      row.updatedAt = tables.stamp();
      const record = tables.memberships.get(application.userId);
      if (record?.applicationId === application.id && record.status === "awaiting_payment") Object.assign(record, { paymentMethod: method, updatedAt: row.updatedAt });
      return true;
    },
    async reject(application, reason, entry) {
      const row = awaitingPayment(application.id);
      if (!row) return false;
      Object.assign(row, { status: "rejected", rejectedReason: reason, updatedAt: tables.stamp() });
      audit(application.id, entry);
      const record = tables.memberships.get(application.userId);
      if (record?.applicationId === application.id && record.status === "awaiting_payment") Object.assign(record, { status: "cancelled", updatedAt: row.updatedAt });
      return true;
    },
  };
}
