import type { MemberTimeline, TimelineEntry } from "../../domain/member-timeline";
import { PaymentMethodWords } from "./payment-method-words";
import type { Dispute } from "../../domain/refunds";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { ActionButton } from "../forms/action-button";
import { formatPence } from "../format";
import { memberStateWords } from "../membership/member-state-words";
import { renewalDebitPendingText } from "../membership/direct-debit-words";
import { KIND_LABELS as EMAIL_KIND_LABELS, OutboxStatusBadge } from "../outbox/labels";
import { AUDIT_ACTION_LABELS, CHANGE_DIRECTION_LABELS, CHANGE_STATUS_LABELS, KIND_LABELS, METHOD_LABELS } from "./labels";
import { DisputeFlags } from "./refunds-table";
import { MemberOfficeForms, type OfficeFormState } from "./member-office-forms";
import { StaffTable } from "./staff-table";
import { StatusBadge } from "./status-badge";
import { At, Row } from "./summary";
import { MEMBER_MESSAGE_KIND, type EmailSuppression } from "../../domain/member-messages";
import { SoftBouncesNote, SuppressionSection } from "../messages/suppression-section";

export interface MemberDetailContentProps {
  timeline: MemberTimeline;
  /** Bulk mail stopped for the member's address after a bounce or complaint (null: none, or cleared). */
  suppression?: EmailSuppression | null;
  /** Soft bounces reported for the member's address. */
  softBounces?: { count: number; lastAt: string | null };
  /** The "clear suppression" form's problem. */
  suppressionError?: string | null;
  /** Disputes of the member's payments with their bank (flagged at the top). */
  disputes?: readonly Dispute[];
  csrfToken: string;
  notice: string | null;
  /** Today in London (YYYY-MM-DD), for the office's date fields. */
  today: string;
  /** The office form that came back with problems, and what was typed in it. */
  office?: OfficeFormState | null;
}

const resendAction = (userId: string, messageId: string) => `${hrefs.staffMember(userId)}/emails/${encodeURIComponent(messageId)}/resend`;

/** What one timeline entry is, in a few words. */
function What({ entry }: { entry: TimelineEntry }) {
  switch (entry.type) {
    case "application":
      return <>Application: {KIND_LABELS[entry.kind].toLowerCase()}</>;
    case "payment":
      return <>Payment</>;
    case "receipt":
      return <>Receipt</>;
    case "imported-payment":
      return <>Earlier payment (imported)</>;
    case "email":
      return (entry.kind as string) === MEMBER_MESSAGE_KIND ? <>Bulk message</> : <>E-mail: {EMAIL_KIND_LABELS[entry.kind] ?? entry.kind}</>;
    case "staff":
      return <>Staff action</>;
    case "note":
      return <>Note</>;
    case "change":
      return <>Change of type: {CHANGE_DIRECTION_LABELS[entry.direction]}</>;
  }
}

/** Its facts, with a link to its own page where it has one. */
function Details({ entry }: { entry: TimelineEntry }) {
  switch (entry.type) {
    case "application":
      return (
        <>
          <a href={`/staff/applications/${encodeURIComponent(entry.id)}`}>{entry.reference}</a>, {entry.membershipTitle}, {formatPence(entry.amountDuePence)} due (
          <PaymentMethodWords application={entry} />)
        </>
      );
    case "payment":
      return (
        <>
          {formatPence(entry.amountPence)} ({METHOD_LABELS[entry.method].toLowerCase()}), received <DateTime value={entry.receivedOn} style="short" />,
          reference {entry.reference}
          {entry.orderReference ? `, order ${entry.orderReference}` : ""}, recorded by {entry.recordedBy}; <a href={hrefs.staffPaymentRefund(entry.id)}>refunds of this payment</a>
        </>
      );
    case "receipt":
      return (
        <>
          <a href={hrefs.staffReceipt(entry.number)}>Receipt {entry.number}</a>, {formatPence(entry.totalPence)}
        </>
      );
    case "imported-payment":
      return (
        <>
          {formatPence(entry.amountPence)} paid <DateTime value={entry.at} style="short" /> under the previous system
          {entry.method ? <>, {entry.method}</> : null}
          {entry.reference ? <>, reference {entry.reference}</> : null}; history only: no receipt, not in the ledger
        </>
      );
    case "email":
      return (
        <>
          {entry.subject}
          {entry.lastError ? <> (last error: {entry.lastError})</> : null}
        </>
      );
    case "staff":
      return (
        <>
          {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}, by {entry.staffEmail}
          {entry.reason ? <>: “{entry.reason}”</> : null}
        </>
      );
    case "note":
      return (
        <>
          <span className="staff-note">{entry.body}</span> (by {entry.staffEmail})
        </>
      );
    case "change":
      return (
        <>
          {entry.from.title} to {entry.to.title}, asked for by the member; {entry.status === "scheduled" ? "takes effect" : "effective"}{" "}
          <DateTime value={entry.effectiveOn} style="short" />; {entry.amountPence > 0 ? formatPence(entry.amountPence) : "nothing"} to pay (
          {METHOD_LABELS[entry.paymentMethod].toLowerCase()})
          {entry.applicationId ? (
            <>
              , <a href={`/staff/applications/${encodeURIComponent(entry.applicationId)}`}>amount due</a>
            </>
          ) : null}
          {entry.stripeInvoiceId ? <>, Stripe invoice {entry.stripeInvoiceId}</> : null}
        </>
      );
  }
}

function Status({ entry }: { entry: TimelineEntry }) {
  if (entry.type === "application") return <StatusBadge status={entry.status} />;
  if (entry.type === "email") return <OutboxStatusBadge status={entry.status} />;
  if (entry.type === "change") return <>{CHANGE_STATUS_LABELS[entry.status]}</>;
  return <>—</>;
}

/** /staff/members/:userId: a member's record, their failed e-mails (to send again) and everything that happened, newest first. */
export function MemberDetailContent({ timeline: { member, entries, customFields }, disputes = [], suppression = null, softBounces = { count: 0, lastAt: null }, suppressionError = null, csrfToken, notice, today, office = null }: MemberDetailContentProps) {
  const { record } = member;
  const who = member.name ?? record.email;
  const failed = entries.filter((e) => e.type === "email" && e.status === "failed");
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href="/staff/members">All members</a>
      </p>
      <h1>{who}</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}

      <DisputeFlags disputes={disputes} subject="membership" />

      <h2>Membership</h2>
      <dl className="summary-list">
        <Row label="E-mail">{record.email}</Row>
        {member.reference ? <Row label="Reference">{member.reference}</Row> : null}
        <Row label="Membership">{record.membershipTitle}</Row>
        <Row label="State">{memberStateWords(member.state)}</Row>
        {record.renewalDebit ? (
          <Row label="Renewal">
            <strong data-renewal-debit="pending">{renewalDebitPendingText(record.renewalDebit.since)}</strong> (the period moves on when the bank pays)
          </Row>
        ) : null}
        <Row label="Period">
          {record.periodStart ? <DateTime value={record.periodStart} /> : "No start"} to {record.periodEnd ? <DateTime value={record.periodEnd} /> : "no end"}
        </Row>
        {record.endsOn ? (
          <Row label="Ends">
            <DateTime value={record.endsOn} /> (after a refund; it does not renew)
          </Row>
        ) : null}
        <Row label="Payment method">{METHOD_LABELS[record.paymentMethod]}</Row>
        <OfficeRows record={record} />
      </dl>
      <p>
        <a href={`${hrefs.staffMember(record.userId)}/details`}>Edit the member's details</a>
      </p>

      {customFields.length > 0 ? (
        <>
          <h2>Custom fields</h2>
          <dl className="summary-list">
            {customFields.map((field) => (
              <Row key={field.name} label={field.name}>
                {field.value}
              </Row>
            ))}
          </dl>
        </>
      ) : null}

      <MemberOfficeForms record={record} csrfToken={csrfToken} today={today} state={office} />

      {softBounces.count > 0 ? <SoftBouncesNote count={softBounces.count} lastAt={softBounces.lastAt} /> : null}
      {suppression && suppression.clearedAt === null ? <SuppressionSection suppression={suppression} action={`${hrefs.staffMember(record.userId)}/suppression`} csrfToken={csrfToken} error={suppressionError} /> : null}

      <h2>Failed e-mails</h2>
      {failed.length === 0 ? (
        <p>No e-mail to this member has failed.</p>
      ) : (
        <StaffTable
          caption={`E-mails to ${who} that could not be delivered`}
          label="Failed e-mails"
          head={
            <>
              <th scope="col">Subject</th>
              <th scope="col">Written</th>
              <th scope="col">Last error</th>
              <th scope="col">Action</th>
            </>
          }
        >
          {failed.map((m) =>
            m.type === "email" ? (
              <tr key={m.id} data-failed-email={m.id}>
                <th scope="row">{m.subject}</th>
                <td>
                  <At value={m.at} />
                </td>
                <td>{m.lastError ?? "—"}</td>
                <td>
                  <ActionButton action={resendAction(record.userId, m.id)} csrfToken={csrfToken} label="Send again" secondary />
                </td>
              </tr>
            ) : null,
          )}
        </StaffTable>
      )}

      <h2>Timeline</h2>
      {entries.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <StaffTable
          caption={`Everything about ${who}'s membership, newest first`}
          label="Timeline"
          head={
            <>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              <th scope="col">Status</th>
            </>
          }
        >
          {entries.map((entry, i) => (
            <tr key={i} data-timeline={entry.type}>
              <th scope="row">
                <At value={entry.at} />
              </th>
              <td>
                <What entry={entry} />
              </td>
              <td>
                <Details entry={entry} />
              </td>
              <td>
                <Status entry={entry} />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </div>
  );
}

/** What the membership office set on the record, when anything. */
function OfficeRows({ record }: { record: MemberTimeline["member"]["record"] }) {
  const office = record.office;
  if (!office) return null;
  return (
    <>
      {office.honour ? <Row label="Honour">{office.honour === "life" ? "Life membership" : "Honorary membership"} (no renewals, no reminders)</Row> : null}
      {office.concession ? (
        <Row label="Concession">
          {formatPence(office.concession.pence)} a year for renewals starting before <DateTime value={office.concession.until} />: {office.concession.reason}
        </Row>
      ) : null}
      {office.suspension ? (
        <Row label="Suspended">
          Since <DateTime value={office.suspension.on} />: {office.suspension.reason} (no member access)
        </Row>
      ) : null}
      {office.struckOff ? (
        <Row label="Struck off">
          On <DateTime value={office.struckOff.on} />: {office.struckOff.reason}
        </Row>
      ) : null}
    </>
  );
}
