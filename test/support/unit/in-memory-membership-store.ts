/**
 * In-memory MembershipStore and AuditLog for unit tests, over the same rows as the other
 * in-memory membership stores (src/adapters/d1/memberships.ts, audit-log.ts). Claiming by e-mail
 * has its own unit test (test/unit/membership-claim.test.ts); an audit entry is written by the
 * store action it belongs to, so `record` (a D1 statement for a batch) has no in-memory form.
 */
import type { AuditLog } from "../../../src/adapters/d1/audit-log";
import type { MembershipStore } from "../../../src/adapters/d1/memberships";
import { notUsed, type MembershipTables } from "./in-memory-membership-tables";

export function createInMemoryMembershipStore(tables: MembershipTables): MembershipStore {
  return {
    async forUser(userId) {
      const record = tables.memberships.get(userId);
      return record ? { ...record } : null;
    },
    claimUnclaimed: notUsed("MembershipStore.claimUnclaimed"),
  };
}

export function createInMemoryAuditLog(tables: MembershipTables): AuditLog {
  return {
    record: notUsed("AuditLog.record"),
    forApplication: async (applicationId) => structuredClone(tables.audit.filter((entry) => entry.applicationId === applicationId)),
    forOrder: async (orderId) => structuredClone(tables.audit.filter((entry) => entry.orderId === orderId)),
  };
}
