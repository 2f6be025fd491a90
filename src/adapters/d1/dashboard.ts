/**
 * The staff dashboard's reads in D1: membership records by type and status, joins and renewals
 * (membership payments) by month, lapsed records' period ends, and money by stream and month
 * (receipts less credit notes).
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
   * The period end of each lapsed record whose period ended after `after` and by `upTo` (instants,
   * ms since 1970): the lapse itself came when its grace ended. Read through the register's index
   * (`memberships_state_end`, migrations/0037), so only the months asked for are read.
   */
  lapsedPeriodEnds(after: number, upTo: number): Promise<string[]>;
  /** Receipts by the month paid, and credit notes by the month refunded, per stream. */
  received(from: string, to: string): Promise<MonthAmount[]>;
  refunded(from: string, to: string): Promise<MonthAmount[]>;
}

export function createDashboardStore(db: D1Database): DashboardStore {
  const months = async (sql: string, from: string, to: string) => (await db.prepare(sql).bind(from, to).all<MonthCount>()).results;
  const amounts = async (sql: string, from: string, to: string) => (await db.prepare(sql).bind(from, to).all<MonthAmount>()).results;
  return {
    async membersByTypeAndStatus() {
      const { results } = await db
        .prepare(`SELECT membership_title AS type, status, COUNT(*) AS count FROM memberships GROUP BY membership_title, status`)
        .all<{ type: string; status: MembershipStatus; count: number }>();
      return results;
    },
    // A first payment in the range is a payment in the range with none before the range began:
    // only the range's payments are read (payments_received_on), not every payment ever made.
    joins: (from, to) =>
      months(
        `SELECT substr(first_paid, 1, 7) AS month, COUNT(*) AS count
         FROM (SELECT MIN(p.received_on) AS first_paid FROM payments p JOIN applications a ON a.id = p.application_id
               WHERE a.kind = 'join' AND p.received_on BETWEEN ?1 AND ?2
                 AND NOT EXISTS (SELECT 1 FROM payments e WHERE e.application_id = p.application_id AND e.received_on < ?1)
               GROUP BY p.application_id)
         GROUP BY month`,
        from,
        to,
      ),
    renewals: (from, to) =>
      months(
        `SELECT substr(p.received_on, 1, 7) AS month, COUNT(*) AS count
         FROM payments p JOIN applications a ON a.id = p.application_id
         WHERE p.received_on BETWEEN ?1 AND ?2
           AND (a.kind = 'renewal'
             OR (a.kind = 'join' AND p.id <> (SELECT first.id FROM payments first WHERE first.application_id = a.id ORDER BY first.received_on, first.created_at, first.id LIMIT 1)))
         GROUP BY month`,
        from,
        to,
      ),
    async lapsedPeriodEnds(after, upTo) {
      const { results } = await db
        .prepare(`SELECT period_end FROM memberships WHERE status = 'lapsed' AND ${PERIOD_END_KEY} > ?1 AND ${PERIOD_END_KEY} <= ?2 AND period_end IS NOT NULL`)
        .bind(after / 1000, upTo / 1000)
        .all<{ period_end: string }>();
      return results.map((r) => r.period_end);
    },
    received: (from, to) =>
      amounts(`SELECT source, substr(paid_on, 1, 7) AS month, SUM(total_pence) AS pence FROM receipts WHERE paid_on BETWEEN ?1 AND ?2 GROUP BY source, month`, from, to),
    refunded: (from, to) =>
      amounts(
        `SELECT source, substr(refunded_on, 1, 7) AS month, SUM(total_pence) AS pence FROM credit_notes WHERE refunded_on BETWEEN ?1 AND ?2 GROUP BY source, month`,
        from,
        to,
      ),
  };
}
