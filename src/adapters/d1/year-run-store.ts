/**
 * What the daily job reads and writes about the membership year (services/membership/
 * year-run.ts), at any size: the active records due a lapse or a reminder, read in bounded
 * keyset pages in the order of the index `memberships_status_period` (migrations/0039), and
 * set-based statements that lapse a whole page at once.
 */
import type { MembershipRecord } from "../../domain/membership";
import { scheduleUpkeep } from "./membership-changes";
import { toMembershipRecord, type MembershipRow } from "./memberships";

export interface YearMember {
  record: MembershipRecord;
  /** From the member's latest join application; null for a record made without one (an import). */
  givenName: string | null;
}

/** A keyset position in period order: the last member a page held. */
export interface PeriodPosition {
  periodEnd: string;
  userId: string;
}

export interface MembershipYearStore {
  /**
   * Active records whose period has ended by `endedBy` (an ISO instant), after `after`, in period
   * order, at most `limit`. The lapses read them with `endedBy` = now less the grace days, plus
   * those ended on purpose up to now (`endedOnPurposeBy`), which lapse without grace.
   */
  pastPeriod(bounds: { endedBy: string; endedOnPurposeBy: string }, after: PeriodPosition | null, limit: number): Promise<YearMember[]>;
  /** Active records not ended on purpose, not honorary or life, not suspended, whose period ends after `from` and by `to`, after `after`, in period order. */
  endingBetween(from: string, to: string, after: PeriodPosition | null, limit: number): Promise<YearMember[]>;
  /**
   * Moves these records to lapsed, each only if it is still active with the period end given
   * (renewed meanwhile: unchanged). One statement whatever the number, for a batch.
   */
  lapseMany(members: readonly PeriodPosition[]): D1PreparedStatement;
  /** The guard an outbox message of the year is written under: the record is still active with that period end. */
  readonly stillInPeriod: string;
  /** Scheduled downgrades for everyone: dropped for records no longer active, applied where their renewal has come. */
  scheduleUpkeep(): D1PreparedStatement[];
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]>;
}

/** The member's given name from their latest join application. */
const GIVEN_NAME = `(SELECT a.given_name FROM applications a WHERE a.user_id = m.user_id AND a.kind = 'join' ORDER BY a.created_at DESC LIMIT 1) AS given_name`;
/**
 * After the keyset position ?1/?2, in the index's order. The first page is its own statement
 * rather than `?1 IS NULL OR …`, which would stop SQLite using the index to start at the position.
 */
const AFTER = "(m.period_end, m.user_id) > (?1, ?2)";
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

type Row = MembershipRow & { given_name: string | null };
const toYearMember = (row: Row): YearMember => ({ record: toMembershipRecord(row), givenName: row.given_name });

export function createMembershipYearStore(db: D1Database): MembershipYearStore {
  const page = async (where: string, params: unknown[], after: PeriodPosition | null, limit: number) => {
    const { results } = await db
      .prepare(
        `SELECT m.*, ${GIVEN_NAME} FROM memberships m
         WHERE m.status = 'active' AND m.period_end IS NOT NULL AND ${where} AND ${after ? AFTER : "?1 IS NULL AND ?2 IS NULL"}
         ORDER BY m.period_end, m.user_id LIMIT ?3`,
      )
      .bind(after?.periodEnd ?? null, after?.userId ?? null, limit, ...params)
      .all<Row>();
    return results.map(toYearMember);
  };
  return {
    // Period ends are ISO dates or instants: as text, a day sorts before every instant of that
    // day, which is when member-state.ts says a day's period ends.
    // Honorary and life memberships never lapse nor hear about renewing, whatever period end an
    // older record may still carry; a suspended member is not asked to renew while suspended.
    pastPeriod: ({ endedBy, endedOnPurposeBy }, after, limit) =>
      page(`m.period_end <= ?5 AND (m.period_end <= ?4 OR m.ends_on IS NOT NULL) AND m.honour IS NULL`, [endedBy, endedOnPurposeBy], after, limit),
    endingBetween: (from, to, after, limit) =>
      page(`m.period_end > ?4 AND m.period_end <= ?5 AND m.ends_on IS NULL AND m.honour IS NULL AND m.suspended_on IS NULL`, [from, to], after, limit),
    lapseMany: (members) =>
      db
        .prepare(
          `UPDATE memberships SET status = 'lapsed', updated_at = ${NOW}
           WHERE status = 'active'
             AND user_id IN (SELECT json_extract(value, '$[0]') FROM json_each(?1))
             AND period_end = (SELECT json_extract(value, '$[1]') FROM json_each(?1) WHERE json_extract(value, '$[0]') = memberships.user_id)
           RETURNING user_id`,
        )
        .bind(JSON.stringify(members.map((m) => [m.userId, m.periodEnd]))),
    stillInPeriod: "SELECT 1 FROM memberships WHERE user_id = ? AND status = 'active' AND period_end = ?",
    scheduleUpkeep: () => scheduleUpkeep(db, null),
    batch: (statements) => db.batch(statements),
  };
}
