/**
 * The purge log in D1 (migrations/0001_purge_log.sql). Its `invalidated` column counted the
 * entries a purge rewrote; a purge now rewrites none (decision 0048), so it is written as 0
 * and the content version the purge published is logged with the event instead.
 */
export interface PurgeLogEntry {
  event: string | null;
  model: string | null;
  operations: string[];
}

export interface PurgeLog {
  record(entry: PurgeLogEntry): Promise<void>;
}

export function createPurgeLog(db: D1Database): PurgeLog {
  return {
    async record(entry) {
      await db
        .prepare("INSERT INTO purge_log (event, model, operations, invalidated) VALUES (?1, ?2, ?3, 0)")
        .bind(entry.event, entry.model, JSON.stringify(entry.operations))
        .run();
    },
  };
}
