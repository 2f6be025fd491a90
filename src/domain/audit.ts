/**
 * Staff actions, with who and when (migrations/0003_membership.sql: staff_audit_log; 0006 adds
 * `order_id`). An entry is about one application, one order, or neither (an export).
 */
export interface AuditEntry {
  staffEmail: string;
  /** The member an action on their record is about (migrations/0051), beside any application or order. */
  userId?: string | null;
  action: string;
  applicationId: string | null;
  orderId: string | null;
  details: Record<string, unknown>;
  at: string;
}

export type NewAuditEntry = Pick<AuditEntry, "staffEmail" | "action" | "details"> & Partial<Pick<AuditEntry, "applicationId" | "orderId" | "userId">>;
