/** /staff/messages/:id/preview: the message's body as readers' mail clients show it, and its plain text. */
import { StaffNav } from "../staff/staff-nav";

export interface MessagePreviewContentProps {
  id: string;
  subject: string;
  preheader: string;
  text: string;
  headers: Record<string, string>;
}

export function MessagePreviewContent({ id, subject, preheader, text, headers }: MessagePreviewContentProps) {
  return (
    <div className="staff-screen">
      <StaffNav current="messages" />
      <p>
        <a href={`/staff/messages/${id}`}>Back to the message</a>
      </p>
      <h1>Preview: {subject || "(no subject yet)"}</h1>
      <p>Preheader: {preheader || "(none)"}</p>
      <h2>As HTML</h2>
      {/* Framed, so the e-mail's inline styles apply as in a mail client without loosening this page's policy. */}
      <iframe className="message-preview message-preview--html" title={`The message as HTML: ${subject || "no subject yet"}`} src={`/staff/messages/${id}/preview/html`} />
      <h2>As plain text</h2>
      <pre className="message-preview message-preview--text">{text}</pre>
      <h2>Headers</h2>
      <ul>
        {Object.entries(headers).map(([name, value]) => (
          <li key={name}>
            <code>
              {name}: {value}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}
