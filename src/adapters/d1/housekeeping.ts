/** Deleting rows that have served their purpose (run by the daily scheduled job). */
export interface HousekeepingStore {
  /** Sessions that ended (expired or revoked) before `cutoff`; returns how many were deleted. */
  deleteEndedSessions(cutoff: Date): Promise<number>;
  /** Purge log entries received before `cutoff`. */
  deletePurgeLogBefore(cutoff: Date): Promise<number>;
  /** Handled Stripe webhook event ids recorded before `cutoff` (Stripe stops retrying after 3 days). */
  deleteStripeEventsBefore(cutoff: Date): Promise<number>;
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
  };
}
