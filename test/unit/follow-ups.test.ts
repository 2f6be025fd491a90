/**
 * What follows a membership change in its batch: which messages are written, under which
 * condition, with which data (services/membership/follow-ups.ts and services/email/notices.ts),
 * with the outbox and the receipt store replaced by recorders.
 */
import type { StaffRole } from "../../src/domain/staff";
import { describe, expect, it } from "vitest";
import type { BatchQuery } from "../../src/adapters/d1/batch-query";
import type { NewReceipt } from "../../src/domain/receipts";
import type { Application } from "../../src/domain/membership";
import { createNotices } from "../../src/services/email/notices";
import type { EmailOutbox, EmailRequest } from "../../src/services/email/outbox";
import { createMembershipFollowUps } from "../../src/services/membership/follow-ups";
import type { Logger } from "../../src/log";

const statement = (label: string) => ({ label }) as unknown as D1PreparedStatement;

function recorder(options: { failFor?: EmailRequest["kind"]; staff?: { email: string; roles: StaffRole[] }[] } = {}) {
  const prepared: { request: EmailRequest; options: unknown }[] = [];
  const issued: { receipt: NewReceipt; onlyIf: BatchQuery }[] = [];
  const logged: { event: string; fields: unknown }[] = [];
  const queued: (readonly string[])[] = [];
  const waited: Promise<unknown>[] = [];
  const log = { info: () => undefined, warn: () => undefined, error: (event: string, fields: unknown) => void logged.push({ event, fields }) } as unknown as Logger;
  const outbox: Pick<EmailOutbox, "prepare" | "deliverSoon"> = {
    prepare(request, opts) {
      if (request.kind === options.failFor) throw new Error("bad data");
      prepared.push({ request, options: opts });
      return { statements: [statement(`email:${request.kind}`)], ids: [`id-${prepared.length}`] };
    },
    deliverSoon: async (ids) => void queued.push(ids),
  };
  const notices = createNotices({ outbox, waitUntil: (p) => void waited.push(p), log });
  const followUps = createMembershipFollowUps({
    receipts: {
      issue: (receipt, onlyIf) => (issued.push({ receipt, onlyIf }), statement("receipt")),
      numberOf: (source, paymentId) => ({ select: "SELECT number FROM receipts WHERE source = ? AND payment_id = ?", params: [source, paymentId] }),
    },
    notices,
    offlinePaymentInstructions: "Sort code: 12-34-56",
    graceDays: 30,
    staff: { addressesWithRoles: async (roles) => (options.staff ?? []).filter((s) => s.roles.some((r) => roles.includes(r))).map((s) => s.email) },
    seededStaffEmails: ["first-admin@guild.example"],
    now: () => new Date("2026-12-31T23:30:00Z"),
  });
  return { followUps, prepared, issued, logged, queued, waited };
}

const application: Application = {
  id: "app-1",
  reference: "GH-ABCD1234",
  userId: "user-1",
  email: "ada@example.org",
  givenName: "Ada",
  familyName: "Lovelace",
  membershipTitle: "Full member",
  paymentMethod: "offline",
  amountDuePence: 15_000,
  status: "awaiting_payment",
} as Application;

describe("membership follow-ups", () => {
  it("a payment: the receipt first (only if the payment is stored), then the welcome filled with its number, only if the application is paid", () => {
    const { followUps, prepared, issued } = recorder();
    const payment = { id: "pay-1", method: "offline" as const, amountPence: 15_000, receivedOn: "2026-12-31", reference: "BACS 1" };
    const result = followUps.paymentRecorded({ payment, application, period: { start: "2026-12-31", end: "2027-12-31" }, renewal: false });

    expect(result.statements.map((s) => (s as unknown as { label: string }).label)).toEqual(["receipt", "email:membership-paid"]);
    expect(result.ids).toEqual(["id-1"]);
    // Issued at 23:30 UTC on New Year's Eve: still 2026 in London.
    expect(issued[0]!.receipt).toMatchObject({ year: 2026, paymentId: "pay-1", totalPence: 15_000 });
    expect(issued[0]!.onlyIf).toEqual({ select: "SELECT 1 FROM payments WHERE id = ?", params: ["pay-1"] });
    expect(prepared[0]!.request).toMatchObject({ kind: "membership-paid", event: "pay-1", to: { email: "ada@example.org", userId: "user-1" } });
    expect(prepared[0]!.options).toEqual({
      onlyIf: { exists: expect.stringContaining("a.status = 'paid'"), params: ["pay-1"] },
      fill: [{ field: "receiptNumber", select: "SELECT number FROM receipts WHERE source = ? AND payment_id = ?", params: ["membership", "pay-1"] }],
    });
  });

  it("a card payment failed: access lasts until the paid period's end plus the grace days, and the message is for this subscription's member only", () => {
    const { followUps, prepared } = recorder();
    followUps.paymentFailed({
      member: { userId: "user-1", email: "ada@example.org", givenName: "Ada", membershipTitle: "Full member", periodEnd: "2026-12-15T10:00:00.000Z" },
      invoiceId: "in_1",
      subscriptionId: "sub_1",
      amountPence: 14_500,
    });
    expect(prepared[0]!.request).toMatchObject({ kind: "payment-failed", event: "in_1", data: { graceUntil: "2027-01-14", amountPence: 14_500 } });
    expect(prepared[0]!.options).toEqual({ onlyIf: { exists: expect.stringContaining("stripe_subscription_id = ?"), params: ["user-1", "sub_1"] } });
  });

  it("an application stored: the applicant hears how to pay offline, and staff are told, both only if it was stored", async () => {
    const staff: { email: string; roles: StaffRole[] }[] = [
      { email: "admin@guild.example", roles: ["admin"] },
      { email: "membership@guild.example", roles: ["membership"] },
      { email: "finance@guild.example", roles: ["finance"] },
      { email: "reader@guild.example", roles: ["read_only"] },
    ];
    const { followUps, prepared } = recorder({ staff });
    await followUps.applicationStored({ ...application, idempotencyKey: "k", membershipSlug: "full-member", details: {} } as never);
    expect(prepared.map((p) => p.request.kind)).toEqual(["application-received", "application-staff-notice"]);
    // The people who handle applications, and administrators: not finance or read-only staff.
    expect(prepared[1]!.request.to).toEqual(["admin@guild.example", "membership@guild.example"]);
    expect(prepared[0]!.request.data).toMatchObject({ offlinePaymentInstructions: "Sort code: 12-34-56", reference: "GH-ABCD1234" });
    for (const p of prepared) expect(p.options).toEqual({ onlyIf: { exists: "SELECT 1 FROM applications WHERE id = ?", params: ["app-1"] } });
  });

  it("an application stored before anyone handles applications (a new site): the STAFF_EMAILS administrators are told", async () => {
    const { followUps, prepared } = recorder({ staff: [{ email: "finance@guild.example", roles: ["finance"] }] });
    await followUps.applicationStored({ ...application, idempotencyKey: "k", membershipSlug: "full-member", details: {} } as never);
    expect(prepared[1]!.request).toMatchObject({ kind: "application-staff-notice", to: ["first-admin@guild.example"] });
  });

  it("a message whose data cannot even be prepared is logged and left out; the change goes ahead without it", () => {
    const { followUps, logged } = recorder({ failFor: "application-rejected" });
    const result = followUps.rejected(application, "Not eligible");
    expect(result).toEqual({ statements: [], ids: [] });
    expect(logged).toEqual([{ event: "email.prepare_failed", fields: expect.objectContaining({ kind: "application-rejected", event: "app-1" }) }]);
  });

  it("queues only after the batch, and nothing when there is nothing to send", async () => {
    const { followUps, queued, waited } = recorder();
    followUps.deliverSoon([]);
    followUps.deliverSoon(["id-1", "id-2"]);
    await Promise.all(waited);
    expect(queued).toEqual([["id-1", "id-2"]]);
  });
});
