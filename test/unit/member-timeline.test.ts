import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "../../src/domain/member-timeline";
import { newestFirst } from "../../src/services/membership/member-timeline";

const staff = (at: string): TimelineEntry => ({ type: "staff", at, staffEmail: "staff@example.org", action: "payment.recorded" });
const payment = (at: string): TimelineEntry => ({ type: "payment", at, id: "p", method: "offline", amountPence: 100, receivedOn: "2026-01-01", reference: "r", recordedBy: "s" });
const receipt = (at: string): TimelineEntry => ({ type: "receipt", at, number: "2026-000001", totalPence: 100, method: "offline" });
const email = (at: string): TimelineEntry => ({ type: "email", at, id: "e", kind: "membership-paid", subject: "Paid", status: "sent", lastError: null });
const application = (at: string): TimelineEntry => ({
  type: "application",
  at,
  id: "a",
  reference: "GH-1",
  kind: "join",
  membershipTitle: "Full member",
  status: "paid",
  amountDuePence: 100,
  paymentMethod: "offline",
});

describe("a member's timeline order", () => {
  it("puts the newest first, whatever the kind", () => {
    const entries = [application("2026-01-01T10:00:00.000Z"), email("2026-03-01T10:00:00.000Z"), payment("2026-02-01T10:00:00.000Z")];
    expect(newestFirst(entries).map((e) => e.type)).toEqual(["email", "payment", "application"]);
  });

  it("reads one moment's entries as cause below effect: e-mail, receipt, payment, staff action, application", () => {
    const at = "2026-02-01T10:00:00.000Z";
    expect(newestFirst([staff(at), application(at), email(at), payment(at), receipt(at)]).map((e) => e.type)).toEqual(["email", "receipt", "payment", "staff", "application"]);
  });

  it("does not change the list it is given", () => {
    const entries = [payment("2026-01-01T10:00:00.000Z"), email("2026-03-01T10:00:00.000Z")];
    newestFirst(entries);
    expect(entries.map((e) => e.type)).toEqual(["payment", "email"]);
  });
});
