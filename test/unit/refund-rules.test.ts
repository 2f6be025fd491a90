/** The pure refund rules: what may be refunded of a payment, the reason, and credit note numbers. */
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/errors";
import { cancellationRefusal, type CancellationFacts } from "../../src/services/refunds/cancellation";
import { formatCreditNoteNumber, parseCreditNoteNumber } from "../../src/services/refunds/credit-note-number";
import { disputeStatus } from "../../src/services/refunds/disputes";
import { checkRefundAmount, checkRefundReason, refundablePence } from "../../src/services/refunds/refund-rules";

const paid = (amountPence: number, refundedPence = 0) => ({ amountPence, refundedPence });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("BAD_REQUEST");
    return (error as AppError).message;
  }
  throw new Error("expected a refusal");
}

describe("checkRefundAmount", () => {
  it("allows any whole amount up to what is left of the payment", () => {
    expect(checkRefundAmount(paid(4_500), 1)).toBe(1);
    expect(checkRefundAmount(paid(4_500), 4_500)).toBe(4_500);
    expect(checkRefundAmount(paid(4_500, 1_050), 3_450)).toBe(3_450);
  });

  it("refuses, saying why: nothing, negative, fractions, more than is left, already refunded in full", () => {
    expect(refusal(() => checkRefundAmount(paid(4_500), 0))).toBe("The refund must be more than £0");
    expect(refusal(() => checkRefundAmount(paid(4_500), -100))).toBe("The refund must be more than £0");
    expect(refusal(() => checkRefundAmount(paid(4_500), 10.5))).toBe("The refund must be a whole number of pence");
    expect(refusal(() => checkRefundAmount(paid(4_500), Number.NaN))).toBe("The refund must be a whole number of pence");
    expect(refusal(() => checkRefundAmount(paid(4_500, 1_000), 3_501))).toBe("The refund can be at most £35.00: £45.00 was paid and £10.00 has already been refunded");
    expect(refusal(() => checkRefundAmount(paid(4_500, 4_500), 1))).toBe("This payment has already been refunded in full");
  });

  it("never counts more than was paid as refundable", () => {
    expect(refundablePence(paid(4_500, 5_000))).toBe(0);
    expect(refundablePence(paid(4_500, 500))).toBe(4_000);
  });
});

describe("checkRefundReason", () => {
  it("trims it, and refuses an empty or overlong one", () => {
    expect(checkRefundReason("  Booked twice  ")).toBe("Booked twice");
    expect(refusal(() => checkRefundReason("   "))).toBe("Enter the reason for the refund");
    expect(refusal(() => checkRefundReason("x".repeat(501)))).toBe("The reason must be 500 characters or fewer");
  });
});

describe("credit note numbers", () => {
  it("are CN-<year>-<six digits at least>, read back exactly", () => {
    expect(formatCreditNoteNumber(2026, 7)).toBe("CN-2026-000007");
    expect(formatCreditNoteNumber(2026, 1_234_567)).toBe("CN-2026-1234567");
    expect(parseCreditNoteNumber("CN-2026-000007")).toEqual({ year: 2026, seq: 7 });
  });

  it("refuse anything else, and other spellings of the same number", () => {
    for (const text of ["CN-2026-7", "CN-2026-0000007", "GH-2026-000007", "cn-2026-000007", "CN-2026-000000", " CN-2026-000007", ""]) {
      expect(parseCreditNoteNumber(text), text).toBeNull();
    }
    expect(() => formatCreditNoteNumber(2026, 0)).toThrow(RangeError);
  });
});

describe("disputeStatus", () => {
  it("is open until Stripe says won or lost", () => {
    expect(["warning_needs_response", "needs_response", "under_review", "warning_under_review"].map(disputeStatus)).toEqual(["open", "open", "open", "open"]);
    expect(disputeStatus("won")).toBe("won");
    expect(disputeStatus("lost")).toBe("lost");
  });
});

describe("cancellationRefusal (the 14-day right)", () => {
  const now = new Date("2026-12-10T12:00:00.000Z");
  const facts = (overrides: Partial<CancellationFacts> = {}): CancellationFacts => ({
    order: { status: "paid", paymentMethod: "card" },
    paidAt: "2026-12-01T12:00:00.000Z",
    refundedPence: 0,
    disputed: false,
    joined: false,
    startsAt: ["2026-12-20T18:00:00.000Z"],
    ...overrides,
  });

  it("allows a card order paid under 14 days ago whose webinars have all still to start", () => {
    expect(cancellationRefusal(facts(), now)).toBeNull();
    expect(cancellationRefusal(facts({ paidAt: "2026-11-26T12:00:01.000Z" }), now)).toBeNull();
  });

  it("refuses, with the reason", () => {
    expect(cancellationRefusal(facts({ paidAt: "2026-11-26T12:00:00.000Z" }), now)).toBe("too-late");
    expect(cancellationRefusal(facts({ startsAt: ["2026-12-20T18:00:00.000Z", "2026-12-10T11:59:00.000Z"] }), now)).toBe("started");
    expect(cancellationRefusal(facts({ startsAt: [null] }), now)).toBe("started");
    expect(cancellationRefusal(facts({ startsAt: [] }), now)).toBe("started");
    expect(cancellationRefusal(facts({ order: { status: "paid", paymentMethod: "offline" } }), now)).toBe("not-card");
    expect(cancellationRefusal(facts({ order: { status: "awaiting_payment", paymentMethod: "card" } }), now)).toBe("not-paid");
    expect(cancellationRefusal(facts({ paidAt: null }), now)).toBe("not-paid");
    expect(cancellationRefusal(facts({ refundedPence: 100 }), now)).toBe("refunded");
    expect(cancellationRefusal(facts({ disputed: true }), now)).toBe("disputed");
    // Its join link was handed out (Join opens an hour before the start): whoever has it can attend.
    expect(cancellationRefusal(facts({ joined: true }), now)).toBe("joined");
  });
});
