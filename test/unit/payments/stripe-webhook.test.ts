/**
 * One verified Stripe event: which events are acted on, each handled once, and only recorded as
 * handled after it succeeded (so Stripe's retry runs a failed one again). Stripe is a fake
 * BillingApi; the stores are in memory.
 */
import { describe, expect, it } from "vitest";
import type { CheckoutPurpose, CheckoutSession, WebhookEvent } from "../../../src/domain/billing";
import { handleStripeEvent, HANDLED_EVENTS } from "../../../src/services/payments/stripe-webhook";
import { application, membershipRecord, newApplication } from "../../fixtures/membership";
import { checkoutSession, createFakeBillingApi, invoice, subscription } from "../../support/unit/fake-billing-api";
import { recordingMembershipFollowUps } from "../../support/unit/follow-ups";
import { createInMemoryMembership } from "../../support/unit/in-memory-membership";
import { seedApplication, seedRecord } from "../../support/unit/in-memory-membership-tables";
import { createRecordingLog } from "../../support/worker/memory-store";

const PURPOSE: CheckoutPurpose = { kind: "membership", applicationId: "app-1", userId: "user-1" };
const event = (type: string, objectId: string | null, id = "evt_1"): WebhookEvent => ({ id, type, created: 1_796_000_000, objectId });

function setup() {
  const db = createInMemoryMembership();
  const stripe = createFakeBillingApi();
  const fulfilled: CheckoutSession[] = [];
  const renewals: CheckoutSession[] = [];
  const fulfil = { fails: false };
  const refundEvents: string[] = [];
  const deps = {
    billing: stripe.api,
    store: db.cardBilling,
    applications: db.applications,
    followUps: recordingMembershipFollowUps(() => new Date("2026-12-01T10:00:00.000Z")).followUps,
    now: () => new Date("2026-12-01T10:00:00.000Z"),
    log: createRecordingLog().log,
    fulfilOrder: async (session: CheckoutSession) => {
      if (fulfil.fails) throw new Error("D1 is unavailable");
      fulfilled.push(session);
    },
    completeRenewal: async (session: CheckoutSession) => renewals.push(session),
    refunds: {
      recordChargeRefunds: async (id: string) => refundEvents.push(`refunds:${id}`),
      recordDispute: async (id: string) => refundEvents.push(`dispute:${id}`),
    },
    recordFee: async () => {},
    recordInvoiceFee: async () => {},
  };
  return { db, stripe, deps, fulfilled, fulfil, renewals, refundEvents };
}

/** user-1 is a member through app-1 and sub_1, paid until 1 December 2027. */
function member() {
  const world = setup();
  seedApplication(world.db.tables, application({ status: "paid" }));
  seedRecord(world.db.tables, membershipRecord());
  return world;
}

/** user-1's application app-1 is paid at Stripe: a complete session cs_paid and its subscription sub_1. */
async function paidAtStripe() {
  const world = setup();
  await world.db.applications.create(newApplication());
  world.stripe.sessions.set(
    "cs_paid",
    checkoutSession({ id: "cs_paid", status: "complete", paymentStatus: "paid", purpose: PURPOSE, subscriptionId: "sub_1", invoiceId: "in_1", amountTotalPence: 22_000 }),
  );
  world.stripe.subscriptions.set("sub_1", subscription({ purpose: PURPOSE }));
  return world;
}

describe("handleStripeEvent", () => {
  it.each(["payment_intent.succeeded", "charge.succeeded", "customer.created", "invoice.created"])("ignores %s, recording nothing", async (type) => {
    const { db, deps } = setup();
    expect(await handleStripeEvent(deps, event(type, "obj_1"))).toBe("ignored");
    expect(await db.cardBilling.wasHandled("evt_1")).toBe(false);
  });

  it("hands a charge's refunds and disputes to the refunds service, once per event", async () => {
    const { deps, refundEvents } = setup();
    expect(await handleStripeEvent(deps, event("charge.refunded", "ch_1", "evt_r"))).toBe("handled");
    expect(await handleStripeEvent(deps, event("charge.refunded", "ch_1", "evt_r"))).toBe("duplicate");
    expect(await handleStripeEvent(deps, event("charge.dispute.created", "dp_1", "evt_d1"))).toBe("handled");
    expect(await handleStripeEvent(deps, event("charge.dispute.closed", "dp_1", "evt_d2"))).toBe("handled");
    expect(refundEvents).toEqual(["refunds:ch_1", "dispute:dp_1", "dispute:dp_1"]);
  });

  it("ignores an event that names no object", async () => {
    const { deps } = setup();
    expect(await handleStripeEvent(deps, event("invoice.paid", null))).toBe("ignored");
  });

  it("acknowledges an event handled before without doing it again", async () => {
    const { db, deps, stripe } = await paidAtStripe();
    await db.cardBilling.markHandled(event("checkout.session.completed", "cs_paid"));
    stripe.failing.add("retrieveCheckoutSession");
    expect(await handleStripeEvent(deps, event("checkout.session.completed", "cs_paid"))).toBe("duplicate");
    expect(await db.applications.payments("app-1")).toEqual([]);
  });

  it.each(["checkout.session.completed", "checkout.session.async_payment_succeeded"])("completes a membership's checkout on %s, once", async (type) => {
    const { db, deps } = await paidAtStripe();
    expect(await handleStripeEvent(deps, event(type, "cs_paid"))).toBe("handled");
    expect(await handleStripeEvent(deps, event(type, "cs_paid"))).toBe("duplicate");
    expect(await db.applications.payments("app-1")).toEqual([expect.objectContaining({ id: "in_1", amountPence: 22_000 })]);
    expect((await db.memberships.forUser("user-1"))?.status).toBe("active");
    expect(await db.cardBilling.wasHandled("evt_1")).toBe(true);
  });

  it("on checkout.session.async_payment_failed marks the Direct Debit failed, records no payment and cancels the subscription, once", async () => {
    const { db, deps, stripe } = await paidAtStripe();
    await db.cardBilling.setCheckoutSession("app-1", "cs_paid");
    stripe.sessions.set("cs_paid", { ...stripe.sessions.get("cs_paid")!, paymentStatus: "unpaid" });
    expect(await handleStripeEvent(deps, event("checkout.session.completed", "cs_paid"))).toBe("handled");
    expect(await db.applications.byId("app-1")).toMatchObject({ status: "awaiting_payment", directDebitState: "pending" });
    expect(await handleStripeEvent(deps, { ...event("checkout.session.async_payment_failed", "cs_paid"), id: "evt_2" })).toBe("handled");
    expect(await db.applications.byId("app-1")).toMatchObject({ status: "awaiting_payment", directDebitState: "failed" });
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect((await deps.billing.retrieveSubscription("sub_1"))?.status).toBe("canceled");
  });

  it("hands an order's completed checkout to order fulfilment", async () => {
    const { deps, stripe, fulfilled } = setup();
    const session = checkoutSession({ id: "cs_order", status: "complete", paymentStatus: "paid", purpose: { kind: "order", orderId: "order-1", userId: "user-1" } });
    stripe.sessions.set("cs_order", session);
    expect(await handleStripeEvent(deps, event("checkout.session.completed", "cs_order"))).toBe("handled");
    expect(fulfilled).toEqual([session]);
  });

  it("hands an offline member's renewal paid by card to the renewal step, and nothing else", async () => {
    const { db, deps, stripe, fulfilled, renewals } = setup();
    const session = checkoutSession({ id: "cs_renewal", status: "complete", paymentStatus: "paid", amountTotalPence: 19_500, purpose: { kind: "renewal", applicationId: "renewal-1", userId: "user-1" } });
    stripe.sessions.set("cs_renewal", session);
    expect(await handleStripeEvent(deps, event("checkout.session.completed", "cs_renewal"))).toBe("handled");
    expect(renewals).toEqual([session]);
    expect(fulfilled).toEqual([]);
    expect(db.tables.payments.size).toBe(0);
  });

  it("handles a checkout session that is none of ours without changing anything", async () => {
    const { db, deps, stripe, fulfilled } = setup();
    stripe.sessions.set("cs_other", checkoutSession({ id: "cs_other", status: "complete", paymentStatus: "paid", amountTotalPence: 900 }));
    expect(await handleStripeEvent(deps, event("checkout.session.completed", "cs_other"))).toBe("handled");
    expect(fulfilled).toEqual([]);
    expect(db.tables.payments.size).toBe(0);
  });

  it("records a paid renewal on invoice.paid", async () => {
    const { db, deps, stripe } = member();
    stripe.invoices.set("in_2", invoice({ id: "in_2", paidAt: Date.parse("2027-12-01T08:00:00.000Z") / 1000 }));
    stripe.subscriptions.set("sub_1", subscription({ purpose: PURPOSE, periodEnd: Date.parse("2028-12-01T00:00:00.000Z") / 1000 }));
    expect(await handleStripeEvent(deps, event("invoice.paid", "in_2"))).toBe("handled");
    expect(await db.applications.payments("app-1")).toEqual([expect.objectContaining({ id: "in_2", receivedOn: "2027-12-01" })]);
    expect((await db.memberships.forUser("user-1"))?.periodEnd).toBe("2028-12-01T00:00:00.000Z");
  });

  it("follows the subscription on invoice.payment_failed, recording no payment", async () => {
    const { db, deps, stripe } = member();
    stripe.invoices.set("in_2", invoice({ id: "in_2", status: "open", amountPaidPence: 0, paidAt: null }));
    stripe.subscriptions.set("sub_1", subscription({ status: "past_due", purpose: PURPOSE }));
    expect(await handleStripeEvent(deps, event("invoice.payment_failed", "in_2"))).toBe("handled");
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect((await db.memberships.forUser("user-1"))?.billingStatus).toBe("past_due");
  });

  it.each([
    ["customer.subscription.created", "active"],
    ["customer.subscription.updated", "unpaid"],
    ["customer.subscription.deleted", "canceled"],
  ])("follows the subscription as Stripe has it now on %s", async (type, status) => {
    const { db, deps, stripe } = member();
    stripe.subscriptions.set("sub_1", subscription({ status, purpose: PURPOSE }));
    expect(await handleStripeEvent(deps, event(type, "sub_1"))).toBe("handled");
    expect((await db.memberships.forUser("user-1"))?.billingStatus).toBe(status);
  });

  it("acts on exactly the events the tests above drive", () => {
    expect([...HANDLED_EVENTS].sort()).toEqual([
      "charge.dispute.closed",
      "charge.dispute.created",
      "charge.refunded",
      "checkout.session.async_payment_failed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.completed",
      "customer.subscription.created",
      "customer.subscription.deleted",
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_failed",
    ]);
  });

  it("leaves an event unhandled when Stripe cannot be reached, so Stripe's retry does it", async () => {
    const { db, deps, stripe } = await paidAtStripe();
    stripe.failing.add("retrieveSubscription");
    await expect(handleStripeEvent(deps, event("checkout.session.completed", "cs_paid"))).rejects.toThrow("Stripe could not be reached");
    expect(await db.cardBilling.wasHandled("evt_1")).toBe(false);

    stripe.failing.clear();
    expect(await handleStripeEvent(deps, event("checkout.session.completed", "cs_paid"))).toBe("handled");
    expect(await db.applications.payments("app-1")).toHaveLength(1);
    expect((await db.memberships.forUser("user-1"))?.status).toBe("active");
  });

  it("leaves an order's event unhandled when fulfilling it fails", async () => {
    const { db, deps, stripe, fulfil } = setup();
    stripe.sessions.set("cs_order", checkoutSession({ id: "cs_order", status: "complete", paymentStatus: "paid", purpose: { kind: "order", orderId: "order-1", userId: "user-1" } }));
    fulfil.fails = true;
    await expect(handleStripeEvent(deps, event("checkout.session.completed", "cs_order"))).rejects.toThrow("D1 is unavailable");
    expect(await db.cardBilling.wasHandled("evt_1")).toBe(false);
  });
});
