/** Staff actions, with who and when (migrations/0003_membership.sql: staff_audit_log). */
export interface AuditEntry {
  staffEmail: string;
  action: string;
  applicationId: string | null;
  details: Record<string, unknown>;
  at: string;
}

export interface AuditLog {
  record(entry: Omit<AuditEntry, "at">): D1PreparedStatement;
  forApplication(applicationId: string): Promise<AuditEntry[]>;
}

export function createAuditLog(db: D1Database): AuditLog {
  return {
    record: (entry) =>
      db
        .prepare("INSERT INTO staff_audit_log (staff_email, action, application_id, details) VALUES (?1, ?2, ?3, ?4)")
        .bind(entry.staffEmail, entry.action, entry.applicationId, JSON.stringify(entry.details)),
    async forApplication(applicationId) {
      const { results } = await db
        .prepare("SELECT staff_email, action, application_id, details, at FROM staff_audit_log WHERE application_id = ?1 ORDER BY id")
        .bind(applicationId)
        .all<{ staff_email: string; action: string; application_id: string | null; details: string; at: string }>();
      return results.map((r) => ({
        staffEmail: r.staff_email,
        action: r.action,
        applicationId: r.application_id,
        details: JSON.parse(r.details) as Record<string, unknown>,
        at: r.at,
      }));
    },
  };
}
