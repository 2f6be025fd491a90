import { ActionButton } from "../forms/action-button";
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
}

/** /staff/emails: the outbox by status, failed first, with "Send again" for failed messages. */
export function EmailsListContent({ messages, status, search, limit, csrfToken, notice }: EmailsListContentProps) {
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
