/** /staff/messages: every bulk message, latest change first, with its state and what became of it. */
import type { MemberMessage } from "../../domain/member-messages";
import { Moment } from "../outbox/moment";
import { StaffNav } from "../staff/staff-nav";
import { MESSAGE_STATUS_WORDS } from "./message-status-words";

export interface MessagesListContentProps {
  messages: readonly MemberMessage[];
  /** The next page's link, or null on the last. */
  next: string | null;
  notice: string | null;
}

export function MessagesListContent({ messages, next, notice }: MessagesListContentProps) {
  return (
    <div className="staff-screen">
      <StaffNav current="messages" />
      <h1>Messages to members</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        <a className="button" href="/staff/messages/new">
          Write a message
        </a>{" "}
        <a href="/staff/messages/topics">Topics members choose from</a>
      </p>
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <table className="staff-table">
          <caption>Messages, latest change first</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Topic</th>
              <th scope="col">State</th>
              <th scope="col">Recipients</th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  <a href={`/staff/messages/${m.id}`}>{m.subject || "(no subject yet)"}</a>
                </th>
                <td>{m.topic}</td>
                <td>
                  {MESSAGE_STATUS_WORDS[m.status]}
                  {m.publishedAt ? ", in the archive" : ""}
                </td>
                <td className="staff-table__number">{m.recipients.toLocaleString("en-GB")}</td>
                <td>
                  <Moment value={m.updatedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next ? (
        <p>
          <a href={next}>Older messages</a>
        </p>
      ) : null}
    </div>
  );
}
