/** /news/newsletters: the messages staff published, newest first; and one of them as a web page. */
import type { MemberMessage } from "../../domain/member-messages";
import { formatDate } from "../format";

const Day = ({ value }: { value: string }) => <time dateTime={value}>{formatDate(new Date(value))}</time>;

export function NewslettersContent({ messages, next }: { messages: readonly MemberMessage[]; next: string | null }) {
  return (
    <div className="page">
      <h1>Newsletters</h1>
      <p>Newsletters and announcements the society has sent to its members.</p>
      {messages.length === 0 ? (
        <p>None published yet.</p>
      ) : (
        <ul className="newsletter-list">
          {messages.map((m) => (
            <li key={m.id}>
              <a href={`/news/newsletters/${m.id}`}>{m.subject}</a> — <Day value={m.publishedAt ?? m.updatedAt} />
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <p>
          <a href={next}>Older newsletters</a>
        </p>
      ) : null}
    </div>
  );
}

/** The body HTML was built by the message markup's parser from an allow-list, every typed character escaped. */
export function NewsletterContent({ message }: { message: MemberMessage }) {
  return (
    <article className="page">
      <p>
        <a href="/news/newsletters">All newsletters</a>
      </p>
      <h1>{message.subject}</h1>
      <p>
        Sent <Day value={message.startedAt ?? message.publishedAt ?? message.updatedAt} />
      </p>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: message.bodyHtml }} />
    </article>
  );
}
