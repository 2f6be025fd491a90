/**
 * The staff's TOTP secrets (sealed), recovery codes (digests) and wrong-code counts in D1
 * (migrations/0017_staff_roles.sql, 0034_staff_second_factor_sessions.sql).
 */
export interface SecondFactorRecord {
  /** Sealed (services/staff/secret-box). */
  secret: string;
  confirmed: boolean;
  lastUsedStep: number;
  /** The session setting up a pending secret; null once confirmed. */
  pendingSessionId: string | null;
}

export interface SecondFactorStore {
  find(email: string): Promise<SecondFactorRecord | null>;
  /** Keeps a new pending secret for the session setting it up; changes nothing once one is confirmed. */
  savePending(email: string, sealedSecret: string, sessionId: string): Promise<void>;
  /** Confirms the session's pending secret at `step` and replaces the recovery codes; false when that session has no pending secret. */
  confirm(email: string, sessionId: string, step: number, recoveryCodeHashes: readonly string[]): Promise<boolean>;
  /** Takes a step for a confirmed secret if it is newer than every step used before (so each code works once). */
  useStep(email: string, step: number): Promise<boolean>;
  /** Uses a recovery code once; false when unknown or used. */
  useRecoveryCode(email: string, codeHash: string): Promise<boolean>;
  unusedRecoveryCodes(email: string): Promise<number>;
  /**
   * Counts an attempt at `seconds` as a wrong code unless `max` were counted since `sinceSeconds`;
   * false (nothing counted) when they were. One statement, so attempts arriving together cannot
   * all read "fewer than `max`": at most `max` are ever let through to be checked.
   */
  countAttempt(email: string, seconds: number, sinceSeconds: number, max: number): Promise<boolean>;
  /** Forgets the counted attempts (the right code was given). */
  clearFailures(email: string): Promise<void>;
  /** Statements that forget the member's secret and recovery codes (for a batch). */
  forget(email: string): D1PreparedStatement[];
}

interface Row {
  secret: string;
  confirmed_at: string | null;
  last_used_step: number;
  pending_session_id: string | null;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createSecondFactorStore(db: D1Database): SecondFactorStore {
  return {
    async find(email) {
      const row = await db
        .prepare("SELECT secret, confirmed_at, last_used_step, pending_session_id FROM staff_second_factors WHERE email = ?1")
        .bind(email)
        .first<Row>();
      return row ? { secret: row.secret, confirmed: row.confirmed_at !== null, lastUsedStep: row.last_used_step, pendingSessionId: row.pending_session_id } : null;
    },
    async savePending(email, sealedSecret, sessionId) {
      await db
        .prepare(
          `INSERT INTO staff_second_factors (email, secret, pending_session_id) VALUES (?1, ?2, ?3)
           ON CONFLICT (email) DO UPDATE SET secret = excluded.secret, pending_session_id = excluded.pending_session_id, created_at = ${NOW}
           WHERE staff_second_factors.confirmed_at IS NULL`,
        )
        .bind(email, sealedSecret, sessionId)
        .run();
    },
    async confirm(email, sessionId, step, hashes) {
      const confirmed = await db
        .prepare(
          `UPDATE staff_second_factors SET confirmed_at = ${NOW}, last_used_step = ?3, pending_session_id = NULL
           WHERE email = ?1 AND confirmed_at IS NULL AND pending_session_id = ?2`,
        )
        .bind(email, sessionId, step)
        .run();
      if (confirmed.meta.changes === 0) return false;
      await db.batch([
        db.prepare("DELETE FROM staff_recovery_codes WHERE email = ?1").bind(email),
        db.prepare("INSERT INTO staff_recovery_codes (email, code_hash) SELECT ?1, value FROM json_each(?2)").bind(email, JSON.stringify(hashes)),
      ]);
      return true;
    },
    async useStep(email, step) {
      const result = await db
        .prepare("UPDATE staff_second_factors SET last_used_step = ?2 WHERE email = ?1 AND confirmed_at IS NOT NULL AND last_used_step < ?2")
        .bind(email, step)
        .run();
      return result.meta.changes > 0;
    },
    async useRecoveryCode(email, codeHash) {
      const result = await db
        .prepare(`UPDATE staff_recovery_codes SET used_at = ${NOW} WHERE email = ?1 AND code_hash = ?2 AND used_at IS NULL`)
        .bind(email, codeHash)
        .run();
      return result.meta.changes > 0;
    },
    async unusedRecoveryCodes(email) {
      const row = await db.prepare("SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE email = ?1 AND used_at IS NULL").bind(email).first<{ n: number }>();
      return row?.n ?? 0;
    },
    async countAttempt(email, seconds, sinceSeconds, max) {
      const counted = await db
        .prepare(
          `INSERT INTO staff_second_factor_failures (email, at)
           SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM staff_second_factor_failures WHERE email = ?1 AND at >= ?3) < ?4`,
        )
        .bind(email, seconds, sinceSeconds, max)
        .run();
      return counted.meta.changes > 0;
    },
    async clearFailures(email) {
      await db.prepare("DELETE FROM staff_second_factor_failures WHERE email = ?1").bind(email).run();
    },
    forget: (email) => [
      db.prepare("DELETE FROM staff_second_factors WHERE email = ?1").bind(email),
      db.prepare("DELETE FROM staff_recovery_codes WHERE email = ?1").bind(email),
    ],
  };
}
