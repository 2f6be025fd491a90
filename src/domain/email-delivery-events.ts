/**
 * What a mail service reports about an e-mail after it left: a hard bounce (the address does not
 * exist), a soft bounce (a full mailbox, a server down for now) or a complaint (the reader marked it
 * as spam). Types only (docs/decisions/0077-bounce-and-complaint-webhook.md).
 */
export const DELIVERY_EVENT_TYPES = ["hard_bounce", "soft_bounce", "complaint"] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

export interface DeliveryEvent {
  /** The sender's id for the event: the same report delivered twice is kept once. */
  id: string;
  email: string;
  type: DeliveryEventType;
  detail: string;
  occurredAt: string;
}

/** What one webhook delivery did. */
export interface DeliveryEventOutcome {
  received: number;
  /** Addresses suppressed for bulk mail by a hard bounce or complaint. */
  suppressed: number;
  softBounces: number;
}
