/**
 * Webinar orders, their payments and the entitlements they grant (migrations/0006_orders.sql).
 * Paying an order, granting its webinars and (for staff) the audit entry are one D1 batch, and
 * happen only on the order's one transition from awaiting payment to paid: fulfilment is
 * exactly once however many times a webhook or a staff form arrives.
 */
import { billingColumn, parseBilling } from "./billing-column";
import type { OrderStatus, OrderPaymentMethod, OrderLine, Order, NewOrder, OrderPayment, OrderAudit, OrderDiscount } from "../../domain/orders";
import { confirmOrderBookings } from "./event-bookings";
import { reserveRedemption, reservedFor, type CodeCaps } from "./discount-redemptions";
import { cappedCounts, newestFirstPage, numberedParams, sumCounts, type BuiltStatement, type CreatedCursor } from "./newest-first-pages";

interface OrderRow {
  id: string;
  idempotency_key: string;
  reference: string;
  user_id: string;
  email: string;
  payment_method: OrderPaymentMethod;
  total_pence: number;
  status: OrderStatus;
  lines: string;
  webinar_ids: string;
  discount: string | null;
  billing: string | null;
  checkout_session_id: string | null;
  cancelled_reason: string | null;
  created_at: string;
  updated_at: string;
}

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  reference: row.reference,
  userId: row.user_id,
  email: row.email,
  paymentMethod: row.payment_method,
  totalPence: row.total_pence,
  status: row.status,
  // Orders placed before VAT treatments were recorded carry none: they were sold at the standard rate.
  lines: (JSON.parse(row.lines) as (Omit<OrderLine, "vatTreatment"> & Partial<Pick<OrderLine, "vatTreatment">>)[]).map((line) => ({ ...line, vatTreatment: line.vatTreatment ?? "standard" })),
  webinarIds: JSON.parse(row.webinar_ids) as string[],
  discount: row.discount ? (JSON.parse(row.discount) as OrderDiscount) : null,
  billing: parseBilling(row.billing),
  checkoutSessionId: row.checkout_session_id,
  cancelledReason: row.cancelled_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface OrderStore {
  /**
   * Stores a new order awaiting payment; a free order (total 0) is stored paid with its
   * entitlements granted, in the same batch, which `then` (its e-mail) ends. An order priced with
   * a discount code first reserves a use of it within `codeCaps` (discount-redemptions.ts). False,
   * storing nothing, when the idempotency key was used before or the code's caps are reached.
   */
  create(order: NewOrder, then?: readonly D1PreparedStatement[], codeCaps?: CodeCaps): Promise<boolean>;
  byId(id: string): Promise<Order | null>;
  byIdempotencyKey(key: string): Promise<Order | null>;
  forUser(userId: string): Promise<Order[]>;
  /**
   * Up to `limit`, newest first (by when made, then id), from `cursor` when given (keyset paging
   * through `orders_status_created`, migrations/0037: see newest-first-pages.ts).
   */
  list(filter: OrderListFilter & { limit: number; cursor?: CreatedCursor | null }): Promise<Order[]>;
  /** How many match, each status counted up to `cap` (so `cap` or more means at least that many). */
  count(filter: OrderListFilter, cap: number): Promise<number>;
  payments(orderId: string): Promise<(OrderPayment & { createdAt: string })[]>;
  setCheckoutSession(orderId: string, sessionId: string): Promise<void>;
  /**
   * Records the payment, marks the order paid and grants its webinars, only if the order was
   * awaiting payment (a card payment also pays a cancelled order: the money was taken), with its
   * audit entry when staff record it, then `then` (the receipt, the e-mail), in one batch. True
   * when this call paid it.
   */
  pay(order: Order, payment: OrderPayment, audit: OrderAudit | null, then?: readonly D1PreparedStatement[]): Promise<boolean>;
  /** Changes how an order still awaiting payment will be paid. */
  setPaymentMethod(order: Order, method: "card" | "offline"): Promise<boolean>;
  /** Cancels an order still awaiting payment (staff, with a reason and audit entry). */
  cancel(order: Order, reason: string, audit: OrderAudit): Promise<boolean>;
  /** The webinar ids this user has been granted, less those suspended by an open dispute. */
  entitledWebinarIds(userId: string): Promise<Set<string>>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface OrderListFilter {
  status?: OrderStatus;
  search?: string;
}

const STATUSES: readonly OrderStatus[] = ["awaiting_payment", "paid", "cancelled"];

/** The list's branches on `orders`, one status each (see newest-first-pages.ts), a search filtering within each. */
function listBranches({ status, search }: OrderListFilter, param: (value: unknown) => string): string[] {
  const term = search?.trim() ? param(search.trim().toLowerCase()) : null;
  const matches = term ? ` AND (instr(lower(email), ${term}) > 0 OR instr(lower(reference), ${term}) > 0)` : "";
  return (status ? [status] : STATUSES).map((s) => `status = ${param(s)}${matches}`);
}

/** The statement reading one page of the staff list (exported for the query-plan test). */
export function orderPageSql(filter: OrderListFilter, cursor: CreatedCursor | null, limit: number): BuiltStatement {
  const { values, param } = numberedParams();
  return { sql: newestFirstPage("orders", listBranches(filter, param), cursor, limit, param), values };
}

/** The statement counting the list's rows up to `cap` per status (exported for the query-plan test). */
export function orderCountSql(filter: OrderListFilter, cap: number): BuiltStatement & { branches: number } {
  const { values, param } = numberedParams();
  const branches = listBranches(filter, param);
  return { sql: cappedCounts("orders", branches, cap, param), values, branches: branches.length };
}

export function createOrderStore(db: D1Database): OrderStore {
  const one = async (sql: string, ...params: unknown[]) => {
    const row = await db.prepare(sql).bind(...params).first<OrderRow>();
    return row ? toOrder(row) : null;
  };
  const grant = (orderId: string) =>
    db
      .prepare(
        `INSERT INTO entitlements (user_id, webinar_id, order_id)
         SELECT o.user_id, j.value, o.id FROM orders o, json_each(o.webinar_ids) j WHERE o.id = ?1 AND o.status = 'paid'
         ON CONFLICT (user_id, webinar_id) DO NOTHING`,
      )
      .bind(orderId);
  const audit = (entry: OrderAudit, orderId: string) =>
    db
      .prepare("INSERT INTO staff_audit_log (staff_email, action, order_id, details) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1")
      .bind(entry.staffEmail, entry.action, orderId, JSON.stringify(entry.details));

  return {
    async create(o, then = [], codeCaps = { maxRedemptions: null, maxPerUser: null }) {
      const free = o.totalPence === 0;
      const discount = o.discount ?? null;
      const reserve = discount ? [reserveRedemption(db, { orderId: o.id, idempotencyKey: o.idempotencyKey, code: discount.code, userId: o.userId, caps: codeCaps })] : [];
      const results = await db.batch([
        ...reserve,
        db
          .prepare(
            `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids, discount, billing)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?13 WHERE ?12 = 0 OR ${reservedFor("?1")}
             ON CONFLICT (idempotency_key) DO NOTHING`,
          )
          .bind(
            o.id,
            o.idempotencyKey,
            o.reference,
            o.userId,
            o.email,
            free ? "free" : o.paymentMethod,
            o.totalPence,
            free ? "paid" : "awaiting_payment",
            JSON.stringify(o.lines),
            JSON.stringify(o.webinarIds),
            discount ? JSON.stringify(discount) : null,
            discount ? 1 : 0,
            billingColumn(o.billing),
          ),
        grant(o.id),
        ...then,
        // After `then`, which attaches the cart's event bookings: a free order confirms them at once.
        ...confirmOrderBookings(db, o.id),
      ]);
      return (results[reserve.length]?.meta.changes ?? 0) > 0;
    },
    byId: (id) => one("SELECT * FROM orders WHERE id = ?1", id),
    byIdempotencyKey: (key) => one("SELECT * FROM orders WHERE idempotency_key = ?1", key),
    async forUser(userId) {
      const { results } = await db.prepare("SELECT * FROM orders WHERE user_id = ?1 ORDER BY created_at DESC LIMIT 200").bind(userId).all<OrderRow>();
      return results.map(toOrder);
    },
    async list({ limit, cursor = null, ...filter }) {
      const { sql, values } = orderPageSql(filter, cursor, limit);
      const { results } = await db.prepare(sql).bind(...values).all<OrderRow>();
      return results.map(toOrder);
    },
    async count(filter, cap) {
      const { sql, values, branches } = orderCountSql(filter, cap);
      return sumCounts(await db.prepare(sql).bind(...values).first<Record<string, number>>(), branches);
    },
    async payments(orderId) {
      const { results } = await db
        .prepare("SELECT * FROM order_payments WHERE order_id = ?1 ORDER BY received_on, created_at")
        .bind(orderId)
        .all<{ id: string; method: "card" | "offline"; amount_pence: number; received_on: string; reference: string; recorded_by: string; created_at: string }>();
      return results.map((r) => ({
        id: r.id,
        method: r.method,
        amountPence: r.amount_pence,
        receivedOn: r.received_on,
        reference: r.reference,
        recordedBy: r.recorded_by,
        createdAt: r.created_at,
      }));
    },
    async setCheckoutSession(orderId, sessionId) {
      await db.prepare(`UPDATE orders SET checkout_session_id = ?2, updated_at = ${NOW} WHERE id = ?1`).bind(orderId, sessionId).run();
    },
    async pay(order, payment, entry, then = []) {
      // Each statement after the claim runs only if the claim changed the order (changes()).
      const statements = [
        // A cancelled order can still be paid by card (from a Checkout page opened before): the
        // money wins. Staff can only record a payment for an order awaiting one.
        db
          .prepare(
            `UPDATE orders SET status = 'paid', updated_at = ${NOW}
             WHERE id = ?1 AND (status = 'awaiting_payment' OR (?2 = 'card' AND status = 'cancelled'))`,
          )
          .bind(order.id, payment.method),
        db
          .prepare(
            `INSERT INTO order_payments (id, order_id, method, amount_pence, received_on, reference, recorded_by)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() = 1 AND ?4 > 0`,
          )
          .bind(payment.id, order.id, payment.method, payment.amountPence, payment.receivedOn, payment.reference, payment.recordedBy),
        ...(entry ? [audit(entry, order.id)] : []),
        grant(order.id),
        ...confirmOrderBookings(db, order.id),
        ...then,
      ];
      const [claim] = await db.batch(statements);
      return (claim?.meta.changes ?? 0) === 1;
    },
    async setPaymentMethod(order, method) {
      const result = await db
        .prepare(`UPDATE orders SET payment_method = ?2, updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment' AND payment_method <> 'free'`)
        .bind(order.id, method)
        .run();
      return result.meta.changes === 1;
    },
    async cancel(order, reason, entry) {
      const [claim] = await db.batch([
        db
          .prepare(`UPDATE orders SET status = 'cancelled', cancelled_reason = ?2, updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment'`)
          .bind(order.id, reason),
        audit(entry, order.id),
      ]);
      return (claim?.meta.changes ?? 0) === 1;
    },
    async entitledWebinarIds(userId) {
      // A webinar whose order's card payment is disputed (and not yet decided) is suspended.
      const { results } = await db
        .prepare(
          `SELECT webinar_id FROM entitlements e WHERE user_id = ?1
             AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = e.order_id AND d.status = 'open')`,
        )
        .bind(userId)
        .all<{ webinar_id: string }>();
      return new Set(results.map((r) => r.webinar_id));
    },
  };
}
