/** Deleting rows that have served their purpose (run by the daily scheduled job). */

/**
 * Outbox messages that finished (sent or suppressed) before ?1 and still carry their data, oldest
 * first, at most ?2: read through the partial index email_outbox_finished_with_data
 * (migrations/0031), which holds exactly these rows, so the cost is the rows returned. Named
 * (INDEXED BY), because the planner would otherwise take the status index and sort every sent
 * message on each call; SQLite refuses the statement rather than scan if the index cannot serve it.
 */
export const OLD_FINISHED_MESSAGES = `SELECT rowid FROM email_outbox INDEXED BY email_outbox_finished_with_data
  WHERE status IN ('sent', 'suppressed') AND data <> 'null' AND updated_at < ?1
  ORDER BY updated_at LIMIT ?2`;

export interface HousekeepingStore {
  /** Sessions that ended (expired or revoked) before `cutoff`; returns how many were deleted. */
  deleteEndedSessions(cutoff: Date): Promise<number>;
  /** Purge log entries received before `cutoff`. */
  deletePurgeLogBefore(cutoff: Date): Promise<number>;
  /** Handled Stripe webhook event ids recorded before `cutoff` (Stripe stops retrying after 3 days). */
  deleteStripeEventsBefore(cutoff: Date): Promise<number>;
  /**
   * Replaces the data of at most `limit` messages sent or suppressed before `cutoff` with JSON
   * null (one bounded UPDATE); returns how many. Call again while it returns `limit`.
   */
  clearFinishedMessageData(cutoff: Date, limit: number): Promise<number>;
  /** Deletes patients' held messages (Find a practitioner) whose confirmation link expired before `now`; returns how many. */
  deleteExpiredContactHolds(now: Date): Promise<number>;
}

export function createHousekeepingStore(db: D1Database): HousekeepingStore {
  return {
    async deleteEndedSessions(cutoff) {
      const iso = cutoff.toISOString();
      const result = await db
        .prepare("DELETE FROM sessions WHERE expires_at < ?1 OR (revoked_at IS NOT NULL AND revoked_at < ?1)")
        .bind(iso)
        .run();
      return result.meta.changes;
    },
    async deletePurgeLogBefore(cutoff) {
      const result = await db.prepare("DELETE FROM purge_log WHERE received_at < ?1").bind(cutoff.toISOString()).run();
      return result.meta.changes;
    },
    async deleteStripeEventsBefore(cutoff) {
      const result = await db.prepare("DELETE FROM stripe_events WHERE handled_at < ?1").bind(cutoff.toISOString()).run();
      return result.meta.changes;
    },
    async deleteExpiredContactHolds(now) {
      // Bounded by what expires in a day: the per-address limit keeps it to a few per writer.
      const result = await db.prepare("DELETE FROM practitioner_contact_holds WHERE expires_at <= ?1").bind(now.toISOString()).run();
      return result.meta.changes;
    },
    async clearFinishedMessageData(cutoff, limit) {
      const result = await db
        .prepare(`UPDATE email_outbox SET data = 'null' WHERE rowid IN (${OLD_FINISHED_MESSAGES})`)
        .bind(cutoff.toISOString(), limit)
        .run();
      return result.meta.changes;
    },
  };
}
