/**
 * Bulk messages and their recipients (migrations/0049_member_messages.sql). An audience is walked
 * in user id order from the narrowest index its filters offer (member-audience.ts), each member's
 * record joined by primary key, so a page of it reads only the rows it returns and a count reads
 * the audience's starting set once. The fan-out writes a page of recipients
 * and their outbox rows in one batch: the recipients' primary key and the outbox's dedupe key
 * make a page written twice (an interrupted run, two runs at once) add nothing the second time.
 */
import type { Audience, EmailSuppression, MemberMessage, MessageDeliveryCounts, MessageStatus } from "../../domain/member-messages";
import { EMPTY_AUDIENCE, MEMBER_MESSAGE_KIND } from "../../domain/member-messages";
import { audienceCountSql, audiencePageSql, audienceSql } from "./member-audience";

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface DraftFields {
  subject: string;
  preheader: string;
  body: string;
  bodyHtml: string;
  bodyText: string;
  topic: string;
  audience: Audience;
}

interface MessageRow {
  id: string;
  subject: string;
  preheader: string;
  body: string;
  body_html: string;
  body_text: string;
  topic: string;
  audience: string;
  status: MessageStatus;
  scheduled_at: string | null;
  fan_out_after: string;
  recipients: number;
  unsubscribed: number;
  published_at: string | null;
  created_by: string;
  sent_by: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

const toMessage = (r: MessageRow): MemberMessage & { fanOutAfter: string } => ({
  id: r.id,
  subject: r.subject,
  preheader: r.preheader,
  body: r.body,
  bodyHtml: r.body_html,
  bodyText: r.body_text,
  topic: r.topic,
  audience: storedAudience(r.audience),
  status: r.status,
  scheduledAt: r.scheduled_at,
  recipients: r.recipients,
  unsubscribed: r.unsubscribed,
  publishedAt: r.published_at,
  createdBy: r.created_by,
  sentBy: r.sent_by,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  version: r.version,
  fanOutAfter: r.fan_out_after,
});

export type StoredMessage = ReturnType<typeof toMessage>;

/** Outbox rows of one message: a range of the unique dedupe key's index. */
const outboxRange = (messageId: string) => [`${MEMBER_MESSAGE_KIND}:${messageId}:`, `${MEMBER_MESSAGE_KIND}:${messageId};`] as const;

export interface MemberMessageStore {
  /** The new draft's version (1) and time. */
  create(id: string, fields: DraftFields, staffEmail: string): Promise<{ version: number; updatedAt: string }>;
  /**
   * Saves the fields and adds one to the version: null when the message is no longer a draft or
   * scheduled, or when `expectedVersion` is given and another save came first.
   */
  update(id: string, fields: DraftFields, expectedVersion: number | null): Promise<{ version: number; updatedAt: string } | null>;
  byId(id: string): Promise<StoredMessage | null>;
  /** Newest change first, after a (updated_at, id) key. */
  list(limit: number, after: { updatedAt: string; id: string } | null): Promise<StoredMessage[]>;
  /** How many people the audience holds now. */
  countAudience(topic: string, audience: Audience, now: Date): Promise<number>;
  /** The last user id of the next page of the audience after `after`, and how many it holds (0: none left). */
  nextPage(message: StoredMessage, after: string, size: number, now: Date): Promise<{ end: string | null; size: number }>;
  /** The page's recipients, their outbox rows and the message's place, in one batch; the outbox ids written. */
  writePage(message: StoredMessage, after: string, end: string, now: Date): Promise<string[]>;
  /** Draft or scheduled -> scheduled (at) or sending (now). False when it was not. */
  start(id: string, staffEmail: string, scheduledAt: Date | null, now: Date): Promise<boolean>;
  /** Scheduled messages whose time has come become sending; their ids, with those still sending. */
  dueOrSending(now: Date, limit: number): Promise<string[]>;
  /** The fan-out reached the end of the audience. */
  finish(id: string, now: Date): Promise<void>;
  /** Scheduled, sending, or sent with e-mails still waiting -> cancelled, and the e-mails not yet sent are held back. False otherwise. */
  cancel(id: string, now: Date): Promise<boolean>;
  counts(id: string): Promise<MessageDeliveryCounts>;
  setPublished(id: string, published: boolean, now: Date): Promise<boolean>;
  /** Published messages, newest first, after a (published_at, id) key. */
  published(limit: number, after: { publishedAt: string; id: string } | null): Promise<StoredMessage[]>;
  countUnsubscribe(messageId: string): D1PreparedStatement;
  /** For delivery: the messages these outbox rows belong to. */
  bodies(ids: readonly string[]): Promise<Map<string, StoredMessage>>;
  /** For delivery: which of these outbox rows must not go now, and why (consent withdrawn, address suppressed, message cancelled). */
  blocked(rows: readonly { id: string; userId: string | null; email: string; topic: string; messageId: string }[]): Promise<Map<string, string>>;
}

export function createMemberMessageStore(db: D1Database): MemberMessageStore {
  return {
    async create(id, f, staffEmail) {
      const row = await db
        .prepare(
          `INSERT INTO member_messages (id, subject, preheader, body, body_html, body_text, topic, audience, created_by)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING version, updated_at`,
        )
        .bind(id, f.subject, f.preheader, f.body, f.bodyHtml, f.bodyText, f.topic, JSON.stringify(f.audience), staffEmail)
        .first<{ version: number; updated_at: string }>();
      return { version: row!.version, updatedAt: row!.updated_at };
    },
    async update(id, f, expectedVersion) {
      const row = await db
        .prepare(
          `UPDATE member_messages SET subject = ?2, preheader = ?3, body = ?4, body_html = ?5, body_text = ?6, topic = ?7, audience = ?8,
             version = version + 1, updated_at = ${NOW}
           WHERE id = ?1 AND status IN ('draft', 'scheduled') AND (?9 IS NULL OR version = ?9)
           RETURNING version, updated_at`,
        )
        .bind(id, f.subject, f.preheader, f.body, f.bodyHtml, f.bodyText, f.topic, JSON.stringify(f.audience), expectedVersion)
        .first<{ version: number; updated_at: string }>();
      return row ? { version: row.version, updatedAt: row.updated_at } : null;
    },
    async byId(id) {
      const row = await db.prepare("SELECT * FROM member_messages WHERE id = ?1").bind(id).first<MessageRow>();
      return row ? toMessage(row) : null;
    },
    async list(limit, after) {
      const { results } = after
        ? await db
            .prepare("SELECT * FROM member_messages WHERE (updated_at, id) < (?1, ?2) ORDER BY updated_at DESC, id DESC LIMIT ?3")
            .bind(after.updatedAt, after.id, limit)
            .all<MessageRow>()
        : await db.prepare("SELECT * FROM member_messages ORDER BY updated_at DESC, id DESC LIMIT ?1").bind(limit).all<MessageRow>();
      return results.map(toMessage);
    },
    async countAudience(topic, audience, now) {
      const { sql, values } = audienceCountSql(topic, audience, now);
      const row = await db.prepare(sql).bind(...values).first<{ n: number }>();
      return row?.n ?? 0;
    },
    async nextPage(message, after, size, now) {
      const { sql, values } = audiencePageSql(message.topic, message.audience, now, after, size);
      const row = await db.prepare(sql).bind(...values).first<{ last: string | null; n: number }>();
      return { end: row?.last ?? null, size: row?.n ?? 0 };
    },
    async writePage(message, after, end, now) {
      const audience = audienceSql(message.topic, message.audience, now);
      // Every statement holds only while the message is still sending from this place, so a
      // cancelled message or a page another run already wrote adds nothing.
      const stillHere = "EXISTS (SELECT 1 FROM member_messages WHERE id = ?3 AND status = 'sending' AND fan_out_after = ?1)";
      const [, outbox] = await db.batch([
        db
          .prepare(
            `INSERT OR IGNORE INTO member_message_recipients (message_id, user_id, email, outbox_id)
             SELECT ?3, m.user_id, lower(m.email), lower(hex(randomblob(16)))
             ${audience.from} WHERE ${audience.key} > ?1 AND ${audience.key} <= ?2 AND ${audience.where} AND ${stillHere}`,
          )
          .bind(after, end, message.id, null, ...audience.params),
        db
          .prepare(
            `INSERT OR IGNORE INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, next_attempt_at)
             SELECT r.outbox_id, '${MEMBER_MESSAGE_KIND}:' || r.message_id || ':' || r.user_id, '${MEMBER_MESSAGE_KIND}', ?4, r.email, r.user_id, ?5,
               json_object('messageId', r.message_id), ?6
             FROM member_message_recipients AS r WHERE r.message_id = ?3 AND r.user_id > ?1 AND r.user_id <= ?2 AND ${stillHere}
             RETURNING id`,
          )
          .bind(after, end, message.id, message.topic, message.subject, now.toISOString()),
        db
          .prepare(
            `UPDATE member_messages SET fan_out_after = ?2, updated_at = ${NOW},
               recipients = recipients + (SELECT COUNT(*) FROM member_message_recipients WHERE message_id = ?3 AND user_id > ?1 AND user_id <= ?2)
             WHERE id = ?3 AND status = 'sending' AND fan_out_after = ?1`,
          )
          .bind(after, end, message.id),
      ]);
      return ((outbox?.results ?? []) as { id: string }[]).map((r) => r.id);
    },
    async start(id, staffEmail, scheduledAt, now) {
      const result = await db
        .prepare(
          `UPDATE member_messages SET status = ?2, scheduled_at = ?3, sent_by = ?4, started_at = CASE WHEN ?2 = 'sending' THEN ?5 END, updated_at = ${NOW}
           WHERE id = ?1 AND status IN ('draft', 'scheduled')`,
        )
        .bind(id, scheduledAt ? "scheduled" : "sending", scheduledAt?.toISOString() ?? null, staffEmail, now.toISOString())
        .run();
      return result.meta.changes > 0;
    },
    async dueOrSending(now, limit) {
      await db
        .prepare(`UPDATE member_messages SET status = 'sending', started_at = ?1, updated_at = ${NOW} WHERE status = 'scheduled' AND scheduled_at <= ?1`)
        .bind(now.toISOString())
        .run();
      const { results } = await db.prepare("SELECT id FROM member_messages WHERE status = 'sending' ORDER BY scheduled_at LIMIT ?1").bind(limit).all<{ id: string }>();
      return results.map((r) => r.id);
    },
    async finish(id, now) {
      await db.prepare(`UPDATE member_messages SET status = 'sent', finished_at = ?2, updated_at = ${NOW} WHERE id = ?1 AND status = 'sending'`).bind(id, now.toISOString()).run();
    },
    async cancel(id, now) {
      const [from, to] = outboxRange(id);
      const [update] = await db.batch([
        // A message whose fan-out is done ("sent") may still have e-mails waiting (a quota pause): those can be stopped too.
        db
          .prepare(
            `UPDATE member_messages SET status = 'cancelled', finished_at = ?2, updated_at = ${NOW}
             WHERE id = ?1 AND (status IN ('scheduled', 'sending')
               OR (status = 'sent' AND EXISTS (SELECT 1 FROM email_outbox WHERE dedupe_key >= ?3 AND dedupe_key < ?4 AND status IN ('pending', 'retry'))))`,
          )
          .bind(id, now.toISOString(), from, to),
        db
          .prepare(
            `UPDATE email_outbox SET status = 'suppressed', last_error = 'The send was cancelled by staff', updated_at = ?3
             WHERE dedupe_key >= ?1 AND dedupe_key < ?2 AND status IN ('pending', 'retry')`,
          )
          .bind(from, to, now.toISOString()),
      ]);
      return (update?.meta.changes ?? 0) > 0;
    },
    async counts(id) {
      const [from, to] = outboxRange(id);
      const { results } = await db
        .prepare("SELECT status, COUNT(*) AS n FROM email_outbox WHERE dedupe_key >= ?1 AND dedupe_key < ?2 GROUP BY status")
        .bind(from, to)
        .all<{ status: string; n: number }>();
      // Its readers whose address has since bounced or complained: one primary-key probe per recipient row.
      const bounced = await db
        .prepare(
          `SELECT COUNT(*) AS n FROM member_message_recipients AS r
           WHERE r.message_id = ?1 AND EXISTS (SELECT 1 FROM email_suppressions AS s WHERE s.email = lower(r.email) AND s.cleared_at IS NULL)`,
        )
        .bind(id)
        .first<{ n: number }>();
      const counts: MessageDeliveryCounts = { waiting: 0, sent: 0, failed: 0, notSent: 0, suppressedSince: bounced?.n ?? 0 };
      for (const r of results) {
        if (r.status === "sent") counts.sent += r.n;
        else if (r.status === "failed") counts.failed += r.n;
        else if (r.status === "suppressed") counts.notSent += r.n;
        else counts.waiting += r.n;
      }
      return counts;
    },
    async setPublished(id, published, now) {
      const result = await db
        .prepare(`UPDATE member_messages SET published_at = ?2, updated_at = ${NOW} WHERE id = ?1 AND status = 'sent'`)
        .bind(id, published ? now.toISOString() : null)
        .run();
      return result.meta.changes > 0;
    },
    async published(limit, after) {
      const { results } = after
        ? await db
            .prepare("SELECT * FROM member_messages WHERE published_at IS NOT NULL AND (published_at, id) < (?1, ?2) ORDER BY published_at DESC, id DESC LIMIT ?3")
            .bind(after.publishedAt, after.id, limit)
            .all<MessageRow>()
        : await db.prepare("SELECT * FROM member_messages WHERE published_at IS NOT NULL ORDER BY published_at DESC, id DESC LIMIT ?1").bind(limit).all<MessageRow>();
      return results.map(toMessage);
    },
    countUnsubscribe(messageId) {
      return db.prepare(`UPDATE member_messages SET unsubscribed = unsubscribed + 1 WHERE id = ?1`).bind(messageId);
    },
    async bodies(ids) {
      if (ids.length === 0) return new Map();
      const { results } = await db.prepare("SELECT * FROM member_messages WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids)).all<MessageRow>();
      return new Map(results.map((r) => [r.id, toMessage(r)]));
    },
    async blocked(rows) {
      if (rows.length === 0) return new Map();
      const { results } = await db
        .prepare(
          `SELECT json_extract(r.value, '$.id') AS id,
             CASE
               WHEN (SELECT status FROM member_messages WHERE id = json_extract(r.value, '$.messageId')) = 'cancelled' THEN 'The send was cancelled by staff'
               WHEN EXISTS (SELECT 1 FROM message_topics WHERE slug = json_extract(r.value, '$.topic') AND retired = 1) THEN 'The topic was retired by staff'
               WHEN EXISTS (SELECT 1 FROM email_suppressions WHERE email = lower(json_extract(r.value, '$.email')) AND cleared_at IS NULL) THEN 'The address is suppressed for bulk mail (a bounce or complaint)'
               WHEN COALESCE((SELECT consented FROM member_consents WHERE user_id = json_extract(r.value, '$.userId') AND topic = json_extract(r.value, '$.topic')), 0) = 0 THEN 'The reader no longer consents to this topic'
             END AS reason
           FROM json_each(?1) AS r WHERE reason IS NOT NULL`,
        )
        .bind(JSON.stringify(rows))
        .all<{ id: string; reason: string }>();
      return new Map(results.map((r) => [r.id, r.reason]));
    },
  };
}

/** Addresses bulk mail no longer goes to (email_suppressions). */
export interface SuppressionStore {
  /** Suppresses the address (again, if it was cleared), as a statement for the delivery's batch. */
  suppress(email: string, reason: "bounce" | "complaint", detail: string, at: Date): D1PreparedStatement;
  forAddress(email: string): Promise<EmailSuppression | null>;
  /** False when the address was not suppressed. */
  clear(email: string, staffEmail: string, note: string, at: Date): Promise<boolean>;
}

/**
 * A stored audience. A row written before a filter existed reads as that filter unset; one written
 * when country, region and specialisation took one value each reads as a list of that one.
 */
function storedAudience(json: string): Audience {
  const { country, region, specialisation, ...rest } = JSON.parse(json) as Partial<Audience> & { country?: string | null; region?: string | null; specialisation?: string | null };
  const one = (value: string | null | undefined) => (value ? [value] : []);
  return {
    ...EMPTY_AUDIENCE,
    ...(country !== undefined ? { countries: one(country) } : {}),
    ...(region !== undefined ? { regions: one(region) } : {}),
    ...(specialisation !== undefined ? { specialisations: one(specialisation) } : {}),
    ...rest,
  };
}

interface SuppressionRow {
  email: string;
  reason: "bounce" | "complaint";
  detail: string;
  suppressed_at: string;
  cleared_at: string | null;
  cleared_by: string | null;
  cleared_note: string | null;
}

export function createSuppressionStore(db: D1Database): SuppressionStore {
  return {
    suppress(email, reason, detail, at) {
      return db
        .prepare(
          `INSERT INTO email_suppressions (email, reason, detail, suppressed_at) VALUES (lower(?1), ?2, ?3, ?4)
           ON CONFLICT (email) DO UPDATE SET reason = excluded.reason, detail = excluded.detail, suppressed_at = excluded.suppressed_at,
             cleared_at = NULL, cleared_by = NULL, cleared_note = NULL`,
        )
        .bind(email, reason, detail.slice(0, 500), at.toISOString());
    },
    async forAddress(email) {
      const r = await db.prepare("SELECT * FROM email_suppressions WHERE email = lower(?1)").bind(email).first<SuppressionRow>();
      return r
        ? { email: r.email, reason: r.reason, detail: r.detail, suppressedAt: r.suppressed_at, clearedAt: r.cleared_at, clearedBy: r.cleared_by, clearedNote: r.cleared_note }
        : null;
    },
    async clear(email, staffEmail, note, at) {
      const result = await db
        .prepare("UPDATE email_suppressions SET cleared_at = ?2, cleared_by = ?3, cleared_note = ?4 WHERE email = lower(?1) AND cleared_at IS NULL")
        .bind(email, at.toISOString(), staffEmail, note)
        .run();
      return result.meta.changes > 0;
    },
  };
}
