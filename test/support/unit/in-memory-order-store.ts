/**
 * An in-memory OrderStore for unit tests, with the rules of its D1 adapter
 * (src/adapters/d1/orders.ts): an idempotency key used before stores nothing; an order of 0 is
 * stored paid (method "free") with its webinars granted; paying happens only on the order's
 * one transition to paid (from awaiting payment, or from cancelled for a card payment), and
 * with it the payment (when there is money), the audit entry and the grants; a webinar is
 * granted to a user once.
 */
import type { OrderStore } from "../../../src/adapters/d1/orders";
import type { Order, OrderPayment } from "../../../src/domain/orders";
import type { AuditEntry } from "../../../src/domain/audit";
import { notUsed } from "./in-memory-membership-tables";

export interface OrderTables {
  orders: Map<string, Order>;
  payments: (OrderPayment & { orderId: string; createdAt: string })[];
  /** User id -> webinar id -> the order that granted it. */
  entitlements: Map<string, Map<string, string>>;
  audit: AuditEntry[];
}

export function createInMemoryOrderStore(): OrderStore & { tables: OrderTables; seed(order: Order): void } {
  const tables: OrderTables = { orders: new Map(), payments: [], entitlements: new Map(), audit: [] };
  let last = 0;
  const stamp = () => new Date((last = Math.max(Date.now(), last + 1))).toISOString();
  const find = (predicate: (order: Order) => boolean) => {
    const order = [...tables.orders.values()].find(predicate);
    return order ? structuredClone(order) : null;
  };
  const grant = (order: Order) => {
    if (order.status !== "paid") return;
    const granted = tables.entitlements.get(order.userId) ?? new Map<string, string>();
    for (const webinarId of order.webinarIds) if (!granted.has(webinarId)) granted.set(webinarId, order.id);
    tables.entitlements.set(order.userId, granted);
  };

  return {
    tables,
    /** Puts an order in as it stands at some point of its life (nothing is granted). */
    seed(order) {
      tables.orders.set(order.id, structuredClone(order));
    },
    async create(o) {
      if ([...tables.orders.values()].some((order) => order.idempotencyKey === o.idempotencyKey)) return false;
      if ([...tables.orders.values()].some((order) => order.reference === o.reference)) throw new Error("D1_ERROR: UNIQUE constraint failed: orders.reference");
      const free = o.totalPence === 0;
      const at = stamp();
      const order: Order = {
        ...structuredClone(o),
        paymentMethod: free ? "free" : o.paymentMethod,
        status: free ? "paid" : "awaiting_payment",
        checkoutSessionId: null,
        cancelledReason: null,
        createdAt: at,
        updatedAt: at,
      };
      tables.orders.set(order.id, order);
      grant(order);
      return true;
    },
    byId: async (id) => find((order) => order.id === id),
    byIdempotencyKey: async (key) => find((order) => order.idempotencyKey === key),
    async forUser(userId) {
      return structuredClone(
        [...tables.orders.values()]
          .filter((order) => order.userId === userId)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .slice(0, 200),
      );
    },
    list: notUsed("OrderStore.list"),
    count: notUsed("OrderStore.count"),
    async payments(orderId) {
      return tables.payments
        .filter((payment) => payment.orderId === orderId)
        .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.createdAt.localeCompare(b.createdAt))
        .map(({ orderId: _, ...payment }) => ({ ...payment }));
    },
    async setCheckoutSession(orderId, sessionId) {
      const order = tables.orders.get(orderId);
      if (order) Object.assign(order, { checkoutSessionId: sessionId, updatedAt: stamp() });
    },
    async pay(o, payment, entry) {
      const order = tables.orders.get(o.id);
      const claims = order !== undefined && (order.status === "awaiting_payment" || (payment.method === "card" && order.status === "cancelled"));
      if (claims) {
        if (tables.payments.some((p) => p.id === payment.id)) throw new Error("D1_ERROR: UNIQUE constraint failed: order_payments.id");
        const at = stamp();
        Object.assign(order, { status: "paid", updatedAt: at });
        if (payment.amountPence > 0) {
          tables.payments.push({ ...payment, orderId: order.id, createdAt: at });
          if (entry) tables.audit.push({ ...structuredClone(entry), applicationId: null, orderId: order.id, at });
        }
      }
      if (order) grant(order);
      return claims;
    },
    async setPaymentMethod(o, method) {
      const order = tables.orders.get(o.id);
      if (order?.status !== "awaiting_payment" || order.paymentMethod === "free") return false;
      Object.assign(order, { paymentMethod: method, updatedAt: stamp() });
      return true;
    },
    cancel: notUsed("OrderStore.cancel"),
    async entitledWebinarIds(userId) {
      return new Set(tables.entitlements.get(userId)?.keys() ?? []);
    },
  };
}
