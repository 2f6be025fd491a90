/**
 * The e-mail outbox's pause (migrations/0040_email_sending_pause.sql): while Email Service
 * refuses for a rate limit or the daily quota, no message is sent until the window has passed.
 */

export type PauseReason = "rate-limit" | "daily-quota";

export interface SendingPause {
  until: Date;
  reason: PauseReason;
  /** The service's own words. */
  detail: string;
}

export interface EmailPauseStore {
  /** The pause in force at `now`, or null. */
  current(now: Date): Promise<SendingPause | null>;
  /** Pauses sending (for the caller's batch); a pause already running longer is kept. */
  pause(pause: SendingPause, now: Date): D1PreparedStatement;
}

export function createEmailPauseStore(db: D1Database): EmailPauseStore {
  return {
    async current(now) {
      const row = await db
        .prepare("SELECT paused_until, reason, detail FROM email_sending_pause WHERE id = 1 AND paused_until > ?1")
        .bind(now.toISOString())
        .first<{ paused_until: string; reason: PauseReason; detail: string }>();
      return row ? { until: new Date(row.paused_until), reason: row.reason, detail: row.detail } : null;
    },
    pause({ until, reason, detail }, now) {
      return db
        .prepare(
          `INSERT INTO email_sending_pause (id, paused_until, reason, detail, updated_at) VALUES (1, ?1, ?2, ?3, ?4)
           ON CONFLICT (id) DO UPDATE SET paused_until = excluded.paused_until, reason = excluded.reason, detail = excluded.detail,
             updated_at = excluded.updated_at
           WHERE excluded.paused_until > email_sending_pause.paused_until`,
        )
        .bind(until.toISOString(), reason, detail.slice(0, 500), now.toISOString());
    },
  };
}
