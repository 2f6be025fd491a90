/**
 * The staff dashboard's reads in D1, each an aggregate D1 works out on an index or a roll-up, so
 * the Worker receives a few hundred rows whatever the society's size: membership records by type
 * and status (from the roll-up `membership_counts`, kept in step with `memberships` by triggers:
 * migrations/0043), and from the days kept in `finance_days` (migrations/0053, 0070): joins and
 * renewals (membership payments) by month, money by stream and month (receipts less credit notes)
 * and lapses by the hour their grace ran out.
 */
import type { MembershipStatus } from "../../domain/membership";
import type { ReceiptSource } from "../../domain/receipts";
import { fillFinanceDays } from "./ledger";

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
   * Lapsed records whose period ended on the UTC days from `after` to `upTo` (instants, ms since
   * 1970), counted by the UTC hour (YYYY-MM-DDTHH) their grace of `graceDays` ran out: the lapse
   * itself. Read from the days kept in `finance_days` (each day's lapsed records by the hour their
   * period ended, added up through the register's index the first time the day is read), so at
   * most one row per hour comes back, however many lapsed.
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
 * Lapses by the UTC hour their grace (?3 whole days) ran out, for period ends on the kept days ?1
 * to ?2: each day's hours of period end moved on by the grace. By the hour because London's
 * months begin on a UTC hour, summer time or not: the service puts each hour in its London month.
 */
export const LAPSES_BY_HOUR_SQL = `SELECT strftime('%Y-%m-%dT%H', f.day || ' ' || json_each.key || ':00:00', '+' || ?3 || ' days') AS hour, SUM(json_each.value) AS count
  FROM finance_days f, json_each(f.lapses) WHERE f.day BETWEEN ?1 AND ?2
  GROUP BY hour`;

/**
 * Joins, renewals and money by month, from the days kept in `finance_days` (migrations/0053, filled
 * by FILL_FINANCE_DAYS_SQL with the rules above): a row a day, whatever the society's size.
 */
const byMonth = (column: string) =>
  `SELECT substr(day, 1, 7) AS month, SUM(${column}) AS count FROM finance_days WHERE day BETWEEN ?1 AND ?2 GROUP BY month`;
const JOINS_SQL = byMonth("joins");
const RENEWALS_SQL = byMonth("renewals");
const bySourceAndMonth = (membership: string, order: string) =>
  `SELECT 'membership' AS source, substr(day, 1, 7) AS month, SUM(${membership}) AS pence FROM finance_days WHERE day BETWEEN ?1 AND ?2 GROUP BY month
   UNION ALL SELECT 'order' AS source, substr(day, 1, 7) AS month, SUM(${order}) AS pence FROM finance_days WHERE day BETWEEN ?1 AND ?2 GROUP BY month`;
const RECEIVED_SQL = bySourceAndMonth("received_membership_pence", "received_order_pence");
const REFUNDED_SQL = bySourceAndMonth("refunded_membership_pence", "refunded_order_pence");

/** Every statement the dashboard runs, for the query-plan test. */
export const DASHBOARD_SQL = { MEMBERS_BY_TYPE_SQL, LAPSES_BY_HOUR_SQL, JOINS_SQL, RENEWALS_SQL, RECEIVED_SQL, REFUNDED_SQL } as const;

export function createDashboardStore(db: D1Database): DashboardStore {
  // The range's days are added up (those not kept yet) once per store, before the first read of them.
  const filled = new Map<string, Promise<unknown>>();
  const fill = (from: string, to: string) => {
    const key = `${from}|${to}`;
    if (!filled.has(key)) filled.set(key, db.batch(fillFinanceDays(db, from, to)));
    return filled.get(key)!;
  };
  const months = async (sql: string, from: string, to: string) => (await fill(from, to), (await db.prepare(sql).bind(from, to).all<MonthCount>()).results);
  const amounts = async (sql: string, from: string, to: string) => (await fill(from, to), (await db.prepare(sql).bind(from, to).all<MonthAmount>()).results);
  return {
    async membersByTypeAndStatus() {
      const { results } = await db.prepare(MEMBERS_BY_TYPE_SQL).all<{ type: string; status: MembershipStatus; count: number }>();
      return results;
    },
    joins: (from, to) => months(JOINS_SQL, from, to),
    renewals: (from, to) => months(RENEWALS_SQL, from, to),
    async lapsesByHour(after, upTo, graceDays) {
      const [from, to] = [after, upTo].map((ms) => new Date(ms).toISOString().slice(0, 10)) as [string, string];
      await fill(from, to);
      const { results } = await db.prepare(LAPSES_BY_HOUR_SQL).bind(from, to, graceDays).all<{ hour: string; count: number }>();
      return results;
    },
    received: (from, to) => amounts(RECEIVED_SQL, from, to),
    refunded: (from, to) => amounts(REFUNDED_SQL, from, to),
  };
}
