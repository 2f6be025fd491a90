/** The purge log in D1 (migrations/0001_purge_log.sql). */
export interface PurgeLogEntry {
  event: string | null;
  model: string | null;
  operations: string[];
  invalidated: number;
}

export interface PurgeLog {
  record(entry: PurgeLogEntry): Promise<void>;
  recent(limit: number): Promise<(PurgeLogEntry & { receivedAt: string })[]>;
}

interface PurgeLogRow {
  received_at: string;
  event: string | null;
  model: string | null;
  operations: string;
  invalidated: number;
}

export function createPurgeLog(db: D1Database): PurgeLog {
  return {
    async record(entry) {
      await db
        .prepare("INSERT INTO purge_log (event, model, operations, invalidated) VALUES (?1, ?2, ?3, ?4)")
        .bind(entry.event, entry.model, JSON.stringify(entry.operations), entry.invalidated)
        .run();
    },
    async recent(limit) {
      const { results } = await db
        .prepare("SELECT received_at, event, model, operations, invalidated FROM purge_log ORDER BY id DESC LIMIT ?1")
        .bind(limit)
        .all<PurgeLogRow>();
      return results.map((row) => ({
        receivedAt: row.received_at,
        event: row.event,
        model: row.model,
        operations: JSON.parse(row.operations) as string[],
        invalidated: row.invalidated,
      }));
    },
  };
}
