/**
 * The buyer's right to cancel an online purchase within 14 days (UK consumer law), for a full
 * refund, while the purchase is unused. A webinar is used once its join link has been handed out
 * (Join is open from an hour before the start: whoever has the link can attend) or once it has
 * started (its recording exists only after it), so an order can be cancelled only while every
 * webinar in it is still to start and no join link of it was handed to the buyer. Only card
 * payments qualify here: Stripe pays the money straight back.
 */
export const CANCELLATION_DAYS = 14;

export interface CancellableOrder {
  status: "awaiting_payment" | "paid" | "cancelled";
  paymentMethod: "card" | "offline" | "free";
}

export interface CancellationFacts {
  order: CancellableOrder;
  /** When the card payment was recorded (instant); null when there is none. */
  paidAt: string | null;
  /** What has been refunded of it already, and whether a dispute was ever opened. */
  refundedPence: number;
  disputed: boolean;
  /** Whether the buyer was handed the join link of a webinar in the order. */
  joined: boolean;
  /** The start of each webinar and event in the order (instant), null when the catalogue does not know it. */
  startsAt: readonly (string | null)[];
  /** For each event booked in the order, the last moment its cancellation policy allows cancelling (instant). */
  eventCutOffs?: readonly string[];
}

export type CancellationRefusal = "not-card" | "not-paid" | "too-late" | "started" | "joined" | "refunded" | "disputed" | "event-policy";

/** Why the order cannot be cancelled now, or null when it can. */
export function cancellationRefusal(facts: CancellationFacts, now: Date): CancellationRefusal | null {
  if (facts.order.paymentMethod !== "card") return "not-card";
  if (facts.order.status !== "paid" || !facts.paidAt) return "not-paid";
  if (facts.refundedPence > 0) return "refunded";
  if (facts.disputed) return "disputed";
  const paid = Date.parse(facts.paidAt);
  if (Number.isNaN(paid) || now.getTime() - paid >= CANCELLATION_DAYS * 86_400_000) return "too-late";
  if (facts.joined) return "joined";
  if ((facts.eventCutOffs ?? []).some((cutOff) => Date.parse(cutOff) <= now.getTime())) return "event-policy";
  const unknownOrStarted = facts.startsAt.length === 0 || facts.startsAt.some((start) => start === null || Number.isNaN(Date.parse(start)) || Date.parse(start) <= now.getTime());
  return unknownOrStarted ? "started" : null;
}

export const CANCELLATION_REFUSALS: Record<CancellationRefusal, string> = {
  "not-card": "Only an order paid by card can be cancelled here; contact us about this order",
  "not-paid": "This order has not been paid, so there is nothing to refund",
  "too-late": `The ${CANCELLATION_DAYS} days to cancel this order have passed`,
  started: "A webinar in this order has already started, so it can no longer be cancelled",
  joined: "You have joined a webinar in this order, so it can no longer be cancelled for a refund: its joining link was given to you",
  refunded: "This order has already been refunded",
  disputed: "This payment is disputed with your bank, so it cannot be cancelled here",
  "event-policy": "The event's cancellation period has passed, so this booking can no longer be cancelled online; contact us",
};
