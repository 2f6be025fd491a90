/**
 * A renewal paid by card (services/payments/renewal-payment.ts), against recording stores: what
 * it asks the store to write (the payment under Stripe's payment intent, the period from the old
 * end, the receipt and "renewed" e-mail in the batch), and what it refuses. That the batch writes
 * it all once, however often it runs, is checked against D1 in test/integration/renewal-by-card.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { CheckoutSession } from "../../../src/domain/billing";
import type { Application } from "../../../src/domain/membership";
import { completeRenewalCheckout, type RenewalPaymentDeps } from "../../../src/services/payments/renewal-payment";
import { application, membershipRecord } from "../../fixtures/membership";
import { checkoutSession } from "../../support/unit/fake-billing-api";
import { recordingMembershipFollowUps } from "../../support/unit/follow-ups";
import { createRecordingLog } from "../../support/worker/memory-store";

const NOW = new Date("2027-03-20T10:00:00.000Z");

function setup(renewal: Application | null, outcome: "recorded" | "already" = "recorded") {
  const recorded: { paymentId: string; period: { start: string; end: string }; after: number }[] = [];
  const kept: { paymentId: string; amountPence: number }[] = [];
  const { followUps, emails } = recordingMembershipFollowUps(() => NOW);
  const delivered: string[] = [];
  const deps: RenewalPaymentDeps = {
    applications: { byId: async (id) => (renewal?.id === id ? renewal : null) },
    memberships: { forUser: async () => membershipRecord({ paymentMethod: "offline", periodStart: "2026-03-31", periodEnd: "2027-03-31" }) },
    changes: {
      recordRenewalCardPayment: async (_application, payment, period, after = []) => {
        recorded.push({ paymentId: payment.id, period, after: after.length });
        return outcome;
      },
      keepUnmatchedCardPayment: async (_application, payment) => {
        kept.push({ paymentId: payment.id, amountPence: payment.amountPence });
        return outcome;
      },
    },
    followUps: { ...followUps, deliverSoon: (ids) => delivered.push(...ids) },
    debits: { markDebitPending: async () => false },
    graceDays: 30,
    now: () => NOW,
    log: createRecordingLog().log,
  };
  return { deps, recorded, kept, emails, delivered };
}

const renewal = (fields: Partial<Application> = {}) => application({ id: "renewal-1", kind: "renewal", amountDuePence: 19_500, paymentMethod: "offline", ...fields });
const paid = (fields: Partial<CheckoutSession> = {}) =>
  checkoutSession({
    id: "cs_1",
    status: "complete",
    paymentStatus: "paid",
    amountTotalPence: 19_500,
    paymentIntentId: "pi_1",
    purpose: { kind: "renewal", applicationId: "renewal-1", userId: "user-1" },
    ...fields,
  });

describe("a renewal paid by card", () => {
  it("stores the payment under the payment intent, extends from the old end, with the receipt and the renewed e-mail in the batch", async () => {
    const { deps, recorded, emails, delivered } = setup(renewal());
    expect(await completeRenewalCheckout(deps, paid())).toBe("recorded");
    expect(recorded).toEqual([{ paymentId: "pi_1", period: { start: "2027-03-31", end: "2028-03-31" }, after: 2 }]);
    expect(emails).toEqual([{ kind: "membership-paid", event: "pi_1" }]);
    expect(delivered).toEqual(["membership-paid:pi_1"]);
  });

  it("delivers nothing when the payment had been stored before (a replay)", async () => {
    const { deps, delivered } = setup(renewal(), "already");
    expect(await completeRenewalCheckout(deps, paid())).toBe("already");
    expect(delivered).toEqual([]);
  });

  it("stores a payment for a renewal already paid by transfer with no receipt or e-mail", async () => {
    const { deps, recorded, emails } = setup(renewal({ status: "paid" }));
    expect(await completeRenewalCheckout(deps, paid())).toBe("recorded");
    expect(recorded).toEqual([expect.objectContaining({ paymentId: "pi_1", after: 0 })]);
    expect(emails).toEqual([]);
  });

  it("keeps a payment of another amount than is due, renewing nothing, sending nothing", async () => {
    const { deps, recorded, kept, emails, delivered } = setup(renewal());
    expect(await completeRenewalCheckout(deps, paid({ amountTotalPence: 9_500 }))).toBe("amount-differs");
    expect(kept).toEqual([{ paymentId: "pi_1", amountPence: 9_500 }]);
    expect(recorded).toEqual([]);
    expect(emails).toEqual([]);
    expect(delivered).toEqual([]);
  });

  it("does nothing for a session not yet paid", async () => {
    const { deps, recorded } = setup(renewal());
    expect(await completeRenewalCheckout(deps, paid({ status: "open", paymentStatus: "unpaid" }))).toBe("not-paid");
    expect(recorded).toEqual([]);
  });

  it("refuses a session naming someone else's renewal, an application that is not a renewal, or another purpose", async () => {
    await expect(completeRenewalCheckout(setup(renewal({ userId: "user-2" })).deps, paid())).rejects.toThrow(/does not exist/);
    await expect(completeRenewalCheckout(setup(renewal({ kind: "join" })).deps, paid())).rejects.toThrow(/does not exist/);
    await expect(completeRenewalCheckout(setup(renewal()).deps, paid({ purpose: { kind: "membership", applicationId: "renewal-1", userId: "user-1" } }))).rejects.toThrow(
      /not for a renewal/,
    );
  });
});
