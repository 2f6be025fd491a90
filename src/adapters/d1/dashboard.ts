/**
 * The staff dashboard's reads in D1, each an aggregate D1 works out on an index, so the Worker
 * receives a few hundred rows whatever the society's size: membership records by type and status
 * (from the roll-up `membership_counts`, kept in step with `memberships` by triggers:
 * migrations/0043), joins and renewals (membership payments) by month, lapses by the hour their
 * grace ran out, and money by stream and month (receipts less credit notes).
 */
import type { MembershipStatus } from "../../domain/membership";
import type { ReceiptSource } from "../../domain/receipts";
import { PERIOD_END_KEY } from "./members-register";

/** How many of something in a month (YYYY-MM). */
export interface MonthCount {
  month: string;
  count: number;
}

export interface MonthAmount {
  source: ReceiptSource;
  month: string;
  pence: number;
}

export interface DashboardStore {
  membersByTypeAndStatus(): Promise<{ type: string; status: MembershipStatus; count: number }[]>;
  /** Join applications by the month of their first payment, first payments from `from` to `to` (days). */
  joins(from: string, to: string): Promise<MonthCount[]>;
  /**
   * Membership payments that pay for another year: every payment for a renewal application, and
   * every payment after the first for a join application (a card subscription's yearly invoice).
   */
  renewals(from: string, to: string): Promise<MonthCount[]>;
  /**
   * Lapsed records whose period ended after `after` and by `upTo` (instants, ms since 1970),
   * counted by the UTC hour (YYYY-MM-DDTHH) their grace of `graceDays` ran out: the lapse itself.
   * Read through the register's index (`memberships_state_end`, migrations/0037), so only the
   * months asked for are read; at most one row per hour comes back, however many lapsed.
   */
  lapsesByHour(after: number, upTo: number, graceDays: number): Promise<{ hour: string; count: number }[]>;
  /** Receipts by the month paid, and credit notes by the month refunded, per stream. */
  received(from: string, to: string): Promise<MonthAmount[]>;
  refunded(from: string, to: string): Promise<MonthAmount[]>;
}

/** Records by type and status, from the roll-up (one read of its primary key per status). */
export const MEMBERS_BY_TYPE_SQL = `SELECT membership_title AS type, status, count FROM membership_counts
  WHERE status IN ('active', 'awaiting_payment', 'lapsed', 'cancelled') AND count > 0`;

/**
 * Lapses by the UTC hour their grace (?3 seconds) ran out, for period ends in (?1, ?2] seconds.
 * By the hour because London's months begin on a UTC hour, summer time or not: the service
 * puts each hour in its London month.
 */
export const LAPSES_BY_HOUR_SQL = `SELECT strftime('%Y-%m-%dT%H', ${PERIOD_END_KEY} + ?3, 'unixepoch') AS hour, COUNT(*) AS count
  FROM memberships WHERE status = 'lapsed' AND ${PERIOD_END_KEY} > ?1 AND ${PERIOD_END_KEY} <= ?2 AND period_end IS NOT NULL
  GROUP BY hour`;

const JOINS_SQL = `SELECT substr(first_paid, 1, 7) AS month, COUNT(*) AS count
         FROM (SELECT MIN(p.received_on) AS first_paid FROM payments p JOIN applications a ON a.id = p.application_id
               WHERE a.kind = 'join' AND p.received_on BETWEEN ?1 AND ?2
                 AND NOT EXISTS (SELECT 1 FROM payments e WHERE e.application_id = p.application_id AND e.received_on < ?1)
               GROUP BY p.application_id)
         GROUP BY month`;

const RENEWALS_SQL = `SELECT substr(p.received_on, 1, 7) AS month, COUNT(*) AS count
         FROM payments p JOIN applications a ON a.id = p.application_id
         WHERE p.received_on BETWEEN ?1 AND ?2
           AND (a.kind = 'renewal'
             OR (a.kind = 'join' AND p.id <> (SELECT first.id FROM payments first WHERE first.application_id = a.id ORDER BY first.received_on, first.created_at, first.id LIMIT 1)))
         GROUP BY month`;

const RECEIVED_SQL = "SELECT source, substr(paid_on, 1, 7) AS month, SUM(total_pence) AS pence FROM receipts WHERE paid_on BETWEEN ?1 AND ?2 GROUP BY source, month";
const REFUNDED_SQL = "SELECT source, substr(refunded_on, 1, 7) AS month, SUM(total_pence) AS pence FROM credit_notes WHERE refunded_on BETWEEN ?1 AND ?2 GROUP BY source, month";

/** Every statement the dashboard runs, for the query-plan test. */
export const DASHBOARD_SQL = { MEMBERS_BY_TYPE_SQL, LAPSES_BY_HOUR_SQL, JOINS_SQL, RENEWALS_SQL, RECEIVED_SQL, REFUNDED_SQL } as const;

export function createDashboardStore(db: D1Database): DashboardStore {
  const months = async (sql: string, from: string, to: string) => (await db.prepare(sql).bind(from, to).all<MonthCount>()).results;
  const amounts = async (sql: string, from: string, to: string) => (await db.prepare(sql).bind(from, to).all<MonthAmount>()).results;
  return {
    async membersByTypeAndStatus() {
      const { results } = await db.prepare(MEMBERS_BY_TYPE_SQL).all<{ type: string; status: MembershipStatus; count: number }>();
      return results;
    },
    // A first payment in the range is a payment in the range with none before the range began:
    // only the range's payments are read (payments_received_on), not every payment ever made.
    joins: (from, to) => months(JOINS_SQL, from, to),
    renewals: (from, to) => months(RENEWALS_SQL, from, to),
    async lapsesByHour(after, upTo, graceDays) {
      const { results } = await db.prepare(LAPSES_BY_HOUR_SQL).bind(after / 1000, upTo / 1000, graceDays * 86_400).all<{ hour: string; count: number }>();
      return results;
    },
    received: (from, to) => amounts(RECEIVED_SQL, from, to),
    refunded: (from, to) => amounts(REFUNDED_SQL, from, to),
  };
}
