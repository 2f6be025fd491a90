/**
 * The daily job's queries for unpaid orders and applications that have waited too long
 * (services/maintenance/unpaid-releases.ts). Every predicate starts on an index
 * (`orders_status`, `applications_status`: status, created_at), every read is a bounded keyset page,
 * and every write is one statement for a page, so the work stays the same size however many
 * orders the table holds.
 */
import type { BatchQuery } from "./batch-query";

/** An order still awaiting payment, placed before the cut-off: what its cancellation e-mail says. */
export interface StaleOrder {
  id: string;
  userId: string;
  email: string;
  reference: string;
  totalPence: number;
  createdAt: string;
  lines: { title: string; pence: number }[];
  /** The code it reserved a use of, or null. */
  discountCode: string | null;
}

/** Where the last page ended (orders are read oldest first, by created_at then id). */
export interface StaleCursor {
  createdAt: string;
  id: string;
}

export interface UnpaidReleaseStore {
  /** Up to `limit` orders awaiting payment placed before `cutoff`, oldest first, after `after`. */
  staleOrders(cutoff: Date, after: StaleCursor | null, limit: number): Promise<StaleOrder[]>;
  /** One statement cancelling these orders, each only if it is still awaiting payment and placed before `cutoff`. */
  cancel(orderIds: readonly string[], cutoff: Date, reason: string): D1PreparedStatement;
  /** The condition "this order was cancelled for `reason`" (its e-mail is written only then). */
  cancelledFor(orderId: string, reason: string): BatchQuery;
  /**
   * Releases the code uses of up to `limit` join applications still awaiting payment made before
   * `cutoff` (one statement); returns how many were released.
   */
  releaseApplicationUses(cutoff: Date, at: Date, limit: number): Promise<number>;
}

interface StaleOrderRow {
  id: string;
  user_id: string;
  email: string;
  reference: string;
  total_pence: number;
  created_at: string;
  lines: string;
  discount: string | null;
}

/**
 * Orders awaiting payment since before the cutoff (?1), oldest first, ?2 at a time: the first
 * page, and the pages after a row (?3 created, ?4 id). Two statements rather than
 * `?3 IS NULL OR …`, so each page starts its range of `orders_status_created` at the position.
 */
const STALE_ORDERS = "SELECT id, user_id, email, reference, total_pence, created_at, lines, discount FROM orders WHERE status = 'awaiting_payment' AND created_at < ?1";
export const STALE_ORDERS_FIRST_SQL = `${STALE_ORDERS} ORDER BY created_at, id LIMIT ?2`;
export const STALE_ORDERS_AFTER_SQL = `${STALE_ORDERS} AND (created_at, id) > (?3, ?4) ORDER BY created_at, id LIMIT ?2`;

export function createUnpaidReleaseStore(db: D1Database): UnpaidReleaseStore {
  return {
    async staleOrders(cutoff, after, limit) {
      const statement = after
        ? db.prepare(STALE_ORDERS_AFTER_SQL).bind(cutoff.toISOString(), limit, after.createdAt, after.id)
        : db.prepare(STALE_ORDERS_FIRST_SQL).bind(cutoff.toISOString(), limit);
      const { results } = await statement.all<StaleOrderRow>();
      return results.map((row) => ({
        id: row.id,
        userId: row.user_id,
        email: row.email,
        reference: row.reference,
        totalPence: row.total_pence,
        createdAt: row.created_at,
        lines: (JSON.parse(row.lines) as { title: string; pence: number }[]).map(({ title, pence }) => ({ title, pence })),
        discountCode: row.discount ? ((JSON.parse(row.discount) as { code?: string }).code ?? null) : null,
      }));
    },
    cancel(orderIds, cutoff, reason) {
      // The ids travel as one JSON parameter: a page never nears D1's 100 bound parameters.
      return db
        .prepare(
          `UPDATE orders SET status = 'cancelled', cancelled_reason = ?3, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'awaiting_payment' AND created_at < ?2`,
        )
        .bind(JSON.stringify(orderIds), cutoff.toISOString(), reason);
    },
    cancelledFor: (orderId, reason) => ({ select: "SELECT 1 FROM orders WHERE id = ? AND status = 'cancelled' AND cancelled_reason = ?", params: [orderId, reason] }),
    async releaseApplicationUses(cutoff, at, limit) {
      const result = await db
        .prepare(
          `UPDATE discount_redemptions SET released_at = ?2
           WHERE order_id IN (
             SELECT r.order_id FROM applications a JOIN discount_redemptions r ON r.application_id = a.id
             WHERE a.status = 'awaiting_payment' AND a.created_at < ?1 AND r.released_at IS NULL
             LIMIT ?3)`,
        )
        .bind(cutoff.toISOString(), at.toISOString(), limit)
        .run();
      return result.meta.changes;
    },
  };
}
