/**
 * Card-paid membership records follow what Stripe says now: completed Checkout sessions,
 * invoices and subscriptions, against a fake BillingApi and the in-memory stores.
 */
import { describe, expect, it } from "vitest";
import type { CheckoutPurpose } from "../../../src/domain/billing";
import type { MembershipStatus } from "../../../src/domain/membership";
import { completeMembershipCheckout, recordInvoice, syncSubscription } from "../../../src/services/payments/membership-billing";
import { KNOWN_SUBSCRIPTION_STATUSES } from "../../../src/services/payments/subscription-status";
import { application, membershipRecord, newApplication } from "../../fixtures/membership";
import { checkoutSession, createFakeBillingApi, invoice, subscription } from "../../support/unit/fake-billing-api";
import { recordingMembershipFollowUps } from "../../support/unit/follow-ups";
import { createInMemoryMembership } from "../../support/unit/in-memory-membership";
import { seedApplication, seedRecord } from "../../support/unit/in-memory-membership-tables";
import { createRecordingLog } from "../../support/worker/memory-store";

const NOW = new Date("2026-12-01T10:00:00.000Z");
const PURPOSE: CheckoutPurpose = { kind: "membership", applicationId: "app-1", userId: "user-1" };
const seconds = (iso: string) => Date.parse(iso) / 1000;

function setup() {
  const db = createInMemoryMembership();
  const stripe = createFakeBillingApi();
  const { lines, log } = createRecordingLog();
  const { followUps, emails } = recordingMembershipFollowUps(() => NOW);
  return { db, stripe, lines, emails, deps: { billing: stripe.api, store: db.cardBilling, applications: db.applications, followUps, now: () => NOW, log } };
}

/** user-1 has applied (app-1, by card) and Stripe has the subscription their Checkout started. */
async function applied() {
  const world = setup();
  await world.db.applications.create(newApplication());
  world.stripe.subscriptions.set("sub_1", subscription({ purpose: PURPOSE }));
  return world;
}

const paidSession = checkoutSession({
  status: "complete",
  paymentStatus: "paid",
  purpose: PURPOSE,
  customerId: "cus_1",
  subscriptionId: "sub_1",
  invoiceId: "in_1",
  paymentIntentId: "pi_1",
  amountTotalPence: 22_000,
});

/** user-1 is a member through app-1 and sub_1, paid until 1 December 2027. */
function member() {
  const world = setup();
  seedApplication(world.db.tables, application({ status: "paid" }));
  seedRecord(world.db.tables, membershipRecord());
  return world;
}

describe("completeMembershipCheckout", () => {
  it("records the payment under its invoice and activates the membership for the subscription's period", async () => {
    const { db, deps } = await applied();
    expect(await completeMembershipCheckout(deps, paidSession)).toBe("recorded");
    expect(await db.applications.payments("app-1")).toEqual([
      expect.objectContaining({ id: "in_1", method: "card", amountPence: 22_000, receivedOn: "2026-12-01", reference: "in_1", recordedBy: "stripe" }),
    ]);
    expect((await db.applications.byId("app-1"))?.status).toBe("paid");
    expect(await db.memberships.forUser("user-1")).toMatchObject({
      status: "active",
      paymentMethod: "card",
      periodStart: "2026-12-01T00:00:00.000Z",
      periodEnd: "2027-12-01T00:00:00.000Z",
      stripeCustomerId: "cus_1",
      stripeSubscriptionId: "sub_1",
      billingStatus: "active",
    });
  });

  it.each([
    // £195 + £25 at 20%: 3250p + 416.67p -> 417p, 3667p in all.
    [3_667, []],
    [3_666, [{ level: "warn", event: "membership.stripe_tax_differs", fields: { applicationId: "app-1", paymentId: "in_1", stripeTaxPence: 3_666, receiptVatPence: 3_667 } }]],
  ])("compares Stripe's tax (%ip) with the two-line receipt's VAT, warning when they differ, recording the money either way", async (stripeTax, warnings) => {
    const { db, deps, lines } = setup();
    await db.applications.create(newApplication({ joiningFeePence: 2_500 }));
    await completeMembershipCheckout(deps, { ...paidSession, subscriptionId: null, amountTaxPence: stripeTax });
    expect(lines.filter((line) => line.event === "membership.stripe_tax_differs")).toEqual(warnings);
    expect(await db.applications.payments("app-1")).toHaveLength(1);
  });

  it("records the payment once when the webhook and the payer's return both complete the session", async () => {
    const { db, deps } = await applied();
    await completeMembershipCheckout(deps, paidSession);
    expect(await completeMembershipCheckout(deps, paidSession)).toBe("recorded");
    expect(await db.applications.payments("app-1")).toHaveLength(1);
  });

  it.each([
    ["still open", { status: "open", paymentStatus: "unpaid" }],
    ["expired", { status: "expired", paymentStatus: "unpaid" }],
  ])("records nothing for a session %s", async (_, fields) => {
    const { db, deps } = await applied();
    expect(await completeMembershipCheckout(deps, { ...paidSession, ...fields })).toBe("not-paid");
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect((await db.applications.byId("app-1"))?.status).toBe("awaiting_payment");
    expect((await db.memberships.forUser("user-1"))?.status).toBe("awaiting_payment");
  });

  it("records nothing for a session complete but unpaid (a Direct Debit the bank has yet to pay), and marks the application pending", async () => {
    const { db, deps } = await applied();
    await deps.store.setCheckoutSession("app-1", paidSession.id);
    expect(await completeMembershipCheckout(deps, { ...paidSession, status: "complete", paymentStatus: "unpaid" })).toBe("pending");
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect(await db.applications.byId("app-1")).toMatchObject({ status: "awaiting_payment", directDebitState: "pending" });
    expect((await db.memberships.forUser("user-1"))?.status).toBe("awaiting_payment");
  });

  it("marks a £0 checkout (a 100% coupon) paid and activates the membership, with no payment stored", async () => {
    const { db, deps } = await applied();
    const free = { ...paidSession, paymentStatus: "no_payment_required", amountTotalPence: 0 };
    expect(await completeMembershipCheckout(deps, free)).toBe("recorded");
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect((await db.applications.byId("app-1"))?.status).toBe("paid");
    expect((await db.memberships.forUser("user-1"))?.status).toBe("active");
  });

  it("records money paid after staff rejected the application, activates nothing and cancels the subscription", async () => {
    const { db, deps, stripe, lines } = await applied();
    await db.applications.reject((await db.applications.byId("app-1"))!, "Not registered", { staffEmail: "staff@guild.example", action: "application.rejected", details: {} });
    expect(await completeMembershipCheckout(deps, paidSession)).toBe("closed");
    expect(await db.applications.payments("app-1")).toEqual([expect.objectContaining({ id: "in_1", amountPence: 22_000 })]);
    expect((await db.applications.byId("app-1"))?.status).toBe("rejected");
    expect(await db.memberships.forUser("user-1")).toMatchObject({ status: "cancelled", stripeSubscriptionId: null, periodEnd: null });
    expect(stripe.cancelled).toEqual(["sub_1"]);
    expect(lines).toContainEqual({ level: "warn", event: "membership.paid_after_rejection", fields: { applicationId: "app-1", subscriptionId: "sub_1" } });
  });

  it("closes a £0 checkout of a rejected application without activating it", async () => {
    const { db, deps, stripe } = await applied();
    await db.applications.reject((await db.applications.byId("app-1"))!, "Not registered", { staffEmail: "staff@guild.example", action: "application.rejected", details: {} });
    expect(await completeMembershipCheckout(deps, { ...paidSession, amountTotalPence: 0 })).toBe("closed");
    expect((await db.applications.byId("app-1"))?.status).toBe("rejected");
    expect(stripe.cancelled).toEqual(["sub_1"]);
  });

  it("refuses a session that is not for a membership", async () => {
    const { deps } = await applied();
    const order = { ...paidSession, purpose: { kind: "order", orderId: "order-1", userId: "user-1" } as const };
    await expect(completeMembershipCheckout(deps, order)).rejects.toThrow("Checkout session cs_test_1 is not for a membership");
  });
});

describe("recordInvoice", () => {
  const renewal = { purpose: PURPOSE, periodStart: seconds("2027-12-01T00:00:00.000Z"), periodEnd: seconds("2028-12-01T00:00:00.000Z") };

  it("records a paid renewal on the day Stripe took it and extends the membership to Stripe's new period", async () => {
    const { db, deps, stripe } = member();
    stripe.invoices.set("in_2", invoice({ id: "in_2", amountPaidPence: 19_500, paidAt: seconds("2027-12-01T08:00:00.000Z") }));
    stripe.subscriptions.set("sub_1", subscription(renewal));
    await recordInvoice(deps, "in_2");
    expect(await db.applications.payments("app-1")).toEqual([expect.objectContaining({ id: "in_2", amountPence: 19_500, receivedOn: "2027-12-01", reference: "in_2" })]);
    expect(await db.memberships.forUser("user-1")).toMatchObject({ status: "active", periodStart: "2027-12-01T00:00:00.000Z", periodEnd: "2028-12-01T00:00:00.000Z" });
  });

  it("records no payment for a failed renewal and keeps the paid period, the member kept on while Stripe retries", async () => {
    const { db, deps, stripe } = member();
    stripe.invoices.set("in_2", invoice({ id: "in_2", status: "open", amountPaidPence: 0, paidAt: null }));
    stripe.subscriptions.set("sub_1", subscription({ ...renewal, status: "past_due" }));
    await recordInvoice(deps, "in_2");
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect(await db.memberships.forUser("user-1")).toMatchObject({ status: "active", billingStatus: "past_due", periodEnd: "2027-12-01T00:00:00.000Z" });
  });

  it("records the first year's payment once, whether the checkout or its invoice comes first", async () => {
    const { db, deps, stripe } = await applied();
    stripe.invoices.set("in_1", invoice({ id: "in_1", amountPaidPence: 22_000 }));
    await recordInvoice(deps, "in_1");
    await completeMembershipCheckout(deps, paidSession);
    expect(await db.applications.payments("app-1")).toEqual([expect.objectContaining({ id: "in_1", amountPence: 22_000 })]);
  });

  it.each([
    ["that Stripe no longer has", null],
    ["of no subscription", invoice({ subscriptionId: null })],
  ])("changes nothing for an invoice %s", async (_, found) => {
    const { db, deps, stripe } = member();
    if (found) stripe.invoices.set(found.id, found);
    const before = await db.memberships.forUser("user-1");
    await recordInvoice(deps, "in_1");
    expect(await db.applications.payments("app-1")).toEqual([]);
    expect(await db.memberships.forUser("user-1")).toEqual(before);
  });

  it("records nothing for a subscription that pays for something other than a membership", async () => {
    const { db, deps, stripe } = member();
    stripe.invoices.set("in_9", invoice({ id: "in_9", subscriptionId: "sub_other" }));
    stripe.subscriptions.set("sub_other", subscription({ id: "sub_other", purpose: null }));
    const before = await db.memberships.forUser("user-1");
    await recordInvoice(deps, "in_9");
    expect(db.tables.payments.size).toBe(0);
    expect(await db.memberships.forUser("user-1")).toEqual(before);
  });
});

describe("syncSubscription", () => {
  /** What each Stripe status does to a member paid until 1 December 2027, offered the next year. */
  const EXPECTED: Record<(typeof KNOWN_SUBSCRIPTION_STATUSES)[number], { status: MembershipStatus; periodEnd: string }> = {
    active: { status: "active", periodEnd: "2028-12-01T00:00:00.000Z" },
    trialing: { status: "active", periodEnd: "2028-12-01T00:00:00.000Z" },
    past_due: { status: "active", periodEnd: "2027-12-01T00:00:00.000Z" },
    unpaid: { status: "lapsed", periodEnd: "2027-12-01T00:00:00.000Z" },
    paused: { status: "lapsed", periodEnd: "2027-12-01T00:00:00.000Z" },
    incomplete: { status: "awaiting_payment", periodEnd: "2027-12-01T00:00:00.000Z" },
    canceled: { status: "cancelled", periodEnd: "2027-12-01T00:00:00.000Z" },
    incomplete_expired: { status: "cancelled", periodEnd: "2027-12-01T00:00:00.000Z" },
  };

  it("has an expectation for every status Stripe is known to send", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...KNOWN_SUBSCRIPTION_STATUSES].sort());
  });

  it.each(KNOWN_SUBSCRIPTION_STATUSES)("follows a subscription that is %s", async (status) => {
    const { db, deps, stripe } = member();
    stripe.subscriptions.set("sub_1", subscription({ status, purpose: PURPOSE, periodStart: seconds("2027-12-01T00:00:00.000Z"), periodEnd: seconds("2028-12-01T00:00:00.000Z") }));
    await syncSubscription(deps, "sub_1");
    expect(await db.memberships.forUser("user-1")).toMatchObject({ ...EXPECTED[status], billingStatus: status, stripeSubscriptionId: "sub_1" });
  });

  it("keeps the membership's status for a status Stripe adds in future, and logs it", async () => {
    const { db, deps, stripe, lines } = member();
    stripe.subscriptions.set("sub_1", subscription({ status: "on_hold_for_review", purpose: PURPOSE, periodEnd: seconds("2028-12-01T00:00:00.000Z") }));
    await syncSubscription(deps, "sub_1");
    expect(await db.memberships.forUser("user-1")).toMatchObject({ status: "active", billingStatus: "on_hold_for_review", periodEnd: "2027-12-01T00:00:00.000Z" });
    expect(lines).toContainEqual({ level: "warn", event: "membership.subscription_status_unknown", fields: { subscriptionId: "sub_1", status: "on_hold_for_review" } });
  });

  it("sets a subscription renewing again back to cancel at its period end when staff set the membership to end (a portal's Renew)", async () => {
    const { db, deps, stripe, lines } = setup();
    seedApplication(db.tables, application({ status: "paid" }));
    seedRecord(db.tables, membershipRecord({ endsOn: "2027-12-01" }));
    stripe.subscriptions.set("sub_1", subscription({ purpose: PURPOSE, cancelAtPeriodEnd: false }));
    await syncSubscription(deps, "sub_1");
    expect(stripe.cancelledAtPeriodEnd).toEqual(["sub_1"]);
    expect(stripe.cancelled).toEqual([]);
    expect(lines).toContainEqual({ level: "warn", event: "membership.renewal_after_end_undone", fields: { userId: "user-1", subscriptionId: "sub_1", endsOn: "2027-12-01" } });
    // Reported again (now cancelling at its period end): nothing more is asked.
    await syncSubscription(deps, "sub_1");
    expect(stripe.cancelledAtPeriodEnd).toEqual(["sub_1"]);
  });

  it("leaves a renewing subscription alone when the membership renews as usual", async () => {
    const { deps, stripe } = member();
    stripe.subscriptions.set("sub_1", subscription({ purpose: PURPOSE, cancelAtPeriodEnd: false }));
    await syncSubscription(deps, "sub_1");
    expect(stripe.cancelledAtPeriodEnd).toEqual([]);
  });

  it("cancels the membership of a subscription Stripe no longer has, keeping its customer and last period", async () => {
    const { db, deps } = member();
    await syncSubscription(deps, "sub_1");
    expect(await db.memberships.forUser("user-1")).toMatchObject({
      status: "cancelled",
      billingStatus: "canceled",
      stripeCustomerId: "cus_1",
      periodEnd: "2027-12-01T00:00:00.000Z",
    });
  });

  it("ignores a subscription Stripe no longer has that no membership names", async () => {
    const { db, deps } = member();
    const before = await db.memberships.forUser("user-1");
    await syncSubscription(deps, "sub_unknown");
    expect(await db.memberships.forUser("user-1")).toEqual(before);
  });

  describe("a late event about an older subscription", () => {
    /** user-1's membership lapsed (app-old, sub_old), they joined again (app-1), and sub_1 pays for it now. */
    function rejoined() {
      const world = member();
      seedApplication(world.db.tables, application({ id: "app-old", idempotencyKey: "key-old", reference: "GH-OLD", status: "paid" }));
      return world;
    }

    it("never touches the newer membership while Stripe still has the old subscription", async () => {
      const { db, deps, stripe } = rejoined();
      stripe.subscriptions.set("sub_old", subscription({ id: "sub_old", status: "canceled", purpose: { ...PURPOSE, applicationId: "app-old" } }));
      const before = await db.memberships.forUser("user-1");
      await syncSubscription(deps, "sub_old");
      expect(await db.memberships.forUser("user-1")).toEqual(before);
    });

    it("never touches the newer membership once Stripe has deleted the old subscription", async () => {
      const { db, deps } = rejoined();
      const before = await db.memberships.forUser("user-1");
      await syncSubscription(deps, "sub_old");
      expect(await db.memberships.forUser("user-1")).toEqual(before);
    });
  });

  it("activates nothing for a subscription whose application is not paid yet (the event came before the checkout)", async () => {
    const { db, deps } = await applied();
    await syncSubscription(deps, "sub_1");
    expect(await db.memberships.forUser("user-1")).toMatchObject({ status: "awaiting_payment", stripeSubscriptionId: null, periodEnd: null });
  });

  it("does not cancel again a rejected application's subscription that has already ended", async () => {
    const { db, deps, stripe } = await applied();
    await db.applications.reject((await db.applications.byId("app-1"))!, "Duplicate", { staffEmail: "staff@guild.example", action: "application.rejected", details: {} });
    stripe.subscriptions.set("sub_1", subscription({ status: "canceled", purpose: PURPOSE }));
    await syncSubscription(deps, "sub_1");
    expect(stripe.cancelled).toEqual([]);
    expect((await db.memberships.forUser("user-1"))?.status).toBe("cancelled");
  });
});
