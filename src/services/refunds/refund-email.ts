/**
 * The payer's e-mail about a refund, written in the refund's own batch after its credit note, so
 * it carries the note's number; deduplicated on the refund's id, so a refund reported again (the
 * staff form resubmitted, charge.refunded delivered twice) is announced once.
 */
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { RefundStore } from "../../adapters/d1/refunds";
import type { NewRefund, RefundablePayment } from "../../domain/refunds";
import type { Notices } from "../email/notices";
import type { PreparedEmail } from "../email/outbox";

export function refundEmail(deps: { notices: Notices; refunds: Pick<RefundStore, "creditNoteNumberOf"> }, refund: NewRefund, payment: RefundablePayment): PreparedEmail {
  const number = deps.refunds.creditNoteNumberOf(refund.id);
  return deps.notices.prepare([
    {
      message: {
        kind: "refund-issued",
        event: refund.id,
        to: { email: payment.payer.email, userId: payment.userId },
        data: {
          creditNoteNumber: null,
          description: payment.description,
          amountPence: refund.amountPence,
          method: refund.method,
          refundedOn: refund.refundedOn,
          reason: refund.reason,
        },
      },
      onlyIf: when.creditNoteIssued(refund.id),
      fill: [{ field: "creditNoteNumber", ...number }],
    },
  ]);
}
