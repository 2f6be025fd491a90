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
 * /dev/mailbox/:id: one message as it is (or would be) sent. The HTML part is framed from its
 * own address, which is sandboxed with a policy of its own (e-mail HTML needs inline styles).
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
        <a href={`${mailboxHref(message.id)}/html`}>Open the HTML part on its own</a>
      </p>
      <iframe className="mailbox-frame" src={`${mailboxHref(message.id)}/html`} title={`The HTML part of “${message.subject}”`} sandbox="" loading="lazy" />
      <h2>Plain text</h2>
      <pre className="mailbox-text" tabIndex={0} aria-label="The plain-text part">
        {text}
      </pre>
    </div>
  );
}
