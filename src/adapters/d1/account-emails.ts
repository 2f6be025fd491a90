/**
 * Where the site keeps a user's e-mail address beside Firebase's account (the membership record,
 * applications, webinar orders, the directory listing, sessions), and following a verified change
 * of address in all of them at once. Receipts keep the payer as they were issued: a receipt is a
 * record of the past.
 */
import type { NewAuditEntry } from "../../domain/audit";
import type { AuditLog } from "./audit-log";

export interface AccountEmailStore {
  /** The address our records hold for the user (their membership's, else their latest session's); null if none. */
  recordedEmail(userId: string): Promise<string | null>;
  /**
   * Moves the user's records from `oldEmail` to `newEmail`, ends every session signed in with
   * another address, and writes `notice` (the message to the old address, deduplicated by the
   * outbox) and then the audit entry, only if the notice was new, in one batch. A directory
   * listing shows the new address only where it showed the old one. Returns whether anything
   * changed (false for a repeat).
   */
  follow(userId: string, oldEmail: string, newEmail: string, notice: D1PreparedStatement | null, audit: NewAuditEntry): Promise<boolean>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createAccountEmailStore(db: D1Database, audit: Pick<AuditLog, "record">): AccountEmailStore {
  return {
    async recordedEmail(userId) {
      const row = await db
        .prepare(
          `SELECT COALESCE(
             (SELECT email FROM memberships WHERE user_id = ?1),
             (SELECT email FROM sessions WHERE user_id = ?1 AND email IS NOT NULL ORDER BY created_at DESC LIMIT 1)
           ) AS email`,
        )
        .bind(userId)
        .first<{ email: string | null }>();
      return row?.email ? row.email.toLowerCase() : null;
    },

    async follow(userId, oldEmail, newEmail, notice, entry) {
      const results = await db.batch([
        db.prepare("UPDATE memberships SET email = ?2, updated_at = " + NOW + " WHERE user_id = ?1 AND lower(email) <> ?2").bind(userId, newEmail),
        db.prepare("UPDATE applications SET email = ?2, updated_at = " + NOW + " WHERE user_id = ?1 AND lower(email) <> ?2").bind(userId, newEmail),
        db.prepare("UPDATE orders SET email = ?2 WHERE user_id = ?1 AND lower(email) <> ?2").bind(userId, newEmail),
        db.prepare(`UPDATE directory_entries SET email = ?3, updated_at = ${NOW} WHERE user_id = ?1 AND lower(email) = ?2`).bind(userId, oldEmail, newEmail),
        db
          .prepare(`UPDATE sessions SET revoked_at = ${NOW} WHERE user_id = ?1 AND revoked_at IS NULL AND (email IS NULL OR lower(email) <> ?2)`)
          .bind(userId, newEmail),
        // Audited once per change: after the notice, only if the notice was new.
        ...(notice ? [notice, audit.record(entry, { afterChange: true })] : [audit.record(entry)]),
      ]);
      return results.slice(0, 5).some((result) => (result.meta.changes ?? 0) > 0);
    },
  };
}
