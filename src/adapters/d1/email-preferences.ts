/** Readers' choices of optional e-mail categories (migrations/0008_outbox.sql). No row: subscribed. */
import type { OptionalEmailCategory } from "../../domain/email";

export interface EmailPreferenceStore {
  /** The categories this user has a stored choice for. */
  forUser(userId: string): Promise<Map<string, boolean>>;
  isSubscribed(userId: string, category: OptionalEmailCategory): Promise<boolean>;
  /** Which of these (user, category) pairs are turned off, as `userId + "\n" + category`: one query for a whole batch. */
  unsubscribedAmong(pairs: readonly { userId: string; category: OptionalEmailCategory }[]): Promise<Set<string>>;
  set(userId: string, category: OptionalEmailCategory, subscribed: boolean): Promise<void>;
}

export function createEmailPreferenceStore(db: D1Database): EmailPreferenceStore {
  return {
    async forUser(userId) {
      const { results } = await db
        .prepare("SELECT category, subscribed FROM email_preferences WHERE user_id = ?1")
        .bind(userId)
        .all<{ category: string; subscribed: number }>();
      return new Map(results.map((r) => [r.category, r.subscribed === 1]));
    },
    async isSubscribed(userId, category) {
      const row = await db
        .prepare("SELECT subscribed FROM email_preferences WHERE user_id = ?1 AND category = ?2")
        .bind(userId, category)
        .first<{ subscribed: number }>();
      return row === null || row.subscribed === 1;
    },
    async unsubscribedAmong(pairs) {
      if (pairs.length === 0) return new Set();
      const { results } = await db
        .prepare(
          `SELECT user_id, category FROM email_preferences
           WHERE subscribed = 0 AND (user_id, category) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))`,
        )
        .bind(JSON.stringify(pairs.map((p) => [p.userId, p.category])))
        .all<{ user_id: string; category: string }>();
      return new Set(results.map((r) => `${r.user_id}\n${r.category}`));
    },
    async set(userId, category, subscribed) {
      await db
        .prepare(
          `INSERT INTO email_preferences (user_id, category, subscribed) VALUES (?1, ?2, ?3)
           ON CONFLICT (user_id, category) DO UPDATE SET subscribed = excluded.subscribed,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        )
        .bind(userId, category, subscribed ? 1 : 0)
        .run();
    },
  };
}
