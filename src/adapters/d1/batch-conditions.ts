/**
 * Conditions a statement of a D1 batch can be made to depend on (a receipt, an e-mail), evaluated
 * when the batch reaches it: whether the change before it in the same batch happened. The SQL
 * stays here, beside the tables; services choose which condition a follow-up needs.
 */
import type { BatchQuery } from "./batch-query";

const query = (select: string, ...params: unknown[]): BatchQuery => ({ select, params });

export const batchConditions = {
  /** The application with this (fresh) id was stored: its idempotency key was not used before. */
  applicationStored: (applicationId: string) => query("SELECT 1 FROM applications WHERE id = ?", applicationId),
  applicationRejected: (applicationId: string) => query("SELECT 1 FROM applications WHERE id = ? AND status = 'rejected'", applicationId),
  /** Staff approved the application (it needed approval) and it is still open. */
  applicationApproved: (applicationId: string) => query("SELECT 1 FROM applications WHERE id = ? AND vetting = 'approved' AND status = 'awaiting_payment'", applicationId),
  /** Staff asked the applicant for more, and the application is waiting for the answer. */
  applicationAwaitingAnswer: (applicationId: string) => query("SELECT 1 FROM applications WHERE id = ? AND vetting = 'more_info'", applicationId),
  /** The application's Direct Debit was not paid by the bank (and it still awaits payment through this session). */
  directDebitFailed: (applicationId: string, sessionId: string) =>
    query("SELECT 1 FROM applications WHERE id = ? AND checkout_session_id = ? AND direct_debit_state = 'failed' AND status = 'awaiting_payment'", applicationId, sessionId),
  applicationPaid: (applicationId: string) => query("SELECT 1 FROM applications WHERE id = ? AND status = 'paid'", applicationId),
  /** A membership payment with this id is stored. */
  membershipPaymentStored: (paymentId: string) => query("SELECT 1 FROM payments WHERE id = ?", paymentId),
  /** …and the application it pays for is paid (not rejected meanwhile). */
  membershipPaymentActivates: (paymentId: string) =>
    query("SELECT 1 FROM payments p JOIN applications a ON a.id = p.application_id WHERE p.id = ? AND a.status = 'paid'", paymentId),
  /** The user's membership is paid by this subscription and has had a paid period. */
  subscriptionMembership: (userId: string, subscriptionId: string) =>
    query("SELECT 1 FROM memberships WHERE user_id = ? AND stripe_subscription_id = ? AND period_end IS NOT NULL", userId, subscriptionId),
  /** The order with this (fresh) id was stored: its idempotency key was not used before. */
  orderStored: (orderId: string) => query("SELECT 1 FROM orders WHERE id = ?", orderId),
  orderPaid: (orderId: string) => query("SELECT 1 FROM orders WHERE id = ? AND status = 'paid'", orderId),
  /** The event booking is confirmed (its order's payment, earlier in the batch, confirmed it). */
  bookingConfirmed: (bookingId: string) => query("SELECT 1 FROM event_bookings WHERE id = ? AND status = 'confirmed'", bookingId),
  /** The waiting-list entry was offered this held booking (the offer's batch held the place). */
  waitlistOffered: (entryId: string, bookingId: string) => query("SELECT 1 FROM event_waitlist WHERE id = ? AND status = 'offered' AND offer_booking_id = ?", entryId, bookingId),
  /** The booking was attached to this order, stored paid (free) earlier in the batch, which confirms it at its end. */
  bookingInPaidOrder: (bookingId: string, orderId: string) =>
    query("SELECT 1 FROM event_bookings b JOIN orders o ON o.id = b.order_id WHERE b.id = ? AND o.id = ? AND o.status = 'paid' AND b.status = 'held'", bookingId, orderId),
  orderPaymentStored: (paymentId: string) => query("SELECT 1 FROM order_payments WHERE id = ?", paymentId),
  /** The refund with this id has its credit note. */
  creditNoteIssued: (refundId: string) => query("SELECT 1 FROM credit_notes WHERE refund_id = ?", refundId),
} as const;
