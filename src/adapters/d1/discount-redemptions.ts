/**
 * Uses of discount codes (migrations/0023_discount_codes.sql, 0027): one row per order or join
 * application priced with a code. A use counts while its order is not cancelled (a cancelled
 * order gives its use back) or its application is not rejected. An application's row keeps its
 * id in both `order_id` (the row's key) and `application_id`.
 * The reservation is a conditional insert: it happens only if the code's caps still allow it,
 * evaluated inside the order's own batch (D1 runs a batch as one transaction), so however many
 * checkouts race for the last use, only one gets it.
 * An application left unpaid too long has its use released (`released_at`, by the daily job): it
 * stops counting until the application is paid.
 */
import type { CodeUsage } from "../../shared/pricing/discount-code";

/**
 * Uses that count: those whose order exists and is not cancelled, or whose application is paid,
 * or awaiting payment with its use not released.
 */
const COUNTED = `SELECT count(*) FROM discount_redemptions r WHERE r.code = ?1
  AND (EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND r.application_id IS NULL AND o.status <> 'cancelled')
    OR EXISTS (SELECT 1 FROM applications a WHERE a.id = r.application_id
      AND (a.status = 'paid' OR (a.status = 'awaiting_payment' AND r.released_at IS NULL))))`;

export interface CodeCaps {
  maxRedemptions: number | null;
  maxPerUser: number | null;
}

/**
 * The caps' conditions (?5 the code's cap, ?6 the cap per buyer), only for the caps a code has:
 * a statement per combination rather than `?5 IS NULL OR …`, so each count is one read of
 * `discount_redemptions_code` (code, user_id) and a code without caps counts nothing at all.
 */
function capsWhere(caps: CodeCaps): string {
  return [
    caps.maxRedemptions !== null ? `AND (${COUNTED}) < ?5` : "",
    caps.maxPerUser !== null ? `AND (${COUNTED} AND r.user_id = ?2) < ?6` : "",
  ].join(" ");
}

/** The values of `capsWhere`'s ?5 and ?6, present up to the last cap it uses (D1 refuses values a statement does not number). */
function capsValues(caps: CodeCaps): unknown[] {
  if (caps.maxPerUser !== null) return [caps.maxRedemptions ?? 0, caps.maxPerUser];
  return caps.maxRedemptions !== null ? [caps.maxRedemptions] : [];
}

/** A code's uses that count, in all and by one buyer (?1 code, ?2 user id). */
export const CODE_USAGE_SQL = `SELECT (${COUNTED}) AS total, (${COUNTED} AND r.user_id = ?2) AS by_buyer`;

/** The reservation of a use for an order (?3) unless its idempotency key (?4) was used, within the caps a code has. */
export const reserveForOrderSql = (caps: CodeCaps) => `INSERT INTO discount_redemptions (order_id, code, user_id)
       SELECT ?3, ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM orders WHERE idempotency_key = ?4)
         ${capsWhere(caps)}`;

/** The same for a join application (?3 its id). */
export const reserveForApplicationSql = (caps: CodeCaps) => `INSERT INTO discount_redemptions (order_id, application_id, code, user_id)
       SELECT ?3, ?3, ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM applications WHERE idempotency_key = ?4)
         ${capsWhere(caps)}`;

export interface RedemptionStore {
  usage(code: string, userId: string): Promise<CodeUsage>;
}

export function createRedemptionStore(db: D1Database): RedemptionStore {
  return {
    async usage(code, userId) {
      const row = await db
        .prepare(CODE_USAGE_SQL)
        .bind(code, userId)
        .first<{ total: number; by_buyer: number }>();
      return { total: row?.total ?? 0, byBuyer: row?.by_buyer ?? 0 };
    },
  };
}

/**
 * The statement that reserves a use of `code` for a new order, unless its idempotency key was used
 * before or a cap is reached. The order's insert that follows it in the batch is made conditional
 * on this row (`reservedFor`).
 */
export function reserveRedemption(
  db: D1Database,
  r: { orderId: string; idempotencyKey: string; code: string; userId: string; caps: CodeCaps },
): D1PreparedStatement {
  return db
    .prepare(reserveForOrderSql(r.caps))
    .bind(r.code, r.userId, r.orderId, r.idempotencyKey, ...capsValues(r.caps));
}

/**
 * The statement that reserves a use of `code` for a new join application, unless its idempotency
 * key was used before or a cap is reached. The application's insert that follows it in the batch
 * is made conditional on this row (`reservedFor`).
 */
export function reserveApplicationRedemption(
  db: D1Database,
  r: { applicationId: string; idempotencyKey: string; code: string; userId: string; caps: CodeCaps },
): D1PreparedStatement {
  return db
    .prepare(reserveForApplicationSql(r.caps))
    .bind(r.code, r.userId, r.applicationId, r.idempotencyKey, ...capsValues(r.caps));
}

/** The SQL condition "this order's use of a code was reserved" (the order id is the parameter given). */
export const reservedFor = (param: string) => `EXISTS (SELECT 1 FROM discount_redemptions WHERE order_id = ${param})`;
