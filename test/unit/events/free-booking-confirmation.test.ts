/**
 * A free order's event bookings get their confirmation e-mails in the order's own batch
 * (services/orders/follow-ups.ts `granted`), like a paid order's, with an online event's joining
 * instructions; the outbox, the stores and the CMS replaced by recorders.
 */
import { describe, expect, it } from "vitest";
import type { Booking, SocietyEvent } from "../../../src/domain/events";
import type { NewOrder } from "../../../src/domain/orders";
import type { Logger } from "../../../src/log";
import type { EventBookingConfirmedData } from "../../../src/domain/email";
import { createNotices } from "../../../src/services/email/notices";
import { subjectFor } from "../../../src/services/email/subjects";
import { renderEmail } from "../../../src/views/email/render-email";
import { BRAND, SITE_URL } from "../../fixtures/emails";
import type { EmailOutbox, EmailRequest } from "../../../src/services/email/outbox";
import { createOrderFollowUps } from "../../../src/services/orders/follow-ups";

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

const booking = (id: string, status: Booking["status"]): Booking => ({
  id,
  eventId: "ev-1",
  eventSlug: "study-day",
  userId: "user-1",
  orderId: null,
  status,
  holdExpiresAt: "2026-12-01T10:20:00.000Z",
  totalPence: 0,
  vatTreatment: "exempt",
  title: "Study day: Place × 1",
  createdAt: "2026-12-01T10:00:00.000Z",
});

const event = {
  id: "ev-1",
  name: "Study day",
  slug: "study-day",
  startsAt: "2027-01-10T09:00:00.000Z",
  endsAt: "2027-01-10T16:00:00.000Z",
  timeZone: "Europe/London",
  format: "online",
  venue: null,
  joiningInstructions: "Join from your tickets page; it opens an hour before.",
  ticketTypes: [{ code: "place", name: "Place" }],
} as unknown as SocietyEvent;

function followUpsWith(bookings: Booking[]) {
  const prepared: { request: EmailRequest; options: unknown }[] = [];
  const outbox: Pick<EmailOutbox, "prepare" | "deliverSoon"> = {
    prepare(request, options) {
      prepared.push({ request, options });
      return { statements: [{ label: request.kind } as unknown as D1PreparedStatement], ids: [`id-${prepared.length}`] };
    },
    deliverSoon: async () => undefined,
  };
  const followUps = createOrderFollowUps({
    receipts: { issue: () => ({}) as D1PreparedStatement, numberOf: () => ({ select: "", params: [] }) },
    notices: createNotices({ outbox, waitUntil: () => undefined, log }),
    content: { catalogue: async () => ({ webinars: [] }) as never, events: async () => [event] },
    bookings: {
      ofOrder: async () => [],
      ofUser: async (_userId, ids) => bookings.filter((b) => ids.includes(b.id)),
      attendeesOfBookings: async () => [{ id: "a-1", bookingId: "bk-1", eventId: "ev-1", ticketCode: "place", name: "Rosalind Franklin", email: "rosalind@guild.example", answers: {}, status: "held", checkedInAt: null, attended: false, qrToken: "t" }],
    },
    now: () => new Date("2026-12-01T10:05:00Z"),
    log,
  });
  return { followUps, prepared };
}

const freeOrder: NewOrder = {
  id: "order-1",
  idempotencyKey: "key:free",
  reference: "GH-ORD0009",
  userId: "user-1",
  email: "buyer@guild.example",
  paymentMethod: "card",
  totalPence: 0,
  lines: [{ kind: "booking", id: "bk-1", title: "Study day: Place × 1", pence: 0, vatTreatment: "exempt", webinarIds: [] }],
  webinarIds: [],
  discount: null,
  billing: null,
} as unknown as NewOrder;

describe("a free booking's confirmation", () => {
  it("a free order holding a booking writes its confirmation (with an online event's joining instructions) beside the order's e-mail, only once the booking is in the order stored paid", async () => {
    const { followUps, prepared } = followUpsWith([booking("bk-1", "held")]);
    const email = await followUps.granted(freeOrder);
    expect(prepared.map((p) => p.request.kind)).toEqual(["order-receipt", "event-booking-confirmed"]);
    expect(email.ids).toHaveLength(2);
    const confirmation = prepared[1]!;
    expect(confirmation.request).toMatchObject({
      event: "bk-1",
      to: { email: "buyer@guild.example", userId: "user-1" },
      data: { orderReference: "GH-ORD0009", eventName: "Study day", online: true, attendees: [{ name: "Rosalind Franklin", ticket: "Place" }], joiningInstructions: "Join from your tickets page; it opens an hour before." },
    });
    // The online event's joining instructions are in the e-mail itself.
    const content = { kind: "event-booking-confirmed", data: (confirmation.request as { data: EventBookingConfirmedData }).data } as const;
    const rendered = await renderEmail({ ...content, subject: subjectFor(content), brand: BRAND, siteUrl: SITE_URL, recipient: "buyer@guild.example", unsubscribeUrl: null });
    expect(rendered.text).toContain("How to join");
    expect(rendered.text).toContain("Join from your tickets page; it opens an hour before.");
    expect(confirmation.options).toEqual({ onlyIf: { exists: expect.stringContaining("o.status = 'paid'"), params: ["bk-1", "order-1"] } });
  });

  it("a booking no longer held (run out, or another cart's) gets no confirmation", async () => {
    const { followUps, prepared } = followUpsWith([booking("bk-1", "expired")]);
    await followUps.granted(freeOrder);
    expect(prepared.map((p) => p.request.kind)).toEqual(["order-receipt"]);
  });
});
