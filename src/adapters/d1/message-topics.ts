/**
 * Staff's keeping of the mailing topics (message_topics, migrations/0049_member_messages.sql).
 * A topic is never deleted: retiring it hides it from members' choices and from the compose form,
 * keeps every consent given to it for the record, and stops what its messages had still to send.
 * Each change is a statement for the caller's batch, with its audit entry.
 */
import type { MessageTopic, StaffTopic } from "../../domain/member-messages";

export interface MessageTopicStore {
  /** Every topic, retired last, in the society's order. */
  all(): Promise<StaffTopic[]>;
  bySlug(slug: string): Promise<StaffTopic | null>;
  /** Adds the topic after the others; nothing when the slug is taken (check with `bySlug`). */
  create(topic: MessageTopic): D1PreparedStatement;
  describe(slug: string, label: string, description: string): D1PreparedStatement;
  /** Retires the topic and cancels its messages still scheduled or sending (delivery holds back their waiting e-mails). */
  retire(slug: string, at: Date): D1PreparedStatement[];
}

interface TopicRow {
  slug: string;
  label: string;
  description: string;
  position: number;
  retired: number;
  consenting: number;
}

const toTopic = (r: TopicRow): StaffTopic => ({ slug: r.slug, label: r.label, description: r.description, position: r.position, retired: r.retired === 1, consenting: r.consenting });

// The count reads the audience index (topic, consenting) for each of a handful of topics.
const SELECT = `SELECT t.slug, t.label, t.description, t.position, t.retired,
  (SELECT COUNT(*) FROM member_consents AS c WHERE c.topic = t.slug AND c.consented = 1) AS consenting
  FROM message_topics AS t`;

export function createMessageTopicStore(db: D1Database): MessageTopicStore {
  return {
    async all() {
      const { results } = await db.prepare(`${SELECT} ORDER BY t.retired, t.position, t.slug`).all<TopicRow>();
      return results.map(toTopic);
    },
    async bySlug(slug) {
      const row = await db.prepare(`${SELECT} WHERE t.slug = ?1`).bind(slug).first<TopicRow>();
      return row ? toTopic(row) : null;
    },
    create(topic) {
      return db
        .prepare(
          `INSERT INTO message_topics (slug, label, description, position)
           SELECT ?1, ?2, ?3, COALESCE((SELECT MAX(position) FROM message_topics), 0) + 1
           WHERE NOT EXISTS (SELECT 1 FROM message_topics WHERE slug = ?1)`,
        )
        .bind(topic.slug, topic.label, topic.description);
    },
    describe(slug, label, description) {
      return db.prepare("UPDATE message_topics SET label = ?2, description = ?3 WHERE slug = ?1").bind(slug, label, description);
    },
    retire(slug, at) {
      return [
        db.prepare("UPDATE message_topics SET retired = 1 WHERE slug = ?1").bind(slug),
        db
          .prepare(
            `UPDATE member_messages SET status = 'cancelled', finished_at = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE topic = ?1 AND status IN ('scheduled', 'sending')`,
          )
          .bind(slug, at.toISOString()),
      ];
    },
  };
}
