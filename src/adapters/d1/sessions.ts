/** Sessions in D1 (migrations/0002_sessions.sql, 0007_session_account_check.sql, 0034_staff_second_factor_sessions.sql). */
export interface SessionRecord {
  id: string;
  userId: string;
  email: string | null;
  emailVerified: boolean;
  createdAt: string;
  expiresAt: string;
  authTime: number;
  revokedAt: string | null;
  /** When Firebase last vouched for the account (seconds since the epoch). */
  accountCheckedAt: number;
  /** When a check last failed to reach Firebase (seconds), or null. */
  accountCheckFailedAt: number | null;
  /** When this session passed the staff's second factor (seconds), or null. */
  secondFactorAt: number | null;
}

interface SessionRow {
  id: string;
  user_id: string;
  email: string | null;
  email_verified: number;
  created_at: string;
  expires_at: string;
  auth_time: number;
  revoked_at: string | null;
  account_checked_at: number;
  account_check_failed_at: number | null;
  second_factor_at: number | null;
}

export interface SessionStore {
  create(session: Omit<SessionRecord, "createdAt" | "revokedAt" | "accountCheckFailedAt" | "secondFactorAt">): Promise<void>;
  find(id: string): Promise<SessionRecord | null>;
  revoke(id: string): Promise<void>;
  revokeAllForUser(userId: string): Promise<number>;
  /** Revokes the user's sessions signed in (auth_time) before `seconds`. */
  revokeSignedInBefore(userId: string, seconds: number): Promise<number>;
  markAccountChecked(id: string, seconds: number): Promise<void>;
  markAccountCheckFailed(id: string, seconds: number): Promise<void>;
  /** Records that the session passed the staff's second factor (0017_staff_roles.sql). */
  markSecondFactor(id: string, seconds: number): Promise<void>;
  /** A statement (for a batch) revoking the sessions of `email` that passed the staff's second factor (0034's index). */
  revokePassedSecondFactor(email: string): D1PreparedStatement;
}

const toRecord = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  email: row.email,
  emailVerified: row.email_verified === 1,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  authTime: row.auth_time,
  revokedAt: row.revoked_at,
  accountCheckedAt: row.account_checked_at,
  accountCheckFailedAt: row.account_check_failed_at,
  secondFactorAt: row.second_factor_at ?? null,
});

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createSessionStore(db: D1Database): SessionStore {
  return {
    async create(session) {
      await db
        .prepare(
          "INSERT INTO sessions (id, user_id, email, email_verified, expires_at, auth_time, account_checked_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )
        .bind(session.id, session.userId, session.email, session.emailVerified ? 1 : 0, session.expiresAt, session.authTime, session.accountCheckedAt)
        .run();
    },
    async find(id) {
      const row = await db.prepare("SELECT * FROM sessions WHERE id = ?1").bind(id).first<SessionRow>();
      return row ? toRecord(row) : null;
    },
    async revoke(id) {
      await db.prepare(`UPDATE sessions SET revoked_at = ${NOW} WHERE id = ?1 AND revoked_at IS NULL`).bind(id).run();
    },
    async revokeAllForUser(userId) {
      const result = await db.prepare(`UPDATE sessions SET revoked_at = ${NOW} WHERE user_id = ?1 AND revoked_at IS NULL`).bind(userId).run();
      return result.meta.changes;
    },
    async revokeSignedInBefore(userId, seconds) {
      const result = await db
        .prepare(`UPDATE sessions SET revoked_at = ${NOW} WHERE user_id = ?1 AND auth_time < ?2 AND revoked_at IS NULL`)
        .bind(userId, seconds)
        .run();
      return result.meta.changes;
    },
    async markAccountChecked(id, seconds) {
      await db.prepare("UPDATE sessions SET account_checked_at = ?2, account_check_failed_at = NULL WHERE id = ?1").bind(id, seconds).run();
    },
    async markSecondFactor(id, seconds) {
      await db.prepare("UPDATE sessions SET second_factor_at = ?2 WHERE id = ?1 AND revoked_at IS NULL").bind(id, seconds).run();
    },
    revokePassedSecondFactor: (email) =>
      db
        .prepare(`UPDATE sessions SET revoked_at = ${NOW} WHERE lower(email) = lower(?1) AND second_factor_at IS NOT NULL AND revoked_at IS NULL`)
        .bind(email),
    async markAccountCheckFailed(id, seconds) {
      await db.prepare("UPDATE sessions SET account_check_failed_at = ?2 WHERE id = ?1").bind(id, seconds).run();
    },
  };
}
