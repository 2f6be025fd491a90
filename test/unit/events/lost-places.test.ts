/**
 * Places paid for after their hold ran out and taken meanwhile are refunded at once
 * (services/events/lost-places.ts): what the order charged for them, after any discount code,
 * never their list price. The stores and the refund replaced by recorders.
 */
import { describe, expect, it } from "vitest";
import type { Booking } from "../../../src/domain/events";
import type { OrderLine } from "../../../src/domain/orders";
import type { Logger } from "../../../src/log";
import { settleLostPlaces } from "../../../src/services/events/lost-places";

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

const booking = (id: string, status: Booking["status"], totalPence: number): Booking => ({
  id,
  eventId: "ev-1",
  eventSlug: "study-day",
  userId: "user-1",
  orderId: "order-1",
  status,
  holdExpiresAt: "2026-12-01T10:20:00.000Z",
  totalPence,
  vatTreatment: "standard",
  title: "Study day: Place × 1",
  createdAt: "2026-12-01T10:00:00.000Z",
});

const line = (id: string, pence: number, discountPence: number): OrderLine => ({ kind: "booking", id, title: "Study day: Place × 1", pence, vatTreatment: "standard", webinarIds: [], stripePriceIds: [], couponId: null, discountPence });

describe("places lost after their hold ran out", () => {
  it("are refunded at what the order charged for them after its discount code, not at their list price", async () => {
    const refunds: number[] = [];
    await settleLostPlaces(
      {
        bookings: { ofOrder: async () => [booking("b-lost", "lost", 10_000), booking("b-kept", "confirmed", 5_000)], joinWaitlist: async () => true },
        refundLostPlaces: async (_orderId, pence) => (refunds.push(pence), pence),
        log,
      },
      { id: "order-1", userId: "user-1", email: "buyer@guild.example", lines: [line("b-lost", 8_500, 1_500), line("b-kept", 4_250, 750)] },
    );
    expect(refunds).toEqual([8_500]);
  });
});
