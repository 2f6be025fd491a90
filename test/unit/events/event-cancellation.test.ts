/**
 * A cancellation's bounded work, with an in-memory stand-in for its D1 store: a request settles
 * ORDERS_PER_RUN orders and hands the rest to the jobs queue, which goes on until none are left.
 * (The refunds themselves, through Stripe's fake and real D1, are in test/integration/events.test.ts.)
 */
import { describe, expect, it } from "vitest";
import type { EventStateChangeStore, OrderToSettle } from "../../../src/adapters/d1/event-state-changes";
import type { EventStateChange, SocietyEvent } from "../../../src/domain/events";
import { log } from "../../../src/log";
import { createEventCancellation, ORDERS_PER_RUN } from "../../../src/services/events/event-cancellation";

const event = { id: "e1", name: "Course", slug: "course", startsAt: "2027-03-12T09:00:00.000Z", timeZone: "Europe/London", state: "scheduled" } as unknown as SocietyEvent;

function world(orderCount: number) {
  const open = new Map<string, OrderToSettle>();
  for (let i = 0; i < orderCount; i++) {
    const orderId = `o${String(i).padStart(3, "0")}`;
    open.set(orderId, { orderId, reference: `GH-${i}`, userId: `u${i}`, email: `u${i}@example.org`, status: "paid", paymentMethod: "offline", amountPence: 12_000, places: 1 });
  }
  let change: EventStateChange | null = null;
  const settled: string[] = [];
  const handedOn: string[] = [];
  const changes = {
    of: async () => change,
    cancel: async (eventId: string, reason: string, startsAt: string) => {
      change ??= { eventId, state: "cancelled", reason, newDateText: null, startsAt, changedAt: "now", settledAt: null, newDates: null, reopenedAt: null };
      return true;
    },
    ordersToSettle: async (_: string, limit: number) => [...open.values()].slice(0, limit),
    settleStatements: (_: string, orderId: string) => [{ settle: orderId } as unknown as D1PreparedStatement],
    releaseOrderStatement: () => ({}) as D1PreparedStatement,
    run: async (statements: readonly D1PreparedStatement[]) => {
      for (const s of statements as unknown as { settle?: string }[]) if (s.settle && open.delete(s.settle)) settled.push(s.settle);
      return [];
    },
    orderAttendeesToTell: async () => [],
    markSettled: async () => void (change = { ...change!, settledAt: "now" }),
  } as unknown as EventStateChangeStore;
  const service = createEventCancellation({
    content: { events: async () => [event] },
    changes,
    refunds: { refundCancelledEvent: async () => null },
    audit: { record: () => ({}) as D1PreparedStatement },
    outbox: { prepare: () => ({ statements: [], ids: [] }), prepareMany: () => ({ statements: [], ids: [] }), deliverSoon: async () => undefined },
    continueLater: async (eventId) => void handedOn.push(eventId),
    log,
  });
  return { service, settled, handedOn, change: () => change };
}

describe("a cancellation's work per invocation", () => {
  it("settles a few orders in the request and hands the rest to the jobs queue, which goes on until every order is settled once", async () => {
    const { service, settled, handedOn, change } = world(ORDERS_PER_RUN * 2 + 3);
    expect(await service.cancel("staff@example.org", "e1", "The tutor is unwell")).toEqual({ done: false });
    expect(settled).toHaveLength(ORDERS_PER_RUN);
    expect(handedOn).toEqual(["e1"]);

    expect(await service.continue("e1")).toBe(false);
    expect(await service.continue("e1")).toBe(true);
    expect(settled).toHaveLength(ORDERS_PER_RUN * 2 + 3);
    expect(new Set(settled).size).toBe(settled.length);
    expect(handedOn).toEqual(["e1", "e1"]);
    expect(change()?.settledAt).not.toBeNull();

    // A retry once all is settled does nothing.
    expect(await service.continue("e1")).toBe(true);
    expect(settled).toHaveLength(ORDERS_PER_RUN * 2 + 3);
  });
});
