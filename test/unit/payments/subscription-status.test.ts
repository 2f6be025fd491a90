/** How every Stripe subscription status reads as a membership, and which periods count as paid. */
import { describe, expect, it } from "vitest";
import { KNOWN_SUBSCRIPTION_STATUSES, membershipStatusFor, periodIsPaid } from "../../../src/services/payments/subscription-status";

describe("membershipStatusFor", () => {
  it.each([
    ["active", "active", true],
    ["trialing", "active", true],
    // Stripe is retrying the card: the member keeps access, but the unpaid period is not added.
    ["past_due", "active", false],
    ["unpaid", "lapsed", false],
    ["paused", "lapsed", false],
    ["incomplete", "awaiting_payment", false],
    ["canceled", "cancelled", false],
    ["incomplete_expired", "cancelled", false],
  ] as const)("reads %s as %s (period paid: %s)", (stripeStatus, membership, paid) => {
    expect(membershipStatusFor(stripeStatus)).toBe(membership);
    expect(periodIsPaid(stripeStatus)).toBe(paid);
  });

  it("covers every status it names", () => {
    for (const status of KNOWN_SUBSCRIPTION_STATUSES) expect(membershipStatusFor(status)).not.toBeNull();
  });

  it.each(["suspended", "", "ACTIVE", "cancelled"])("never ends a membership for a status it does not know (%j)", (status) => {
    expect(membershipStatusFor(status)).toBeNull();
    expect(periodIsPaid(status)).toBe(false);
  });
});
