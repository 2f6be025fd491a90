/**
 * Whether a user's records were merged into another's (their sign-in is then refused). Its own
 * module, apart from the merge's SQL (member-merges.ts), because every sign-in asks it: the
 * merge itself is the staff area's.
 */
export function createMergedAwayCheck(db: D1Database) {
  return async (userId: string): Promise<boolean> => (await db.prepare("SELECT 1 AS merged FROM member_merges WHERE merged_user_id = ?1").bind(userId).first()) !== null;
}
