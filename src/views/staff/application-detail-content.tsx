import type { ReactNode } from "react";
import { PaymentMethodWords } from "./payment-method-words";
import type { Application, Payment } from "../../domain/membership";
import type { AuditEntry } from "../../domain/audit";
import type { Receipt } from "../../domain/receipts";
import { AuditTrail } from "./audit-trail";
import { KIND_LABELS } from "./labels";
import { hrefs } from "../../shared/links";
import { PaymentsTable } from "./payments-table";
import { ReceiptsTable } from "./receipts-table";
import { RecordHeader } from "./record-header";
import { RefundDueBadge, StatusBadge } from "./status-badge";
import { At, Row } from "./summary";
import { formatPence } from "../format";
import { DateTime } from "../components/date-time";

export interface ApplicationDetailContentProps {
  application: Application;
  payments: readonly Payment[];
  /** The receipts issued for its payments. */
  receipts: readonly Receipt[];
  audit: readonly AuditEntry[];
  notice: string | null;
  /** Money is held that the application does not pay for (services/membership/refunds.ts): owed back. */
  refundDue: boolean;
  /** A renewal's or change's card payment of another amount than is due: recorded, but it completed nothing. */
  unmatchedPayment?: boolean;
  /** The payment and reject forms, when the application is awaiting payment. */
  actions: ReactNode;
  /** The day the applicant's membership ends without renewing, when staff chose so with a refund. */
  membershipEndsOn?: string | null;
  /** Where its review stands, with the documents (a membership that needs approval). */
  review?: ReactNode;
}

/** /staff/applications/:id: everything the applicant gave, the money received and who did what. */
export function ApplicationDetailContent({
  application: a,
  payments,
  receipts,
  audit,
  notice,
  refundDue,
  unmatchedPayment = false,
  actions,
  membershipEndsOn = null,
  review = null,
}: ApplicationDetailContentProps) {
  const { address, professional, declaration } = a.details;
  const received = payments.reduce((sum, p) => sum + p.amountPence, 0);
  return (
    <div className="staff-screen">
      <RecordHeader back={["/staff/applications", "All applications"]} title={`Application ${a.reference}`} status={a.status} notice={notice} />
      {refundDue ? <RefundDueNotice application={a} receivedPence={received} unmatched={unmatchedPayment} /> : null}

      <h2>Membership</h2>
      <dl className="summary-list">
        <Row label="Reference">{a.reference}</Row>
        <Row label="Membership">{a.membershipTitle}</Row>
        <Row label="For">{KIND_LABELS[a.kind]}</Row>
        <Row label="Amount due">
          {formatPence(a.amountDuePence)}
          {a.discount ? ` after discount code ${a.discount.code} (${formatPence(a.discount.totalPence)} off)` : ""}
        </Row>
        <Row label="Payment method">
          <PaymentMethodWords application={a} />
        </Row>
        {membershipEndsOn ? (
          <Row label="Membership ends">
            <DateTime value={membershipEndsOn} /> (after a refund; it does not renew)
          </Row>
        ) : null}
        <Row label="Status">
          <StatusBadge status={a.status} />
          {refundDue ? (
            <>
              {" "}
              <RefundDueBadge />
            </>
          ) : null}
        </Row>
        {a.rejectedReason !== null ? <Row label="Reason for rejecting">{a.rejectedReason}</Row> : null}
        <Row label="Submitted">
          <At value={a.createdAt} />
        </Row>
      </dl>

      <h2>Applicant</h2>
      <dl className="summary-list">
        <Row label="Name">
          {a.givenName} {a.familyName}
        </Row>
        <Row label="E-mail address">{a.email}</Row>
        <Row label="Phone">{a.details.phone}</Row>
        <Row label="Address">
          <span className="staff-address">
            {[address.line1, address.line2, address.town, address.region, address.postcode, address.country].filter(Boolean).map((line, i) => (
              <span key={i}>{line}</span>
            ))}
          </span>
        </Row>
      </dl>

      <h2>Professional details</h2>
      <dl className="summary-list">
        <Row label="Registration number">{professional.registrationNumber}</Row>
        <Row label="Specialisation">{professional.specialisation}</Row>
        <Row label="Workplace">{professional.workplace}</Row>
        <Row label="Year qualified">{professional.yearQualified}</Row>
        {professional.placeOfStudy ? <Row label="Place of study">{professional.placeOfStudy}</Row> : null}
      </dl>

      {review}

      <h2>Declaration</h2>
      <dl className="summary-list">
        <Row label="Accepted the terms">
          <At value={declaration.termsAcceptedAt} />
        </Row>
        <Row label="Accepted the privacy notice">
          <At value={declaration.privacyAcceptedAt} />
        </Row>
      </dl>

      <h2>Payments</h2>
      <PaymentsTable payments={payments} reference={a.reference} refundHref={hrefs.staffPaymentRefund} />

      <h2>Receipts</h2>
      <ReceiptsTable receipts={receipts} reference={a.reference} />

      <h2>Audit trail</h2>
      <AuditTrail audit={audit} reference={a.reference} none="No staff action has been taken on this application." />

      <h2>Data-subject request</h2>
      <p>
        <a href={hrefs.staffApplicantData(a.id)} download>
          Export this person's data
        </a>{" "}
        (JSON: everything the site holds about the applicant's account; the export is recorded in the audit trail).
      </p>

      {actions}
    </div>
  );
}

/** Why money held against this application is owed back, and what staff should do. */
function RefundDueNotice({ application: a, receivedPence, unmatched }: { application: Application; receivedPence: number; unmatched: boolean }) {
  const what = a.kind === "change" ? "change of membership" : "renewal";
  if (unmatched) {
    return (
      <div className="notice notice--info" data-refund-due="" data-payment-mismatch="">
        <p>
          <strong>Card payment does not match the amount due — the {what} was not completed.</strong> {formatPence(receivedPence)} was paid by card, but{" "}
          {formatPence(a.amountDuePence)} is due (the card payment was opened at an older price). The membership was not extended. Refund the payment to the
          member, who can then pay the amount due; or, if the member agrees, record the difference as a payment below.
        </p>
      </div>
    );
  }
  if (a.status === "paid") {
    return (
      <div className="notice notice--info" data-refund-due="" data-overpaid="">
        <p>
          <strong>Paid more than was due — refund due.</strong> {formatPence(receivedPence)} was received for this {what}, and {formatPence(a.amountDuePence)} was
          due. Refund the difference to the member.
        </p>
      </div>
    );
  }
  return (
    <div className="notice notice--info" data-refund-due="">
      <p>
        <strong>Paid after it was rejected — refund due.</strong> {formatPence(receivedPence)} arrived after this application was rejected. The membership was
        not activated and the card subscription was cancelled, so nothing more will be charged. Refund the payment to the applicant.
      </p>
    </div>
  );
}
