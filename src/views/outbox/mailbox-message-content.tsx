import { SummaryRow } from "../components/summary-row";
import type { OutboxEntry } from "./entry";
import { KIND_LABELS, OutboxStatusBadge } from "./labels";
import { mailboxHref } from "./mailbox-list-content";
import { Moment } from "./moment";

export interface MailboxMessageContentProps {
  message: OutboxEntry;
  text: string;
  headers: Record<string, string>;
}

/**
 * /dev/mailbox/:id: one message as it is (or would be) sent: its headers, a link to the HTML
 * part (served on its own address with a policy of its own: e-mail HTML needs inline styles) and
 * the plain-text part.
 */
export function MailboxMessageContent({ message, text, headers }: MailboxMessageContentProps) {
  return (
    <div className="staff-screen">
      <p>
        <a href="/dev/mailbox">Back to the local mailbox</a>
      </p>
      <h1>{message.subject}</h1>
      <dl className="summary-list">
        <SummaryRow label="To">{message.recipient}</SummaryRow>
        <SummaryRow label="Kind">{KIND_LABELS[message.kind] ?? message.kind}</SummaryRow>
        <SummaryRow label="Status">
          <OutboxStatusBadge status={message.status} />
        </SummaryRow>
        <SummaryRow label="Attempts">{String(message.attempts)}</SummaryRow>
        <SummaryRow label="Written">
          <Moment value={message.createdAt} />
        </SummaryRow>
        <SummaryRow label="Sent">
          <Moment value={message.sentAt} />
        </SummaryRow>
        <SummaryRow label="Message id">{message.messageId}</SummaryRow>
        <SummaryRow label="Last error">{message.lastError}</SummaryRow>
        {Object.entries(headers).map(([name, value]) => (
          <SummaryRow key={name} label={name}>
            <code>{value}</code>
          </SummaryRow>
        ))}
      </dl>
      <h2>HTML</h2>
      <p>
        <a href={`${mailboxHref(message.id)}/html`}>Open the HTML part</a> (as a mail client shows it, without scripts)
      </p>
      <h2>Plain text</h2>
      <pre className="mailbox-text" tabIndex={0} aria-label="The plain-text part">
        {text}
      </pre>
    </div>
  );
}
