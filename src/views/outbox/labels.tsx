/** Outbox statuses and message kinds in staff's and developers' words. */
import type { EmailKind, OutboxStatus } from "../../domain/email";

import { OUTBOX_STATUS_LABELS } from "../../shared/outbox-status-words";

export { OUTBOX_STATUS_LABELS };

const TONES: Record<OutboxStatus, string> = {
  pending: "awaiting-payment",
  sending: "awaiting-payment",
  retry: "awaiting-payment",
  sent: "paid",
  failed: "rejected",
  suppressed: "suppressed",
};

export const KIND_LABELS: Record<EmailKind, string> = {
  "application-received": "Application received",
  "application-staff-notice": "New application (staff)",
  "membership-paid": "Membership paid",
  "order-receipt": "Order receipt",
  "event-booking-confirmed": "Event booking confirmed",
  "event-waitlist-offer": "Event waiting-list offer",
  "event-reminder": "Event reminder",
  "event-attendance-thanks": "Thanks for attending an event (CPD certificate)",
  "event-cancelled": "Event cancelled",
  "event-postponed": "Event postponed",
  "event-place-transferred": "Event place transferred (new attendee)",
  "event-place-passed-on": "Event place passed on (previous attendee)",
  "event-attendee-notice": "Event cancelled or postponed (attendee)",
  "event-reopened": "Postponed event reopened on new dates",
  "refund-issued": "Refund issued",
  "pro-forma-issued": "Pro-forma invoice",
  "dispute-opened": "Payment disputed (staff)",
  "dispute-closed": "Dispute decided (staff)",
  "payment-failed": "Payment failed",
  "direct-debit-failed": "Direct Debit not paid",
  "renewal-reminder": "Renewal reminder",
  "membership-lapsed": "Membership lapsed",
  "webinar-reminder": "Webinar reminder",
  "recording-ready": "Recording ready",
  "application-rejected": "Application rejected",
  "application-review": "Application approved or more asked",
  "claim-invitation": "Claim your membership (import)",
  "email-changed": "E-mail address changed (to the old address)",
  "order-cancelled": "Order cancelled (not paid in time)",
  "export-ready": "Export ready (staff)",
  "practitioner-contact": "Patient's message to a practitioner",
  "practitioner-contact-copy": "Copy of a patient's message",
  "practitioner-contact-confirm": "Patient's message waiting for confirmation",
  "practitioner-listing-hidden": "Public listing hidden",
};

/** A message's status in words, with a tone and a marker shape so colour is never the only cue. */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <span className={`badge staff-status staff-status--${TONES[status]}`}>{OUTBOX_STATUS_LABELS[status]}</span>;
}
