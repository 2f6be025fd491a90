/**
 * Who is a member (migrations/0002_sessions.sql: member_status). The seam the access tiers read
 * until the join issue's membership records replace it.
 */
export interface MemberStatusStore {
  /** Whether the user (by id or e-mail) has an active membership at `now`. */
  isActiveMember(user: { id: string; email: string | null }, now: Date): Promise<boolean>;
}

export function createMemberStatusStore(db: D1Database): MemberStatusStore {
  return {
    async isActiveMember(user, now) {
      const row = await db
        .prepare("SELECT status, valid_until FROM member_status WHERE user_id = ?1 OR email = ?2 ORDER BY user_id IS NULL LIMIT 1")
        .bind(user.id, user.email?.toLowerCase() ?? "")
        .first<{ status: string; valid_until: string | null }>();
      if (!row || row.status !== "active") return false;
      return row.valid_until === null || Date.parse(row.valid_until) > now.getTime();
    },
  };
}
