import { ActionButton } from "../forms/action-button";
import { SelectField } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import type { OutboxEntry } from "../outbox/entry";
import { KIND_LABELS, OutboxStatusBadge } from "../outbox/labels";
import { Moment } from "../outbox/moment";
import { StaffList } from "./staff-list";

/** How staff filter the outbox: waiting covers pending, sending and waiting to retry. */
export type EmailStatusFilter = "failed" | "waiting" | "sent" | "suppressed" | "all";

const TABS: readonly { status: EmailStatusFilter; label: string; none: string }[] = [
  { status: "failed", label: "Failed", none: "No failed e-mails" },
  { status: "waiting", label: "Waiting", none: "No e-mails waiting to be sent" },
  { status: "sent", label: "Sent", none: "No sent e-mails" },
  { status: "suppressed", label: "Not sent (unsubscribed)", none: "No e-mails held back for an unsubscribed reader" },
  { status: "all", label: "All", none: "No e-mails" },
];

export interface EmailsListContentProps {
  messages: readonly OutboxEntry[];
  status: EmailStatusFilter;
  search: string;
  limit: number;
  csrfToken: string;
  notice: string | null;
  /** Sending's pause while Email Service's limit holds: shown above everything. */
  pause: { until: string; reason: "rate-limit" | "daily-quota" } | null;
  /** The "send again all failed" form as typed, and its problems by field. */
  resendAll: { kind: string; since: string; errors: Partial<Record<"kind" | "since", string>> };
}

const PAUSE_REASONS = { "rate-limit": "Email Service's sending rate reached", "daily-quota": "daily quota reached" } as const;

/** Sending's pause and the form that sends every failed e-mail of a kind again. */
function EmailsIntro({ pause, resendAll, csrfToken }: Pick<EmailsListContentProps, "pause" | "resendAll" | "csrfToken">) {
  const problems = Object.entries(resendAll.errors).map(([field, message]) => ({ field, message: message! }));
  return (
    <>
      {pause ? (
        <p className="notice notice--warning" role="status">
          Sending paused until <Moment value={pause.until} /> ({PAUSE_REASONS[pause.reason]}). Nothing is lost: waiting e-mails go out
          after that, without using up their attempts.
        </p>
      ) : null}
      <form method="post" action="/staff/emails/resend-failed" className="form staff-resend-all" noValidate>
        <h2>Send failed e-mails again</h2>
        <ErrorSummary problems={problems} />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <SelectField
          id="kind"
          label="Kind of e-mail"
          options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
          value={resendAll.kind}
          error={resendAll.errors.kind}
          required
        />
        <TextField id="since" type="date" label="Failed on or after" hint="All failed e-mails of that kind since this day (UTC) are sent again." value={resendAll.since} error={resendAll.errors.since} required />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            Send all again
          </button>
        </div>
      </form>
    </>
  );
}

/** /staff/emails: the outbox by status, failed first, with "Send again" for failed messages. */
export function EmailsListContent({ messages, status, search, limit, csrfToken, notice, pause, resendAll }: EmailsListContentProps) {
  return (
    <StaffList
      area="emails"
      title="E-mails"
      path="/staff/emails"
      noun="e-mails"
      tabs={TABS}
      status={status}
      search={search}
      searchLabel="Search by address or subject"
      count={messages.length}
      limit={limit}
      notice={notice}
      csv={false}
      intro={<EmailsIntro pause={pause} resendAll={resendAll} csrfToken={csrfToken} />}
      head={
        <>
          <th scope="col">Subject</th>
          <th scope="col">To</th>
          <th scope="col">Kind</th>
          <th scope="col">Written</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last error</th>
          <th scope="col">Status</th>
          <th scope="col">Action</th>
        </>
      }
    >
      {messages.map((m) => (
        <tr key={m.id}>
          <th scope="row">{m.subject}</th>
          <td className="staff-table__email">{m.recipient}</td>
          <td>{KIND_LABELS[m.kind] ?? m.kind}</td>
          <td>
            <Moment value={m.createdAt} />
          </td>
          <td className="staff-table__number">{m.attempts}</td>
          <td>{m.lastError ?? "—"}</td>
          <td>
            <OutboxStatusBadge status={m.status} />
          </td>
          <td>
            {m.status === "failed" ? (
              <ActionButton action={`/staff/emails/${encodeURIComponent(m.id)}/resend`} csrfToken={csrfToken} label="Send again" secondary />
            ) : (
              "—"
            )}
          </td>
        </tr>
      ))}
    </StaffList>
  );
}
