/**
 * How a membership's next year gets paid, which the renewal offer, the renewal request and the
 * reminders must agree on: Stripe charges a card member's live subscription by itself; every
 * other member renews by hand from their membership page (by card through Checkout, or by bank
 * transfer). A card member with no live subscription (brought across by the import without
 * one, or whose subscription ended) renews by hand: nothing would be taken otherwise.
 */
import type { MembershipRecord } from "../domain/membership";

/** Stripe statuses of a subscription that will never charge again. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** Whether Stripe renews the membership by itself (a card member's live subscription). */
export function renewsAutomatically(record: Pick<MembershipRecord, "paymentMethod" | "stripeSubscriptionId" | "billingStatus">): boolean {
  return record.paymentMethod === "card" && record.stripeSubscriptionId !== null && !ENDED.has(record.billingStatus ?? "");
}

/** Whether a renewal reminder tells of an automatic charge (one written before it said so: card meant automatic then). */
export function reminderRenewsAutomatically(d: { renewal?: "automatic" | "by-hand"; paymentMethod: MembershipRecord["paymentMethod"] }): boolean {
  return (d.renewal ?? (d.paymentMethod === "card" ? "automatic" : "by-hand")) === "automatic";
}
