/**
 * The e-mail outbox in D1 (migrations/0008_outbox.sql). A message is inserted by a statement the
 * caller puts in its own `db.batch([...])`, beside the change that causes it, so both commit or
 * neither does. Delivery moves a row pending/retry -> sending (one UPDATE: the claim) -> sent,
 * retry, failed or suppressed.
 */
import type { EmailCategory, EmailKind, OutboxStatus } from "../../domain/email";
import type { BatchQuery } from "./batch-query";
import { parameterCount } from "./parameter-count";

export type { OutboxStatus };

export interface OutboxMessage {
  id: string;
  dedupeKey: string;
  kind: EmailKind;
  category: EmailCategory;
  recipient: string;
  userId: string | null;
  subject: string;
  /**
   * The template's data, parsed from JSON (checked against its kind by the caller); null once
   * cleared, some days after the message was sent or suppressed (services/maintenance/housekeeping.ts).
   */
  data: unknown;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  leaseUntil: string | null;
  lastError: string | null;
  messageId: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewOutboxMessage = Pick<OutboxMessage, "id" | "dedupeKey" | "kind" | "category" | "recipient" | "userId" | "subject"> & {
  /** JSON. */
  data: string;
};

/**
 * When the insert happens, evaluated as the batch reaches it:
 * - `afterChange`: only if the statement just before it in the batch changed a row (SQLite's
 *   `changes()`), e.g. the UPDATE that moved an application to rejected;
 * - `exists`: only if `SELECT …` (anonymous `?` placeholders, bound to `params`) finds a row.
 */
export type OutboxCondition = { afterChange: true } | { exists: string; params: readonly unknown[] };

/**
 * A field of the message's data whose value is read when the batch reaches the insert, from a
 * row an earlier statement of the same batch wrote: a receipt number allocated with the payment.
 * The query's one column becomes the field (JSON null when it finds nothing).
 */
export interface OutboxFill extends BatchQuery {
  field: string;
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * The condition each message of a bulk insert is written under: `SELECT …` with anonymous `?`
 * placeholders, bound per message to that message's `params` (for example "the record is still
 * active with this period end"). A message whose query finds nothing is not written.
 */
export interface OutboxBulkCondition {
  exists: string;
  params: (message: NewOutboxMessage, index: number) => readonly unknown[];
}

export interface OutboxStore {
  /**
   * One statement inserting `messages` (at least one); a message whose dedupe key is already in
   * the outbox is skipped, never an error, so it cannot fail the caller's batch.
   */
  insert(messages: readonly NewOutboxMessage[], condition?: OutboxCondition, fill?: readonly OutboxFill[]): D1PreparedStatement;
  /**
   * The same for many messages at once (an import's invitations, a day's reminders): they travel
   * as one JSON parameter, so no statement nears D1's 100 bound parameters. Keep each call's JSON
   * under 1 MB. Each message may be written under its own condition. The statement returns the
   * ids it wrote (`RETURNING id`): a repeat, or a message whose condition failed, is not among them.
   */
  insertMany(messages: readonly NewOutboxMessage[], condition?: OutboxBulkCondition): D1PreparedStatement;
  byId(id: string): Promise<OutboxMessage | null>;
  /**
   * Claims the messages among `ids` that are due (pending or retry, next attempt not after `now`)
   * for one delivery: one UPDATE for the whole queue batch, so of two deliveries racing only one
   * gets each row. Counts the attempt. Returns the rows claimed, in no particular order.
   */
  claimMany(ids: readonly string[], now: Date, leaseUntil: Date): Promise<OutboxMessage[]>;
  /**
   * Records how the deliveries of one batch ended, all in one statement (moves only rows still
   * `sending`). A `released` message goes back to waiting until `nextAttemptAt` with its attempt
   * given back: it was never tried (sending was paused).
   */
  finishMany(finishes: readonly DeliveryFinish[], now: Date): D1PreparedStatement;
  /**
   * Messages left in `sending` past their lease (the delivery crashed or timed out): back to
   * retry, or failed once they have had `maxAttempts`. Returns how many were released.
   */
  releaseExpiredLeases(now: Date, maxAttempts: number): Promise<number>;
  /** Ids of messages due now, oldest first. */
  dueIds(now: Date, limit: number): Promise<string[]>;
  /** Newest first; `search` matches the recipient or subject (any case, taken literally). */
  list(filter: { statuses?: readonly OutboxStatus[]; search?: string; limit: number }): Promise<OutboxMessage[]>;
  /** A failed message back to pending with fresh attempts; changes nothing unless it was failed. */
  resend(id: string, now: Date): D1PreparedStatement;
  /**
   * Every failed message of `kind` that failed at or after `since`, back to pending with fresh
   * attempts: one set-based UPDATE (on the status, kind, updated_at index). `RETURNING id`.
   */
  resendFailed(kind: EmailKind, since: Date, now: Date): D1PreparedStatement;
  /** Up to `limit` sent messages sent before `before`, oldest first (sent_at, id), on the status, sent_at, id index. */
  oldestSent(before: Date, limit: number): Promise<OutboxMessage[]>;
  /** Deletes these messages if they are still sent; returns how many went. */
  deleteSent(ids: readonly string[]): Promise<number>;
}

/** How one claimed delivery ended. */
export type DeliveryFinish =
  | { id: string; status: "sent"; messageId: string }
  | { id: string; status: "retry"; error: string; nextAttemptAt: Date }
  | { id: string; status: "failed" | "suppressed"; error: string }
  | { id: string; status: "released"; nextAttemptAt: Date };

interface OutboxRow {
  id: string;
  dedupe_key: string;
  kind: EmailKind;
  category: EmailCategory;
  recipient: string;
  user_id: string | null;
  subject: string;
  data: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  message_id: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

const toMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  dedupeKey: r.dedupe_key,
  kind: r.kind,
  category: r.category,
  recipient: r.recipient,
  userId: r.user_id,
  subject: r.subject,
  data: JSON.parse(r.data) as unknown,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  leaseUntil: r.lease_until,
  lastError: r.last_error,
  messageId: r.message_id,
  sentAt: r.sent_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const INSERT_COLUMNS = ["id", "dedupe_key", "kind", "category", "recipient", "user_id", "subject", "data"] as const;
/** Errors are kept short: they are for staff to read, not a log. */
const ERROR_LENGTH = 500;

/**
 * The staff list's statement for its filters (?1 how many, ?2 the status or a JSON list of them,
 * ?3 the lower-case search): only the conditions asked for, so a list by status (failed first of
 * all) seeks `email_outbox_status_created` newest first instead of reading the whole outbox.
 * instr() rather than LIKE for the search: no wildcards to escape. Exported for the query-plan test.
 */
export function outboxListSql(filter: { statuses: number; search: boolean }): string {
  const conditions = [
    filter.statuses === 1 ? "status = ?2" : filter.statuses > 1 ? "status IN (SELECT value FROM json_each(?2))" : null,
    filter.search ? "(instr(lower(recipient), ?3) > 0 OR instr(lower(subject), ?3) > 0)" : null,
  ].filter((condition) => condition !== null);
  return `SELECT * FROM email_outbox ${conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : ""} ORDER BY created_at DESC, id LIMIT ?1`;
}

export function createOutboxStore(db: D1Database): OutboxStore {
  return {
    insert(messages, condition, fill = []) {
      if (messages.length === 0) throw new Error("An outbox insert needs at least one message");
      for (const { field } of fill) if (!FIELD_NAME.test(field)) throw new Error(`Not a field name: ${JSON.stringify(field)}`);
      const row = `(${INSERT_COLUMNS.map(() => "?").join(", ")})`;
      const where = !condition ? "1" : "afterChange" in condition ? "changes() > 0" : `EXISTS (${condition.exists})`;
      const columns = INSERT_COLUMNS.map((_, i) => `column${i + 1}`);
      const data = INSERT_COLUMNS.indexOf("data");
      if (fill.length > 0) columns[data] = `json_set(${columns[data]}, ${fill.map((f) => `?, (${f.select})`).join(", ")})`;
      // INSERT … SELECT needs its WHERE before ON CONFLICT (SQLite's upsert grammar).
      const sql = `INSERT INTO email_outbox (${INSERT_COLUMNS.join(", ")})
        SELECT ${columns.join(", ")} FROM (VALUES ${messages.map(() => row).join(", ")})
        WHERE ${where}
        ON CONFLICT (dedupe_key) DO NOTHING`;
      // Bound in the order their placeholders appear: the filled fields, the rows, the condition.
      const filled = fill.flatMap((f) => [`$.${f.field}`, ...f.params]);
      const values = messages.flatMap((m) => [m.id, m.dedupeKey, m.kind, m.category, m.recipient, m.userId, m.subject, m.data]);
      const params = condition && "exists" in condition ? condition.params : [];
      return db.prepare(sql).bind(...filled, ...values, ...params);
    },
    insertMany(messages, condition) {
      if (messages.length === 0) throw new Error("An outbox insert needs at least one message");
      const rows = messages.map((m, i) => [m.id, m.dedupeKey, m.kind, m.category, m.recipient, m.userId, m.subject, m.data, ...(condition?.params(m, i) ?? [])]);
      // The condition's placeholders read the values after the message's own columns in its JSON row.
      let next = INSERT_COLUMNS.length;
      const where = condition ? `EXISTS (${condition.exists.replace(/\?/g, () => `json_extract(value, '$[${next++}]')`)})` : "true";
      return db
        .prepare(
          `INSERT INTO email_outbox (${INSERT_COLUMNS.join(", ")})
           SELECT ${INSERT_COLUMNS.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ")} FROM json_each(?1) WHERE ${where}
           ON CONFLICT (dedupe_key) DO NOTHING
           RETURNING id`,
        )
        .bind(JSON.stringify(rows));
    },
    async byId(id) {
      const row = await db.prepare("SELECT * FROM email_outbox WHERE id = ?1").bind(id).first<OutboxRow>();
      return row ? toMessage(row) : null;
    },
    async claimMany(ids, now, leaseUntil) {
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(
          `UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, lease_until = ?3, updated_at = ?2
           WHERE id IN (SELECT value FROM json_each(?1)) AND status IN ('pending', 'retry') AND next_attempt_at <= ?2
           RETURNING *`,
        )
        .bind(JSON.stringify(ids), now.toISOString(), leaseUntil.toISOString())
        .all<OutboxRow>();
      return results.map(toMessage);
    },
    finishMany(finishes, now) {
      const rows = finishes.map((f) => [
        f.id,
        f.status,
        f.status === "sent" ? f.messageId : null,
        "error" in f ? f.error.slice(0, ERROR_LENGTH) : null,
        "nextAttemptAt" in f ? f.nextAttemptAt.toISOString() : null,
      ]);
      // A released message was never tried: its attempt is given back, its last error kept.
      return db
        .prepare(
          `UPDATE email_outbox SET
             status = CASE f.status WHEN 'released' THEN CASE WHEN email_outbox.attempts > 1 THEN 'retry' ELSE 'pending' END ELSE f.status END,
             attempts = email_outbox.attempts - (f.status = 'released'),
             message_id = coalesce(f.message_id, email_outbox.message_id),
             sent_at = CASE f.status WHEN 'sent' THEN ?2 ELSE email_outbox.sent_at END,
             last_error = CASE f.status WHEN 'released' THEN email_outbox.last_error ELSE f.last_error END,
             next_attempt_at = coalesce(f.next_attempt_at, email_outbox.next_attempt_at),
             lease_until = NULL, updated_at = ?2
           FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS status, json_extract(value, '$[2]') AS message_id,
                        json_extract(value, '$[3]') AS last_error, json_extract(value, '$[4]') AS next_attempt_at
                 FROM json_each(?1)) AS f
           WHERE email_outbox.id = f.id AND email_outbox.status = 'sending'`,
        )
        .bind(JSON.stringify(rows), now.toISOString());
    },
    async releaseExpiredLeases(now, maxAttempts) {
      const at = now.toISOString();
      const result = await db
        .prepare(
          `UPDATE email_outbox
           SET status = CASE WHEN attempts >= ?2 THEN 'failed' ELSE 'retry' END,
               last_error = 'The delivery did not finish (it crashed or timed out)',
               next_attempt_at = ?1, lease_until = NULL, updated_at = ?1
           WHERE status = 'sending' AND lease_until < ?1`,
        )
        .bind(at, maxAttempts)
        .run();
      return result.meta.changes;
    },
    async dueIds(now, limit) {
      const { results } = await db
        .prepare("SELECT id FROM email_outbox WHERE status IN ('pending', 'retry') AND next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2")
        .bind(now.toISOString(), limit)
        .all<{ id: string }>();
      return results.map((r) => r.id);
    },
    async list({ statuses, search, limit }) {
      const filter = { statuses: statuses && statuses.length > 0 ? statuses : null, search: search ? search.toLowerCase() : null };
      const sql = outboxListSql({ statuses: filter.statuses?.length ?? 0, search: filter.search !== null });
      const status = filter.statuses?.length === 1 ? filter.statuses[0] : filter.statuses ? JSON.stringify(filter.statuses) : null;
      // D1 takes exactly as many values as the statement's highest parameter.
      const values = [limit, status, filter.search].slice(0, parameterCount(sql));
      const { results } = await db.prepare(sql).bind(...values).all<OutboxRow>();
      return results.map(toMessage);
    },
    resend(id, now) {
      return db
        .prepare(
          `UPDATE email_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?2, lease_until = NULL, updated_at = ?2
           WHERE id = ?1 AND status = 'failed'`,
        )
        .bind(id, now.toISOString());
    },
    async oldestSent(before, limit) {
      const { results } = await db
        .prepare("SELECT * FROM email_outbox WHERE status = 'sent' AND sent_at < ?1 ORDER BY sent_at, id LIMIT ?2")
        .bind(before.toISOString(), limit)
        .all<OutboxRow>();
      return results.map(toMessage);
    },
    async deleteSent(ids) {
      if (ids.length === 0) return 0;
      const result = await db.prepare("DELETE FROM email_outbox WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'sent'").bind(JSON.stringify(ids)).run();
      return result.meta.changes;
    },
    resendFailed(kind, since, now) {
      return db
        .prepare(
          `UPDATE email_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?3, lease_until = NULL, updated_at = ?3
           WHERE status = 'failed' AND kind = ?1 AND updated_at >= ?2
           RETURNING id`,
        )
        .bind(kind, since.toISOString(), now.toISOString());
    },
  };
}
