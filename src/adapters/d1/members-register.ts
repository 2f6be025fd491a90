/**
 * The staff members register's read (services/membership/members-register.ts): every membership
 * record, with the name and reference of the member's latest join application and the latest
 * e-mail written to them (email_outbox by user id), and whether a membership payment of theirs is
 * disputed (open).
 */
import type { MembershipRecord } from "../../domain/membership";
import { toMembershipRecord, type MembershipRow } from "./memberships";

export interface RegisterRow {
  record: MembershipRecord;
  name: string | null;
  reference: string | null;
  lastEmail: { kind: string; subject: string; status: string; createdAt: string } | null;
  /** A membership payment is disputed with the member's bank and not yet decided (access suspended). */
  disputed: boolean;
}

export interface MembersRegisterStore {
  /** Records whose name, e-mail or join reference contains `search` (any when empty), soonest period end first; at most `limit`. */
  list(search: string, limit: number): Promise<RegisterRow[]>;
  /** One member's record, as the list shows it; null when there is none. */
  byUser(userId: string): Promise<RegisterRow | null>;
}

type Row = MembershipRow & {
  given_name: string | null;
  family_name: string | null;
  reference: string | null;
  email_kind: string | null;
  email_subject: string | null;
  email_status: string | null;
  email_created_at: string | null;
  disputed: number;
};

export function createMembersRegisterStore(db: D1Database): MembersRegisterStore {
  // With ?3 (a user id), that member only.
  const read = async (term: string | null, limit: number, userId: string | null): Promise<RegisterRow[]> => {
    // instr() rather than LIKE: no wildcards to escape.
    const { results } = await db
      .prepare(
        `WITH joined AS (
           SELECT m.*, a.given_name, a.family_name, a.reference FROM memberships m
           LEFT JOIN applications a ON a.id = (SELECT id FROM applications WHERE user_id = m.user_id AND kind = 'join' ORDER BY created_at DESC LIMIT 1)
         ), latest AS (
           SELECT j.*, o.kind AS email_kind, o.subject AS email_subject, o.status AS email_status, o.created_at AS email_created_at FROM joined j
           LEFT JOIN email_outbox o ON o.id = (SELECT id FROM email_outbox WHERE user_id = j.user_id ORDER BY created_at DESC LIMIT 1)
         )
         SELECT latest.*, EXISTS (SELECT 1 FROM disputes d WHERE d.user_id = latest.user_id AND d.source = 'membership' AND d.status = 'open') AS disputed
         FROM latest
         WHERE (?3 IS NULL OR user_id = ?3) AND (?1 IS NULL OR instr(lower(email), ?1) > 0 OR instr(lower(COALESCE(given_name, '') || ' ' || COALESCE(family_name, '')), ?1) > 0
           OR instr(lower(COALESCE(reference, '')), ?1) > 0)
         ORDER BY period_end IS NULL, julianday(period_end), email
         LIMIT ?2`,
      )
      .bind(term, limit, userId)
      .all<Row>();
    return results.map((row) => ({
      record: toMembershipRecord(row),
      name: row.given_name || row.family_name ? `${row.given_name ?? ""} ${row.family_name ?? ""}`.trim() : null,
      reference: row.reference,
      lastEmail: row.email_kind ? { kind: row.email_kind, subject: row.email_subject ?? "", status: row.email_status ?? "", createdAt: row.email_created_at ?? "" } : null,
      disputed: row.disputed === 1,
    }));
  };
  return {
    list: (search, limit) => read(search.trim().toLowerCase() || null, limit, null),
    byUser: async (userId) => (await read(null, 1, userId))[0] ?? null,
  };
}
