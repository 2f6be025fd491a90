/**
 * Who has been handed a webinar's join link (migrations/0033): written when Join is pressed,
 * read by the buyer's 14-day cancellation, which closes once a link has been handed out.
 */
export interface WebinarJoinStore {
  /** Records that the user was handed the webinar's join link; the first time is kept. */
  record(userId: string, webinarId: string): Promise<void>;
  /** Whether the user was handed the join link of any of these webinars. */
  anyJoined(userId: string, webinarIds: readonly string[]): Promise<boolean>;
}

export function createWebinarJoinStore(db: D1Database): WebinarJoinStore {
  return {
    async record(userId, webinarId) {
      await db.prepare("INSERT INTO webinar_joins (user_id, webinar_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING").bind(userId, webinarId).run();
    },
    async anyJoined(userId, webinarIds) {
      if (webinarIds.length === 0) return false;
      // One bound parameter however many webinars a bundle brings; the primary key finds each.
      const row = await db
        .prepare("SELECT 1 AS joined FROM webinar_joins WHERE user_id = ?1 AND webinar_id IN (SELECT value FROM json_each(?2)) LIMIT 1")
        .bind(userId, JSON.stringify(webinarIds))
        .first();
      return row !== null;
    },
  };
}
