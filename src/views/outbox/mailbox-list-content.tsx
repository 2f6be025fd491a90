import { StaffTable } from "../staff/staff-table";
import type { OutboxEntry } from "./entry";
import { KIND_LABELS, OutboxStatusBadge } from "./labels";
import { Moment } from "./moment";

export const mailboxHref = (id: string) => `/dev/mailbox/${encodeURIComponent(id)}`;

/** /dev/mailbox: every message in the outbox, newest first (development and tests only). */
export function MailboxListContent({ messages, limit }: { messages: readonly OutboxEntry[]; limit: number }) {
  return (
    <div className="staff-screen">
      <h1>Local mailbox</h1>
      <p className="lede">
        The messages the site has written to its e-mail outbox, newest first. Nothing here left this machine: outside production the e-mail binding
        only pretends to send.
      </p>
      <p>
        <a href="/dev/mailbox?format=json">The same list as JSON</a>
      </p>
      {messages.length === 0 ? (
        <p className="staff-empty" role="status">
          No messages yet.
        </p>
      ) : (
        <StaffTable
          caption={`Messages in the outbox, newest first${messages.length >= limit ? ` (the newest ${limit})` : ""}`}
          head={
            <>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Written</th>
            </>
          }
        >
          {messages.map((m) => (
            <tr key={m.id}>
              <td className="staff-table__email">{m.recipient}</td>
              <th scope="row">
                <a href={mailboxHref(m.id)}>{m.subject}</a>
              </th>
              <td>{KIND_LABELS[m.kind] ?? m.kind}</td>
              <td>
                <OutboxStatusBadge status={m.status} />
              </td>
              <td>
                <Moment value={m.createdAt} />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </div>
  );
}
