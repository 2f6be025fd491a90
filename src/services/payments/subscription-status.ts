/**
 * How a Stripe subscription's status reads as a membership (docs/decisions/0007):
 * active and trialing are active; past_due stays active (Stripe is retrying the card) but its
 * period is not extended, so the grace period after the last paid period still applies; unpaid
 * and paused have lapsed; canceled and incomplete_expired are cancelled; incomplete (the first
 * payment needs action) is still awaiting payment.
 *
 * A status Stripe adds in future reads as "no change" (null): a membership is never ended by a
 * word we do not know. The caller keeps the record's status and logs the unknown one.
 */
import type { MembershipStatus } from "../../domain/membership";

export const KNOWN_SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
  "canceled",
  "incomplete_expired",
] as const;

export function membershipStatusFor(subscriptionStatus: string): MembershipStatus | null {
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
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    default:
      return null;
  }
}

/** Whether the subscription's current period has been paid for (so it may extend the membership). */
export const periodIsPaid = (subscriptionStatus: string) => subscriptionStatus === "active" || subscriptionStatus === "trialing";
