/** /staff/messages/topics: the mailing topics, a form to change each one's words or retire it, and one to add a topic. */
import type { StaffTopic } from "../../domain/member-messages";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { StaffNav } from "../staff/staff-nav";

export interface TopicsContentProps {
  topics: readonly StaffTopic[];
  /** The form that was posted with problems: which topic ("new" for the form to add one), what was typed, and what is wrong. */
  failed: { slug: string; values: { slug: string; label: string; description: string }; problems: readonly FieldProblem[] } | null;
  notice: string | null;
  csrfToken: string;
  /** Administrators and membership staff; read-only staff see the list alone. */
  canChange: boolean;
}

function TopicWords({ prefix, label, description, problems }: { prefix: string; label: string; description: string; problems: readonly FieldProblem[] }) {
  const error = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  return (
    <>
      <TextField id={`${prefix}-label`} name="label" label="Name, as members see it" value={label} error={error("label")} maxLength={80} required />
      <TextField id={`${prefix}-description`} name="description" label="What members who choose it receive" value={description} error={error("description")} maxLength={300} required />
    </>
  );
}

export function TopicsContent({ topics, failed, notice, csrfToken, canChange }: TopicsContentProps) {
  const problemsFor = (slug: string) => (failed?.slug === slug ? failed.problems : []);
  const typed = (topic: StaffTopic) => (failed?.slug === topic.slug ? failed.values : topic);
  return (
    <div className="staff-screen">
      <StaffNav current="messages" />
      <p>
        <a href="/staff/messages">Messages to members</a>
      </p>
      <h1>Topics members choose from</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      {failed ? <ErrorSummary problems={failed.problems.map((p) => ({ ...p, field: `${failed.slug}-${p.field}` }))} /> : null}
      <p>
        Members choose these on the join form, when creating an account and on their account page; a message goes only to those who chose its topic.
        A retired topic is no longer offered and sends nothing; the answers members gave stay on record.
      </p>
      {topics.map((topic) => (
        <section key={topic.slug} className="staff-panel" aria-labelledby={`topic-${topic.slug}`}>
          <h2 id={`topic-${topic.slug}`}>
            {topic.retired ? `${topic.label} (retired)` : topic.label}
          </h2>
          <p>
            Short name <code>{topic.slug}</code>. {topic.consenting === 1 ? "1 member has" : `${topic.consenting.toLocaleString("en-GB")} members have`} chosen it.
          </p>
          {topic.retired || !canChange ? (
            <p>{topic.description}</p>
          ) : (
            <>
              <form method="post" action={`/staff/messages/topics/${topic.slug}`} className="form" noValidate>
                <input type="hidden" name="csrfToken" value={csrfToken} />
                <TopicWords prefix={topic.slug} label={typed(topic).label} description={typed(topic).description} problems={problemsFor(topic.slug)} />
                <button type="submit" className="button">
                  Save {topic.label}
                </button>
              </form>
              <form method="post" action={`/staff/messages/topics/${topic.slug}/retire`} className="form">
                <input type="hidden" name="csrfToken" value={csrfToken} />
                <button type="submit" className="button button--secondary">
                  Retire {topic.label}
                </button>
              </form>
            </>
          )}
        </section>
      ))}
      {canChange ? (
        <section className="staff-panel" aria-labelledby="new-topic">
          <h2 id="new-topic">Add a topic</h2>
          <form method="post" action="/staff/messages/topics" className="form" noValidate>
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <TextField
              id="new-slug"
              name="slug"
              label="Short name"
              hint="Lower-case letters, digits and dashes, like study-days. It cannot be changed later."
              value={failed?.slug === "new" ? failed.values.slug : ""}
              error={problemsFor("new").find((p) => p.field === "slug")?.message ?? null}
              maxLength={40}
              required
            />
            <TopicWords prefix="new" label={failed?.slug === "new" ? failed.values.label : ""} description={failed?.slug === "new" ? failed.values.description : ""} problems={problemsFor("new")} />
            <button type="submit" className="button">
              Add the topic
            </button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
