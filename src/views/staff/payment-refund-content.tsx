import type { ReactNode } from "react";
import type { Dispute, Refund, RefundablePayment } from "../../domain/refunds";
import { hrefs } from "../../shared/links";
import { formatPence } from "../format";
import { METHOD_LABELS } from "./labels";
import { DisputeFlags, RefundsTable } from "./refunds-table";
import { Row } from "./summary";

export interface PaymentRefundContentProps {
  payment: RefundablePayment;
  refunds: readonly Refund[];
  /** Disputes of this payment with the member's bank. */
  disputes: readonly Dispute[];
  notice: string | null;
  /** The refund form, or (refunded in full) why there is none. */
  form: ReactNode;
}

/**
 * /staff/payments/:id/refund: one membership payment (a join or a renewal), what has been
 * refunded of it with each credit note, any dispute, and the refund form.
 */
export function PaymentRefundContent({ payment: p, refunds, disputes, notice, form }: PaymentRefundContentProps) {
  const title = `Payment ${p.id}`;
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href={hrefs.staffMember(p.userId)}>The member</a>
        {p.applicationId ? (
          <>
            {" · "}
            <a href={hrefs.staffApplication(p.applicationId)}>The application</a>
          </>
        ) : null}
      </p>
      <h1>Refund a membership payment</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <h2>Payment</h2>
      <dl className="summary-list">
        <Row label="For">{p.description}</Row>
        <Row label="Paid by">{p.payer.name ? `${p.payer.name} (${p.payer.email})` : p.payer.email}</Row>
        <Row label="Amount">{formatPence(p.amountPence)}</Row>
        <Row label="Method">{METHOD_LABELS[p.method]}</Row>
        <Row label="Refunded so far">{formatPence(p.refundedPence)}</Row>
        <Row label="Receipt">{p.receiptNumber ? <a href={hrefs.staffReceipt(p.receiptNumber)}>{p.receiptNumber}</a> : "None issued"}</Row>
        <Row label="Stripe or payment id">
          <code>{p.id}</code>
        </Row>
      </dl>
      <DisputeFlags disputes={disputes} subject="membership" />
      <h2>Refunds</h2>
      <RefundsTable refunds={refunds} reference={title} />
      {form}
    </div>
  );
}
