/**
 * The staff order actions' contract with the store: what they ask it to do, and how a lost race
 * (the store reports the order was no longer awaiting payment) becomes the same refusal as an
 * order read as paid. The store itself runs against real D1 in test/integration/staff-orders.
 */
import { describe, expect, it } from "vitest";
import type { OrderStore } from "../../src/adapters/d1/orders";
import type { Order, OrderAudit, OrderPayment } from "../../src/domain/orders";
import { cancelOrder, OrderNotAwaitingPayment, recordOfflineOrderPayment } from "../../src/services/orders/staff-order-actions";

const order = (fields: Partial<Order> = {}): Order => ({
  id: "order-1",
  idempotencyKey: "key-1",
  reference: "GH-ORDER1",
  userId: "user-1",
  email: "buyer@example.org",
  paymentMethod: "offline",
  totalPence: 4_500,
  status: "awaiting_payment",
  lines: [],
  webinarIds: ["w-1"],
  billing: null,
  checkoutSessionId: null,
  cancelledReason: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

/** Stands in for the receipt and e-mail statements the follow-ups put in the payment's batch. */
const FOLLOW_UP = { sql: "the receipt and the e-mail" } as unknown as D1PreparedStatement;

/** A store whose pay/cancel succeed (or not, to act out a lost race) and record their calls. */
function fakeStore(options: { claims: boolean; nowStored?: Order | null }) {
  const calls: {
    pay: [Order, OrderPayment, OrderAudit | null, readonly D1PreparedStatement[]][];
    cancel: [Order, string, OrderAudit][];
    followUps: [Order, OrderPayment][];
    delivered: (readonly string[])[];
  } = { pay: [], cancel: [], followUps: [], delivered: [] };
  const store = {
    pay: async (...args: [Order, OrderPayment, OrderAudit | null, readonly D1PreparedStatement[]]) => (calls.pay.push(args), options.claims),
    cancel: async (...args: [Order, string, OrderAudit]) => (calls.cancel.push(args), options.claims),
    byId: async () => options.nowStored ?? null,
  } as Partial<OrderStore> as OrderStore;
  const followUps = {
    paid: async (o: Order, p: OrderPayment) => (calls.followUps.push([o, p]), { statements: [FOLLOW_UP], ids: ["email-1"] }),
    deliverSoon: (ids: readonly string[]) => void calls.delivered.push(ids),
  };
  return { calls, deps: { orders: store, followUps, newId: () => "payment-1" } };
}

const received = { amountPence: 4_000, receivedOn: "2026-01-02", reference: "BACS 1" };

describe("recordOfflineOrderPayment", () => {
  it("pays the order offline, recorded by the staff member, with the audit entry, the receipt and the e-mail in the same batch", async () => {
    const { calls, deps } = fakeStore({ claims: true });
    await recordOfflineOrderPayment(deps, "staff@example.org", order(), received);
    const payment = { id: "payment-1", method: "offline", recordedBy: "staff@example.org", ...received };
    expect(calls.followUps).toEqual([[order(), payment]]);
    expect(calls.pay).toEqual([
      [
        order(),
        payment,
        { staffEmail: "staff@example.org", action: "order.payment.recorded", details: { paymentId: "payment-1", ...received, orderTotalPence: 4_500 } },
        [FOLLOW_UP],
      ],
    ]);
    expect(calls.delivered).toEqual([["email-1"]]);
  });

  it.each([0, -1, 12.5, Number.NaN])("refuses an amount of %s pence without touching the store", async (amountPence) => {
    const { calls, deps } = fakeStore({ claims: true });
    await expect(recordOfflineOrderPayment(deps, "staff@example.org", order(), { ...received, amountPence })).rejects.toThrow(RangeError);
    expect(calls.pay).toEqual([]);
  });

  it.each(["paid", "cancelled"] as const)("refuses an order read as %s without touching the store", async (status) => {
    const { calls, deps } = fakeStore({ claims: true });
    const error = await recordOfflineOrderPayment(deps, "staff@example.org", order({ status }), received).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderNotAwaitingPayment);
    expect((error as OrderNotAwaitingPayment).order.status).toBe(status);
    expect(calls.pay).toEqual([]);
  });

  it("reports the order as it now stands when someone else paid it first, and queues no e-mail", async () => {
    const { calls, deps } = fakeStore({ claims: false, nowStored: order({ status: "paid" }) });
    const error = await recordOfflineOrderPayment(deps, "staff@example.org", order(), received).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderNotAwaitingPayment);
    expect((error as OrderNotAwaitingPayment).order.status).toBe("paid");
    expect(calls.delivered).toEqual([]);
  });
});

describe("cancelOrder", () => {
  it("cancels with the reason and the audit entry", async () => {
    const { calls, deps } = fakeStore({ claims: true });
    await cancelOrder(deps, "staff@example.org", order(), "Duplicate order");
    expect(calls.cancel).toEqual([[order(), "Duplicate order", { staffEmail: "staff@example.org", action: "order.cancelled", details: { reason: "Duplicate order" } }]]);
  });

  it("refuses when the order was paid in the meantime", async () => {
    const { deps } = fakeStore({ claims: false, nowStored: order({ status: "paid" }) });
    await expect(cancelOrder(deps, "staff@example.org", order(), "Duplicate order")).rejects.toThrow("Order GH-ORDER1 is paid, not awaiting payment");
  });
});
