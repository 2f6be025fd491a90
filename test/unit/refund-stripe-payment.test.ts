/**
 * Which of our payments a Stripe payment intent paid (services/refunds/stripe-payment.ts): an
 * order's and a renewal Checkout's are stored under the payment intent itself, a subscription's
 * under its invoice, found through Stripe's invoice payments.
 */
import { describe, expect, it } from "vitest";
import type { RefundablePayment } from "../../src/domain/refunds";
import { intentOfPayment, paymentOfIntent, type StripePaymentDeps } from "../../src/services/refunds/stripe-payment";

const payment = (source: "order" | "membership", id: string): RefundablePayment => ({
  source,
  id,
  applicationId: source === "membership" ? "app-1" : null,
  orderId: source === "order" ? "order-1" : null,
  userId: "user-1",
  method: "card",
  amountPence: 10_000,
  refundedPence: 0,
  receiptNumber: null,
  payer: { name: null, email: "payer@example.org" },
  description: "Full member",
});

function deps(stored: { orders?: string[]; memberships?: string[]; invoices?: Record<string, string> }): StripePaymentDeps & { asked: string[] } {
  const asked: string[] = [];
  const invoices = stored.invoices ?? {};
  return {
    asked,
    refunds: {
      orderPayment: async (id) => (stored.orders?.includes(id) ? payment("order", id) : null),
      membershipPayment: async (id) => (stored.memberships?.includes(id) ? payment("membership", id) : null),
    },
    billing: {
      invoiceOfPaymentIntent: async (pi) => {
        asked.push(`invoice of ${pi}`);
        return Object.entries(invoices).find(([, intent]) => intent === pi)?.[0] ?? null;
      },
      paymentIntentOfInvoice: async (invoiceId) => {
        asked.push(`intent of ${invoiceId}`);
        return invoices[invoiceId] ?? null;
      },
    },
  };
}

describe("the payment a payment intent paid", () => {
  it("an order's payment, without asking Stripe", async () => {
    const d = deps({ orders: ["pi_order"] });
    expect(await paymentOfIntent(d, "pi_order")).toMatchObject({ source: "order", id: "pi_order" });
    expect(d.asked).toEqual([]);
  });

  it("a renewal paid through Checkout, stored under the payment intent", async () => {
    const d = deps({ memberships: ["pi_renewal"] });
    expect(await paymentOfIntent(d, "pi_renewal")).toMatchObject({ source: "membership", id: "pi_renewal" });
    expect(d.asked).toEqual([]);
  });

  it("a subscription's payment, through the invoice Stripe says the payment intent paid", async () => {
    const d = deps({ memberships: ["in_1"], invoices: { in_1: "pi_sub" } });
    expect(await paymentOfIntent(d, "pi_sub")).toMatchObject({ source: "membership", id: "in_1" });
    expect(d.asked).toEqual(["invoice of pi_sub"]);
  });

  it("null when nothing of ours is recorded (yet)", async () => {
    expect(await paymentOfIntent(deps({ invoices: { in_2: "pi_early" } }), "pi_early")).toBeNull();
    expect(await paymentOfIntent(deps({}), "pi_unknown")).toBeNull();
  });
});

describe("the payment intent to refund", () => {
  it("is the payment's own id, or its invoice's payment intent; none for anything else", async () => {
    const d = deps({ invoices: { in_1: "pi_sub" } });
    expect(await intentOfPayment(d, { id: "pi_renewal" })).toBe("pi_renewal");
    expect(await intentOfPayment(d, { id: "in_1" })).toBe("pi_sub");
    expect(await intentOfPayment(d, { id: "in_unpaid" })).toBeNull();
    expect(await intentOfPayment(d, { id: "cs_test_1" })).toBeNull();
  });
});
