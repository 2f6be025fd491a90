/**
 * Staff's dispute e-mails as prepared for the dispute's batch: the readers asked for by role
 * (finance and admin), opened or decided by the status recorded, the facts, and a link to a page
 * finance staff may open (the order's; for a membership payment, that payment's refund page).
 */
import { describe, expect, it } from "vitest";
import type { CardDispute } from "../../src/domain/billing";
import type { RefundablePayment } from "../../src/domain/refunds";
import type { StaffRole } from "../../src/domain/staff";
import type { Notice } from "../../src/services/email/notices";
import { DISPUTE_READER_ROLES, disputeNotices } from "../../src/services/refunds/dispute-notices";
import { staffAreaOf } from "../../src/services/staff/staff-access";

const DISPUTE: CardDispute = { id: "dp_1", chargeId: "ch_1", paymentIntentId: "pi_1", amountPence: 4_500, reason: "fraudulent", status: "needs_response", evidenceDueBy: "2026-12-08T23:59:59.000Z" };

const ORDER_PAYMENT: RefundablePayment = {
  source: "order",
  id: "pi_1",
  applicationId: null,
  orderId: "order-1",
  userId: "user-1",
  method: "card",
  amountPence: 4_500,
  refundedPence: 0,
  receiptNumber: "GH-2026-000031",
  payer: { name: null, email: "ada@example.org" },
  description: "Webinar order GH-ORD0001",
};
const MEMBERSHIP_PAYMENT: RefundablePayment = { ...ORDER_PAYMENT, source: "membership", id: "in_1", applicationId: "app-1", orderId: null, payer: { name: "Ada Lovelace", email: "ada@example.org" }, description: "Membership: Full member" };

async function prepared(status: "open" | "won" | "lost", payment = ORDER_PAYMENT) {
  const asked: (readonly StaffRole[])[] = [];
  const notices: Notice[] = [];
  const email = await disputeNotices(
    {
      staff: { addressesWithRoles: async (roles) => (asked.push(roles), ["admin@guild.example", "finance@guild.example"]) },
      notices: { prepare: (list) => (notices.push(...list), { statements: [], ids: ["id-1", "id-2"] }) },
    },
    DISPUTE,
    status,
    payment,
  );
  return { asked, notices, email };
}

describe("staff's dispute e-mails", () => {
  it("go to the finance and admin roles, one request listing every reader, written only if the dispute's statement changed it", async () => {
    const { asked, notices, email } = await prepared("open");
    expect(asked).toEqual([DISPUTE_READER_ROLES]);
    expect([...DISPUTE_READER_ROLES].sort()).toEqual(["admin", "finance"]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.onlyIf).toEqual({ afterChange: true });
    expect(notices[0]!.message).toMatchObject({ kind: "dispute-opened", event: "dp_1:user-1", to: ["admin@guild.example", "finance@guild.example"] });
    expect(email.ids).toEqual(["id-1", "id-2"]);
  });

  it("say who, which payment, how much, why and by when evidence is due, with the order's staff page", async () => {
    const { notices } = await prepared("open");
    expect(notices[0]!.message.data).toEqual({
      disputeId: "dp_1",
      payerName: null,
      payerEmail: "ada@example.org",
      paymentDescription: "Webinar order GH-ORD0001",
      receiptNumber: "GH-2026-000031",
      amountPence: 4_500,
      reason: "fraudulent",
      staffPath: "/staff/orders/order-1",
      evidenceDueBy: "2026-12-08T23:59:59.000Z",
    });
  });

  it("once decided, are the closing kind with the outcome", async () => {
    for (const outcome of ["won", "lost"] as const) {
      const { notices } = await prepared(outcome);
      expect(notices[0]!.message.kind).toBe("dispute-closed");
      expect(notices[0]!.message.data).toMatchObject({ outcome, amountPence: 4_500 });
      expect(notices[0]!.message.data).not.toHaveProperty("evidenceDueBy");
    }
  });

  it("link a membership payment's dispute to that payment's refund page, which finance staff may open", async () => {
    const { notices } = await prepared("open", MEMBERSHIP_PAYMENT);
    const path = (notices[0]!.message.data as { staffPath: string }).staffPath;
    expect(path).toBe("/staff/payments/in_1/refund");
    expect(staffAreaOf(path)).toBe("finance");
    expect(staffAreaOf("/staff/orders/order-1")).toBe("finance");
  });
});
