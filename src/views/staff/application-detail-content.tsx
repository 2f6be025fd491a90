import type { ReactNode } from "react";
import type { Application, Payment } from "../../adapters/d1/applications";
import type { AuditEntry } from "../../adapters/d1/audit-log";
import { DateTime } from "../components/date-time";
import { formatTime } from "../format";
import { AUDIT_ACTION_LABELS, METHOD_LABELS, pounds } from "./labels";
import { StatusBadge } from "./status-badge";

export interface ApplicationDetailContentProps {
  application: Application;
  payments: readonly Payment[];
  audit: readonly AuditEntry[];
  notice: string | null;
  /** The payment and reject forms, when the application is awaiting payment. */
  actions: ReactNode;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="summary-list__row">
      <dt>{label}</dt>
      <dd>{children ?? "—"}</dd>
    </div>
  );
}

/** A moment with its date and UK clock time. */
function At({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <>
      <DateTime value={date} /> at {formatTime(date)}
    </>
  );
}

/** /staff/applications/:id: everything the applicant gave, the money received and who did what. */
export function ApplicationDetailContent({ application: a, payments, audit, notice, actions }: ApplicationDetailContentProps) {
  const { address, professional, declaration } = a.details;
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href="/staff/applications">All applications</a>
      </p>
      <h1>
        Application {a.reference} <StatusBadge status={a.status} />
      </h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}

      <h2>Membership</h2>
      <dl className="summary-list">
        <Row label="Reference">{a.reference}</Row>
        <Row label="Membership">{a.membershipTitle}</Row>
        <Row label="Amount due">{pounds(a.amountDuePence)}</Row>
        <Row label="Payment method">{METHOD_LABELS[a.paymentMethod]}</Row>
        <Row label="Status">
          <StatusBadge status={a.status} />
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
            {[address.line1, address.line2, address.town, address.postcode, address.country].filter(Boolean).map((line, i) => (
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
      </dl>

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
      {payments.length === 0 ? (
        <p>No payment has been received.</p>
      ) : (
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Payments received">
          <table className="staff-table">
            <caption>Payments received for {a.reference}</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col" className="staff-table__number">
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col">Recorded by</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <DateTime value={`${p.receivedOn}T12:00:00Z`} />
                  </th>
                  <td className="staff-table__number">{pounds(p.amountPence)}</td>
                  <td>{METHOD_LABELS[p.method]}</td>
                  <td>{p.reference}</td>
                  <td>{p.recordedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Audit trail</h2>
      {audit.length === 0 ? (
        <p>No staff action has been taken on this application.</p>
      ) : (
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Audit trail">
          <table className="staff-table">
            <caption>Staff actions on {a.reference}, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((entry, i) => (
                <tr key={i}>
                  <th scope="row">
                    <At value={entry.at} />
                  </th>
                  <td>{entry.staffEmail}</td>
                  <td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {actions}
    </div>
  );
}
