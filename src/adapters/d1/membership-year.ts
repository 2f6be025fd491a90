/**
 * What the daily job reads and writes about the membership year (services/membership/
 * membership-year.ts): the active records with a paid period, moving one to lapsed, and the
 * condition a renewal reminder is written under.
 */
import type { MembershipRecord } from "../../domain/membership";
import type { OutboxCondition } from "./outbox";
import { scheduleUpkeep } from "./membership-changes";
import { toMembershipRecord, type MembershipRow } from "./memberships";

export interface YearMember {
  record: MembershipRecord;
  /** From the member's latest join application; null for a record made without one (an import). */
  givenName: string | null;
}

export interface MembershipYearStore {
  /** Every active record with a period end, oldest end first. */
  activeWithPeriod(): Promise<YearMember[]>;
  /** Moves the record to lapsed, only if it is still active with this period end (a statement for a batch). */
  lapse(userId: string, periodEnd: string): D1PreparedStatement;
  /** A message is written only while the record is still active with this period end (renewed meanwhile: none). */
  stillInPeriod(userId: string, periodEnd: string): OutboxCondition;
  /** Scheduled downgrades for everyone: dropped for records no longer active, applied where their renewal has come. */
  scheduleUpkeep(): D1PreparedStatement[];
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createMembershipYearStore(db: D1Database): MembershipYearStore {
  return {
    async activeWithPeriod() {
      const { results } = await db
        .prepare(
          `SELECT m.*, (SELECT a.given_name FROM applications a WHERE a.user_id = m.user_id AND a.kind = 'join' ORDER BY a.created_at DESC LIMIT 1) AS given_name
           FROM memberships m WHERE m.status = 'active' AND m.period_end IS NOT NULL ORDER BY julianday(m.period_end)`,
        )
        .all<MembershipRow & { given_name: string | null }>();
      return results.map((row) => ({ record: toMembershipRecord(row), givenName: row.given_name }));
    },
    lapse: (userId, periodEnd) =>
      db.prepare(`UPDATE memberships SET status = 'lapsed', updated_at = ${NOW} WHERE user_id = ?1 AND status = 'active' AND period_end = ?2`).bind(userId, periodEnd),
    stillInPeriod: (userId, periodEnd) => ({ exists: "SELECT 1 FROM memberships WHERE user_id = ? AND status = 'active' AND period_end = ?", params: [userId, periodEnd] }),
    scheduleUpkeep: () => scheduleUpkeep(db, null),
    batch: (statements) => db.batch(statements),
  };
}
