/**
 * Photo files no listing points at any more: D1's triggers name them here when a photo is
 * replaced or removed, or its listing deleted (migrations/0076), in the change's own transaction.
 */

export interface PractitionerPhotoDeletions {
  /** Up to `limit` keys waiting to be deleted from R2, oldest first. */
  waiting(limit: number): Promise<string[]>;
  /** Forgets keys whose files are deleted. */
  done(keys: readonly string[]): Promise<void>;
}

export function createPractitionerPhotoDeletions(db: D1Database): PractitionerPhotoDeletions {
  return {
    async waiting(limit) {
      const { results } = await db.prepare("SELECT photo_key FROM practitioner_photo_deletions ORDER BY queued_at LIMIT ?1").bind(limit).all<{ photo_key: string }>();
      return results.map((r) => r.photo_key);
    },
    async done(keys) {
      if (keys.length === 0) return;
      // One JSON parameter, however many keys (D1 binds at most 100 values per statement).
      await db.prepare("DELETE FROM practitioner_photo_deletions WHERE photo_key IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(keys)).run();
    },
  };
}
