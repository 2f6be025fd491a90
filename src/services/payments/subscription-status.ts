/**
 * How a Stripe subscription's status reads as a membership (docs/decisions/0007):
 * active and trialing are active; past_due stays active (Stripe is retrying the card) but its
 * period is not extended, so the grace period after the last paid period still applies; unpaid
 * and paused have lapsed; canceled and incomplete_expired are cancelled; incomplete (the first
 * payment needs action) is still awaiting payment.
 */
import type { MembershipStatus } from "../../adapters/d1/memberships";

export function membershipStatusFor(subscriptionStatus: string): MembershipStatus {
  switch (subscriptionStatus) {
    case "active":
    case "trialing":
    case "past_due":
      return "active";
    case "unpaid":
    case "paused":
      return "lapsed";
    case "incomplete":
      return "awaiting_payment";
    default:
      return "cancelled";
  }
}

/** Whether the subscription's current period has been paid for (so it may extend the membership). */
export const periodIsPaid = (subscriptionStatus: string) => subscriptionStatus === "active" || subscriptionStatus === "trialing";
