/** The staff audit log in D1 (staff_audit_log): every staff action, with who and when. */
import type { AuditEntry, NewAuditEntry } from "../../domain/audit";

export interface AuditLog {
  /** The entry's insert, for a batch; with `afterChange`, only if the statement just before it changed a row. */
  record(entry: NewAuditEntry, options?: { afterChange?: boolean }): D1PreparedStatement;
  /** An application's entries, oldest first. */
  forApplication(applicationId: string): Promise<AuditEntry[]>;
  /** An order's entries, oldest first. */
  forOrder(orderId: string): Promise<AuditEntry[]>;
}

interface AuditRow {
  staff_email: string;
  action: string;
  application_id: string | null;
  order_id: string | null;
  details: string;
  at: string;
}

const toEntry = (r: AuditRow): AuditEntry => ({
  staffEmail: r.staff_email,
  action: r.action,
  applicationId: r.application_id,
  orderId: r.order_id,
  details: JSON.parse(r.details) as Record<string, unknown>,
  at: r.at,
});

const COLUMNS = "staff_email, action, application_id, order_id, details, at";

/** An application's or an order's entries (every staff application and order page), each on its own index; exported for the query-plan test. */
export const AUDIT_FOR_APPLICATION_SQL = `SELECT ${COLUMNS} FROM staff_audit_log WHERE application_id = ?1 ORDER BY id`;
export const AUDIT_FOR_ORDER_SQL = `SELECT ${COLUMNS} FROM staff_audit_log WHERE order_id = ?1 ORDER BY id`;

export function createAuditLog(db: D1Database): AuditLog {
  const entries = async (sql: string, id: string) => {
    const { results } = await db.prepare(sql).bind(id).all<AuditRow>();
    return results.map(toEntry);
  };
  return {
    record: (entry, options) =>
      db
        .prepare(
          `INSERT INTO staff_audit_log (staff_email, action, application_id, order_id, details, user_id) SELECT ?1, ?2, ?3, ?4, ?5, ?6${options?.afterChange ? " WHERE changes() > 0" : ""}`,
        )
        .bind(entry.staffEmail, entry.action, entry.applicationId ?? null, entry.orderId ?? null, JSON.stringify(entry.details), entry.userId ?? null),
    forApplication: (applicationId) => entries(AUDIT_FOR_APPLICATION_SQL, applicationId),
    forOrder: (orderId) => entries(AUDIT_FOR_ORDER_SQL, orderId),
  };
}
