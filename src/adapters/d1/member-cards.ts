/**
 * What a member's proof of membership needs beyond the membership record: the member number and
 * the name the import brought (migrations/0014). By user id only, like every membership read.
 */
export interface MemberCardFacts {
  memberNumber: number | null;
  /** The name an import gave; joiners' names are in their application. */
  memberName: string | null;
}

export interface MemberCardStore {
  forUser(userId: string): Promise<MemberCardFacts | null>;
}

export function createMemberCardStore(db: D1Database): MemberCardStore {
  return {
    async forUser(userId) {
      const row = await db
        .prepare("SELECT member_number, member_name FROM memberships WHERE user_id = ?1")
        .bind(userId)
        .first<{ member_number: number | null; member_name: string | null }>();
      return row ? { memberNumber: row.member_number, memberName: row.member_name } : null;
    },
  };
}
