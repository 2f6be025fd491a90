/** Every in-memory membership store over one set of tables, as the Worker builds its D1 stores over one database. */
import { createInMemoryApplicationStore } from "./in-memory-application-store";
import { createInMemoryCardBillingStore } from "./in-memory-card-billing-store";
import { createMembershipTables } from "./in-memory-membership-tables";
import { createInMemoryAuditLog, createInMemoryMembershipStore } from "./in-memory-membership-store";

export function createInMemoryMembership() {
  const tables = createMembershipTables();
  return {
    tables,
    applications: createInMemoryApplicationStore(tables),
    memberships: createInMemoryMembershipStore(tables),
    cardBilling: createInMemoryCardBillingStore(tables),
    audit: createInMemoryAuditLog(tables),
  };
}
