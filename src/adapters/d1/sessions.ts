/** Sessions in D1 (migrations/0002_sessions.sql). */
export interface SessionRecord {
  id: string;
  userId: string;
  email: string | null;
  emailVerified: boolean;
  createdAt: string;
  expiresAt: string;
  authTime: number;
  revokedAt: string | null;
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
}

export interface SessionStore {
  create(session: Omit<SessionRecord, "createdAt" | "revokedAt">): Promise<void>;
  find(id: string): Promise<SessionRecord | null>;
  revoke(id: string): Promise<void>;
  revokeAllForUser(userId: string): Promise<number>;
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
});

export function createSessionStore(db: D1Database): SessionStore {
  return {
    async create(session) {
      await db
        .prepare("INSERT INTO sessions (id, user_id, email, email_verified, expires_at, auth_time) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(session.id, session.userId, session.email, session.emailVerified ? 1 : 0, session.expiresAt, session.authTime)
        .run();
    },
    async find(id) {
      const row = await db.prepare("SELECT * FROM sessions WHERE id = ?1").bind(id).first<SessionRow>();
      return row ? toRecord(row) : null;
    },
    async revoke(id) {
      await db
        .prepare("UPDATE sessions SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1 AND revoked_at IS NULL")
        .bind(id)
        .run();
    },
    async revokeAllForUser(userId) {
      const result = await db
        .prepare("UPDATE sessions SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE user_id = ?1 AND revoked_at IS NULL")
        .bind(userId)
        .run();
      return result.meta.changes;
    },
  };
}
