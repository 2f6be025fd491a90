/**
 * The mailing topics and members' consents to them (migrations/0049_member_messages.sql). A
 * change records when and how: giving sets `given_*`, withdrawing sets `withdrawn_*`, and an
 * answer that changes nothing (ticking what was already ticked) leaves the dates as they were.
 */
import type { ConsentWay, MessageTopic, TopicConsent } from "../../domain/member-messages";

export interface ConsentChange {
  topic: string;
  consented: boolean;
}

export interface MemberConsentStore {
  /** The topics offered now, in the society's order. */
  topics(): Promise<MessageTopic[]>;
  /** Every topic offered, with this user's answer (none: not consented). */
  forUser(userId: string): Promise<TopicConsent[]>;
  /** Records these answers for the user, as one statement (put it in the change's batch). */
  record(userId: string, changes: readonly ConsentChange[], via: ConsentWay, at: Date): D1PreparedStatement;
  /** Whether the user consents to the topic now. */
  consents(userId: string, topic: string): Promise<boolean>;
}

interface ConsentRow {
  slug: string;
  label: string;
  description: string;
  consented: number | null;
  given_at: string | null;
  given_via: ConsentWay | null;
  withdrawn_at: string | null;
  withdrawn_via: ConsentWay | null;
}

export function createMemberConsentStore(db: D1Database): MemberConsentStore {
  return {
    async topics() {
      const { results } = await db.prepare("SELECT slug, label, description FROM message_topics WHERE retired = 0 ORDER BY position, slug").all<MessageTopic>();
      return results;
    },
    async forUser(userId) {
      const { results } = await db
        .prepare(
          `SELECT t.slug, t.label, t.description, c.consented, c.given_at, c.given_via, c.withdrawn_at, c.withdrawn_via
           FROM message_topics AS t LEFT JOIN member_consents AS c ON c.topic = t.slug AND c.user_id = ?1
           WHERE t.retired = 0 ORDER BY t.position, t.slug`,
        )
        .bind(userId)
        .all<ConsentRow>();
      return results.map((r) => ({
        topic: { slug: r.slug, label: r.label, description: r.description },
        consented: r.consented === 1,
        givenAt: r.given_at,
        givenVia: r.given_via,
        withdrawnAt: r.withdrawn_at,
        withdrawnVia: r.withdrawn_via,
      }));
    },
    record(userId, changes, via, at) {
      // One statement for every topic: a row per answer from JSON, matched to topics that exist.
      return db
        .prepare(
          `INSERT INTO member_consents (user_id, topic, consented, given_at, given_via, withdrawn_at, withdrawn_via)
           -- A first answer of "no" is not a withdrawal: nothing was given.
           SELECT ?1, t.slug, json_extract(c.value, '$[1]'),
             CASE WHEN json_extract(c.value, '$[1]') = 1 THEN ?3 END, CASE WHEN json_extract(c.value, '$[1]') = 1 THEN ?4 END,
             NULL, NULL
           FROM json_each(?2) AS c JOIN message_topics AS t ON t.slug = json_extract(c.value, '$[0]')
           WHERE true
           ON CONFLICT (user_id, topic) DO UPDATE SET
             consented = excluded.consented,
             given_at = CASE WHEN excluded.consented = 1 AND member_consents.consented = 0 THEN excluded.given_at ELSE member_consents.given_at END,
             given_via = CASE WHEN excluded.consented = 1 AND member_consents.consented = 0 THEN excluded.given_via ELSE member_consents.given_via END,
             withdrawn_at = CASE WHEN excluded.consented = 0 AND member_consents.consented = 1 THEN ?3 ELSE member_consents.withdrawn_at END,
             withdrawn_via = CASE WHEN excluded.consented = 0 AND member_consents.consented = 1 THEN ?4 ELSE member_consents.withdrawn_via END`,
        )
        .bind(userId, JSON.stringify(changes.map((c) => [c.topic, c.consented ? 1 : 0])), at.toISOString(), via);
    },
    async consents(userId, topic) {
      const row = await db.prepare("SELECT consented FROM member_consents WHERE user_id = ?1 AND topic = ?2").bind(userId, topic).first<{ consented: number }>();
      return row?.consented === 1;
    },
  };
}
