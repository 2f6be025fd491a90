/**
 * /staff/messages/:id: a draft or scheduled message in its form; a message being sent, sent or
 * cancelled as a record of what became of it (counts), with cancel and the archive switch.
 */
import type { MemberMessage, MessageDeliveryCounts } from "../../domain/member-messages";
import { ActionButton } from "../forms/action-button";
import { Moment } from "../outbox/moment";
import { StaffNav } from "../staff/staff-nav";
import { MessageForm, type MessageFormProps } from "./message-form";
import { MESSAGE_STATUS_WORDS } from "./message-status-words";

export interface MessagePageContentProps {
  form: MessageFormProps | null;
  message: MemberMessage | null;
  counts: MessageDeliveryCounts | null;
  notice: string | null;
  csrfToken: string;
}

function Outcome({ message, counts, csrfToken }: { message: MemberMessage; counts: MessageDeliveryCounts | null; csrfToken: string }) {
  return (
    <>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>State</dt>
          <dd>{MESSAGE_STATUS_WORDS[message.status]}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Topic</dt>
          <dd>{message.topic}</dd>
        </div>
        {message.scheduledAt ? (
          <div className="summary-list__row">
            <dt>Scheduled for</dt>
            <dd>
              <Moment value={message.scheduledAt} />
            </dd>
          </div>
        ) : null}
        <div className="summary-list__row">
          <dt>Started</dt>
          <dd>
            <Moment value={message.startedAt} />
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>Recipients written</dt>
          <dd>{message.recipients.toLocaleString("en-GB")}</dd>
        </div>
        {counts ? (
          <>
            <div className="summary-list__row">
              <dt>Delivered</dt>
              <dd>{counts.sent.toLocaleString("en-GB")}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Waiting to be sent</dt>
              <dd>{counts.waiting.toLocaleString("en-GB")}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Failed</dt>
              <dd>{counts.failed.toLocaleString("en-GB")}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Not sent (consent withdrawn, address suppressed or cancelled)</dt>
              <dd>{counts.notSent.toLocaleString("en-GB")}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Readers whose address has bounced or complained (no more bulk mail goes to them)</dt>
              <dd>{counts.suppressedSince.toLocaleString("en-GB")}</dd>
            </div>
          </>
        ) : null}
        <div className="summary-list__row">
          <dt>Unsubscribed from its link</dt>
          <dd>{message.unsubscribed.toLocaleString("en-GB")}</dd>
        </div>
      </dl>
      <p>
        <a href={`/staff/messages/${message.id}/preview`}>See the message as HTML and plain text</a>
      </p>
      {message.status === "scheduled" || message.status === "sending" || (message.status === "sent" && (counts?.waiting ?? 0) > 0) ? (
        <ActionButton action={`/staff/messages/${message.id}/cancel`} csrfToken={csrfToken} label={message.status === "scheduled" ? "Cancel the scheduled send" : "Stop sending"} secondary />
      ) : null}
      {message.status === "sent" ? (
        <form method="post" action={`/staff/messages/${message.id}/publish`} className="form">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="published" value={message.publishedAt ? "off" : "on"} />
          <button type="submit" className="button button--secondary">
            {message.publishedAt ? "Take it out of the public archive" : "Publish it in the public archive (/news/newsletters)"}
          </button>
        </form>
      ) : null}
    </>
  );
}

export function MessagePageContent({ form, message, counts, notice, csrfToken }: MessagePageContentProps) {
  const title = form ? (form.message.id ? "Edit message" : "Write a message") : (message?.subject ?? "Message");
  return (
    <div className="staff-screen">
      <StaffNav current="messages" />
      <p>
        <a href="/staff/messages">All messages</a>
      </p>
      <h1>{title}</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      {message && message.status === "scheduled" ? (
        <p className="notice" role="status">
          Scheduled for <Moment value={message.scheduledAt} />. Changes you save are what will be sent.
        </p>
      ) : null}
      {form ? <MessageForm {...form} /> : null}
      {message && (message.status !== "draft" || !form) ? <Outcome message={message} counts={counts} csrfToken={csrfToken} /> : null}
    </div>
  );
}
