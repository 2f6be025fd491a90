/** Readers' choices of optional e-mail categories (migrations/0008_outbox.sql). No row: subscribed. */
import type { OptionalEmailCategory } from "../../domain/email";

export interface EmailPreferenceStore {
  /** The categories this user has a stored choice for. */
  forUser(userId: string): Promise<Map<string, boolean>>;
  isSubscribed(userId: string, category: OptionalEmailCategory): Promise<boolean>;
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
