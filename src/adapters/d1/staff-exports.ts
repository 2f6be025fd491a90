/**
 * Background exports and their durable progress (migrations/0043, staff_exports). Every move of
 * an export is a compare and set on `step` (the number of steps committed): a worker moves it only
 * from the step it read, so of two workers on one export only one moves it, and one cut off leaves
 * the export where its last committed step put it.
 */
import type { ExportKind, ExportPart, StaffExport, StaffExportStatus } from "../../domain/staff-exports";

interface Row {
  id: string;
  kind: ExportKind;
  filter: string;
  requested_by: string;
  requested_at: string;
  expected_rows: number;
  status: StaffExportStatus;
  step: number;
  cursor: string | null;
  rows: number;
  bytes: number;
  object_key: string;
  upload_id: string | null;
  parts: string;
  carry_key: string | null;
  carry_bytes: number;
  failure: string | null;
  completed_at: string | null;
  expires_at: string | null;
  updated_at: string;
}

const toExport = (row: Row): StaffExport => ({
  id: row.id,
  kind: row.kind,
  filter: JSON.parse(row.filter) as StaffExport["filter"],
  requestedBy: row.requested_by,
  requestedAt: row.requested_at,
  expectedRows: row.expected_rows,
  status: row.status,
  step: row.step,
  cursor: row.cursor === null ? null : (JSON.parse(row.cursor) as unknown),
  rows: row.rows,
  bytes: row.bytes,
  objectKey: row.object_key,
  uploadId: row.upload_id,
  parts: JSON.parse(row.parts) as ExportPart[],
  carryKey: row.carry_key,
  carryBytes: row.carry_bytes,
  failure: row.failure,
  completedAt: row.completed_at,
  expiresAt: row.expires_at,
  updatedAt: row.updated_at,
});

/** Where a step leaves an export that is not finished (or, `completing`, whose every part is uploaded). */
export interface ExportProgress {
  status: "running" | "completing";
  cursor: unknown;
  rows: number;
  bytes: number;
  parts: readonly ExportPart[];
  carryKey: string | null;
  carryBytes: number;
}

export interface StaffExportStore {
  /** The new export's insert, for the batch that also writes its audit entry. */
  create(entry: { id: string; kind: ExportKind; filter: StaffExport["filter"]; requestedBy: string; requestedAt: string; expectedRows: number; objectKey: string }): D1PreparedStatement;
  byId(id: string): Promise<StaffExport | null>;
  /** The newest `limit` exports of a kind. */
  newest(kind: ExportKind, limit: number): Promise<StaffExport[]>;
  /** Records the multipart upload begun for a queued export (only from step 0, once); false when another worker did. */
  started(from: StaffExport, uploadId: string, now: string): Promise<boolean>;
  /** Moves the export one step on from `from` (as read); false, changing nothing, when another worker moved it first. */
  advance(from: StaffExport, to: ExportProgress, now: string): Promise<boolean>;
  /** The export is whole in R2: ready until `expiresAt`, with `then` (its e-mail) in the same batch, only if still `completing`. */
  ready(from: StaffExport, expiresAt: string, now: string, then: readonly D1PreparedStatement[]): Promise<boolean>;
  /** The export cannot be completed: no file is offered. */
  failed(id: string, reason: string, now: string): Promise<void>;
  /** Unfinished exports whose last move is older than `staleBefore`, oldest first. */
  stalled(staleBefore: string, limit: number): Promise<StaffExport[]>;
  /** Ready exports whose file expired at or before `now`. */
  expired(now: string, limit: number): Promise<StaffExport[]>;
  /** The file was deleted. */
  markExpired(id: string, now: string): Promise<void>;
}

/** The statements the store runs on a hot path, for the query-plan test. */
export const STAFF_EXPORT_SQL = {
  newest: "SELECT * FROM staff_exports WHERE kind = ?1 ORDER BY requested_at DESC LIMIT ?2",
  stalled: "SELECT * FROM staff_exports WHERE status = ?3 AND updated_at < ?1 ORDER BY updated_at LIMIT ?2",
  expired: "SELECT * FROM staff_exports WHERE status = 'ready' AND expires_at <= ?1 ORDER BY expires_at LIMIT ?2",
} as const;

const UNFINISHED: readonly StaffExportStatus[] = ["queued", "running", "completing"];

export function createStaffExportStore(db: D1Database): StaffExportStore {
  const changed = (result: D1Result) => (result.meta.changes ?? 0) > 0;
  return {
    create: (e) =>
      db
        .prepare(
          `INSERT INTO staff_exports (id, kind, filter, requested_by, requested_at, expected_rows, status, object_key, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, ?5)`,
        )
        .bind(e.id, e.kind, JSON.stringify(e.filter), e.requestedBy, e.requestedAt, e.expectedRows, e.objectKey),
    async byId(id) {
      const row = await db.prepare("SELECT * FROM staff_exports WHERE id = ?1").bind(id).first<Row>();
      return row ? toExport(row) : null;
    },
    async newest(kind, limit) {
      const { results } = await db.prepare(STAFF_EXPORT_SQL.newest).bind(kind, limit).all<Row>();
      return results.map(toExport);
    },
    async started(from, uploadId, now) {
      return changed(
        await db
          .prepare("UPDATE staff_exports SET status = 'running', upload_id = ?3, updated_at = ?4 WHERE id = ?1 AND step = ?2 AND upload_id IS NULL AND status = 'queued'")
          .bind(from.id, from.step, uploadId, now)
          .run(),
      );
    },
    async advance(from, to, now) {
      return changed(
        await db
          .prepare(
            `UPDATE staff_exports SET status = ?3, step = step + 1, cursor = ?4, rows = ?5, bytes = ?6, parts = ?7, carry_key = ?8, carry_bytes = ?9, updated_at = ?10
             WHERE id = ?1 AND step = ?2 AND status = 'running'`,
          )
          .bind(from.id, from.step, to.status, to.cursor === null ? null : JSON.stringify(to.cursor), to.rows, to.bytes, JSON.stringify(to.parts), to.carryKey, to.carryBytes, now)
          .run(),
      );
    },
    async ready(from, expiresAt, now, then) {
      const [claim] = await db.batch([
        db
          .prepare(
            `UPDATE staff_exports SET status = 'ready', step = step + 1, upload_id = NULL, carry_key = NULL, carry_bytes = 0, completed_at = ?3, expires_at = ?4, updated_at = ?3
             WHERE id = ?1 AND step = ?2 AND status = 'completing'`,
          )
          .bind(from.id, from.step, now, expiresAt),
        ...then,
      ]);
      return changed(claim!);
    },
    async failed(id, reason, now) {
      await db
        .prepare("UPDATE staff_exports SET status = 'failed', failure = ?2, step = step + 1, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'running', 'completing')")
        .bind(id, reason, now)
        .run();
    },
    async stalled(staleBefore, limit) {
      // One indexed range per unfinished status (see STAFF_EXPORT_SQL.stalled), merged here: a handful of rows.
      const found = await Promise.all(UNFINISHED.map((status) => db.prepare(STAFF_EXPORT_SQL.stalled).bind(staleBefore, limit, status).all<Row>()));
      return found
        .flatMap(({ results }) => results.map(toExport))
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
        .slice(0, limit);
    },
    async expired(now, limit) {
      const { results } = await db.prepare(STAFF_EXPORT_SQL.expired).bind(now, limit).all<Row>();
      return results.map(toExport);
    },
    async markExpired(id, now) {
      await db.prepare("UPDATE staff_exports SET status = 'expired', step = step + 1, updated_at = ?2 WHERE id = ?1 AND status = 'ready'").bind(id, now).run();
    },
  };
}
