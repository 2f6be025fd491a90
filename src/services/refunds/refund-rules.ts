/**
 * What may be refunded: whole pence, more than nothing, and never more than is left of the
 * payment once every earlier refund is taken off. The D1 insert checks the same bound again
 * inside its transaction, so two refunds at once cannot pass it together; this check is what
 * gives staff a clear message first. The reason is required and bounded.
 */
import { AppError } from "../../errors";
import type { RefundablePayment } from "../../domain/refunds";

export const REASON_MAX_LENGTH = 500;

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** What is left to refund of the payment, in pence. */
export const refundablePence = (payment: Pick<RefundablePayment, "amountPence" | "refundedPence">): number =>
  Math.max(0, payment.amountPence - payment.refundedPence);

/** Throws a BAD_REQUEST naming the problem; returns the amount when it may be refunded. */
export function checkRefundAmount(payment: Pick<RefundablePayment, "amountPence" | "refundedPence">, amountPence: number): number {
  if (!Number.isSafeInteger(amountPence)) throw new AppError("BAD_REQUEST", "The refund must be a whole number of pence");
  if (amountPence <= 0) throw new AppError("BAD_REQUEST", "The refund must be more than £0");
  const left = refundablePence(payment);
  if (left === 0) throw new AppError("BAD_REQUEST", "This payment has already been refunded in full");
  if (amountPence > left) {
    throw new AppError("BAD_REQUEST", `The refund can be at most ${pounds(left)}: ${pounds(payment.amountPence)} was paid and ${pounds(payment.refundedPence)} has already been refunded`);
  }
  return amountPence;
}

/** The reason, trimmed; a BAD_REQUEST when empty or too long. */
export function checkRefundReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new AppError("BAD_REQUEST", "Enter the reason for the refund");
  if (trimmed.length > REASON_MAX_LENGTH) throw new AppError("BAD_REQUEST", `The reason must be ${REASON_MAX_LENGTH} characters or fewer`);
  return trimmed;
}
