/**
 * Attendance reports staff previewed, kept for a day so "Import" records what the preview showed
 * without the file being uploaded again (migrations/0073_event_attendance_previews.sql). A
 * preview is found only by its id together with its event and the staff member who made it.
 */
/** Expired previews cleared by each new one: a bounded delete, on the expiry index. */
const CLEARED_PER_SAVE = 100;

/** The report as read: minutes in the session per address (lower case), and the rows without one. */
export interface PreviewedReport {
  minutesByEmail: Map<string, number>;
  rowsWithoutEmail: number;
}

export interface KeptPreview {
  eventVersion: string;
  report: PreviewedReport;
  expiresAt: string;
}

interface PreviewRow {
  event_version: string;
  minutes: string;
  rows_without_email: number;
  expires_at: string;
}

export type AttendancePreviewStore = ReturnType<typeof createAttendancePreviewStore>;

export function createAttendancePreviewStore(db: D1Database) {
  return {
    /** Keeps a preview, clearing some that have expired (each new preview tidies up after the old). */
    async save(preview: { id: string; eventId: string; staffEmail: string; eventVersion: string; report: PreviewedReport; expiresAt: string }, now: string): Promise<void> {
      await db.batch([
        db
          .prepare(`DELETE FROM event_attendance_previews WHERE id IN (SELECT id FROM event_attendance_previews WHERE expires_at <= ?1 LIMIT ${CLEARED_PER_SAVE})`)
          .bind(now),
        db
          .prepare("INSERT INTO event_attendance_previews (id, event_id, staff_email, event_version, minutes, rows_without_email, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
          .bind(preview.id, preview.eventId, preview.staffEmail.toLowerCase(), preview.eventVersion, JSON.stringify(Object.fromEntries(preview.report.minutesByEmail)), preview.report.rowsWithoutEmail, preview.expiresAt),
      ]);
    },

    /** The staff member's preview of this event, expired or not; null when there is none (never made, or imported). */
    async find(id: string, eventId: string, staffEmail: string): Promise<KeptPreview | null> {
      const row = await db
        .prepare("SELECT event_version, minutes, rows_without_email, expires_at FROM event_attendance_previews WHERE id = ?1 AND event_id = ?2 AND staff_email = ?3")
        .bind(id, eventId, staffEmail.toLowerCase())
        .first<PreviewRow>();
      if (!row) return null;
      const minutes = JSON.parse(row.minutes) as Record<string, number>;
      return { eventVersion: row.event_version, report: { minutesByEmail: new Map(Object.entries(minutes)), rowsWithoutEmail: row.rows_without_email }, expiresAt: row.expires_at };
    },

    /** The statement removing a preview once it is imported (run in the import's batch). */
    remove(id: string): D1PreparedStatement {
      return db.prepare("DELETE FROM event_attendance_previews WHERE id = ?1").bind(id);
    },
  };
}
