/**
 * The outbox's dedupe key: the message's kind and the event that causes it, so the same event
 * can never make two messages, however often it is replayed (a double submit, a webhook
 * delivered twice, a retried batch). Messages to several readers (staff notices) add the
 * address, one key per reader.
 *
 * Events by kind: application-received, application-staff-notice and application-rejected take
 * the application id; application-review `{application id}:{approved | the staff audit step}`; membership-paid the payment id; order-receipt and order-cancelled the order id; event-booking-confirmed the booking id (one per booking, however often its order's payment arrives); event-waitlist-offer `{waiting-list entry}:{held booking}` (one per offer); event-reminder `{buyer's userId}:{event id}:{starts at}`; event-attendance-thanks the attendee's place id (one per place, however often it is checked in, imported or marked); event-cancelled `{event id}:{order id}`; event-postponed `{event id}:{buyer's userId}:{starts at}`; event-place-transferred and event-place-passed-on `{attendee's place id}:{transfer id}` (one per transfer); event-attendee-notice `{event id}:cancelled:{address}` or `{event id}:postponed:{starts at}:{address}` (once per attendee's address and change, however many orders name them); event-reopened `{event id}:reopened:{new start}:{address}` (once per address and new dates); payment-failed
 * the invoice id; direct-debit-failed the Checkout session whose Direct Debit the bank did not pay; renewal-reminder `{userId}:{periodEnd}:{30|7}`; membership-lapsed
 * `{userId}:{periodEnd}`; webinar-reminder `{userId}:{webinarId}:{startsAt}`; recording-ready
 * `{userId}:{webinarId}`; claim-invitation the imported address; email-changed
 * `{userId}:{newEmail}`; refund-issued the refund id; pro-forma-issued
 * `{source}:{application or order id}:{content key}` (one invoice); dispute-opened and
 * dispute-closed `{disputeId}:{payer's userId}`, with each staff reader's address.
 */
import type { EmailKind } from "../../domain/email";

const EVENT_LENGTH = 300;

export function dedupeKey(kind: EmailKind, event: string, recipient?: string): string {
  const id = event.trim();
  if (id === "") throw new Error(`An e-mail's event id must not be empty (${kind})`);
  if (id.length > EVENT_LENGTH) throw new Error(`An e-mail's event id must be at most ${EVENT_LENGTH} characters (${kind})`);
  return recipient === undefined ? `${kind}:${id}` : `${kind}:${id}:${recipient.trim().toLowerCase()}`;
}
