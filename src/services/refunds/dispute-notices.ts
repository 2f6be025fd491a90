/**
 * Staff's e-mail about a payer's dispute: when it opens (who, which payment, how much, why, and
 * the date Stripe needs evidence by) and, shorter, when it is decided. It goes to every current
 * staff member with the finance or administrator role, one message each, written in the batch
 * that records the dispute and only if that batch changed it: an event delivered again, or a
 * dispute already recorded in this state, writes nothing (and each message's dedupe key, the
 * dispute and the reader, would refuse a second one anyway). The key also names the payer's user
 * id: the messages carry the payer's name and address, and erasing the payer's account finds
 * outbox rows by it.
 */
import type { StaffStore } from "../../adapters/d1/staff";
import type { CardDispute } from "../../domain/billing";
import type { DisputeNoticeData } from "../../domain/email";
import type { DisputeStatus, RefundablePayment } from "../../domain/refunds";
import type { StaffRole } from "../../domain/staff";
import { hrefs } from "../../shared/links";
import type { Notices } from "../email/notices";
import type { PreparedEmail } from "../email/outbox";

/** Who hears about disputes: the people who answer them (finance) and administrators. */
export const DISPUTE_READER_ROLES: readonly StaffRole[] = ["admin", "finance"];

export interface DisputeNoticeDeps {
  notices: Pick<Notices, "prepare">;
  staff: Pick<StaffStore, "addressesWithRoles">;
}

/** The staff page where the dispute is flagged: the order's, or the membership payment's (both finance pages). */
const staffPath = (payment: RefundablePayment): string => (payment.orderId ? hrefs.staffOrder(payment.orderId) : hrefs.staffPaymentRefund(payment.id));

/**
 * The messages for a dispute now in `status`, for the batch that records it, right after the
 * dispute's own statement. None when no staff member has a reading role (logged by the outbox).
 */
export async function disputeNotices(deps: DisputeNoticeDeps, dispute: CardDispute, status: DisputeStatus, payment: RefundablePayment): Promise<PreparedEmail> {
  const to = await deps.staff.addressesWithRoles(DISPUTE_READER_ROLES);
  const facts: DisputeNoticeData = {
    disputeId: dispute.id,
    payerName: payment.payer.name,
    payerEmail: payment.payer.email,
    paymentDescription: payment.description,
    receiptNumber: payment.receiptNumber,
    amountPence: dispute.amountPence,
    reason: dispute.reason,
    staffPath: staffPath(payment),
  };
  // One statement for every reader, directly after the dispute's: written only if that changed it.
  const onlyIf = { afterChange: true } as const;
  const event = `${dispute.id}:${payment.userId}`;
  return deps.notices.prepare([
    status === "open"
      ? { message: { kind: "dispute-opened", event, to, data: { ...facts, evidenceDueBy: dispute.evidenceDueBy } }, onlyIf }
      : { message: { kind: "dispute-closed", event, to, data: { ...facts, outcome: status } }, onlyIf },
  ]);
}
