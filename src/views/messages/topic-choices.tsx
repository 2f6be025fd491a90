/**
 * The opt-ins for the society's mailing topics, as every form shows them (join, register, account,
 * the page a message links to): one checkbox each, never ticked unless the member ticked it,
 * with when and how each answer was given where the member has one.
 */
import { CONSENT_WAY_WORDS, type MessageTopic, type TopicConsent } from "../../domain/member-messages";
import { formatDate } from "../format";

/** The form field of a topic's checkbox. */
export const topicField = (slug: string) => `topic-${slug}`;

function When({ consent }: { consent: TopicConsent }) {
  const at = consent.consented ? consent.givenAt : consent.withdrawnAt;
  const via = consent.consented ? consent.givenVia : consent.withdrawnVia;
  if (!at) return null;
  const date = new Date(at);
  return (
    <span className="choice__hint">
      {`${consent.consented ? "Chosen" : "Stopped"} on `}
      <time dateTime={date.toISOString()}>{formatDate(date, "short")}</time>
      {`${via ? ` ${CONSENT_WAY_WORDS[via]}` : ""}.`}
    </span>
  );
}

export function TopicChoices({ topics, consents, legend = "E-mails from the society (optional)", ticked }: { topics: readonly MessageTopic[]; consents?: readonly TopicConsent[]; legend?: string; ticked?: ReadonlySet<string> }) {
  if (topics.length === 0) return null;
  return (
    <fieldset className="field choice-group" aria-describedby="topics-hint">
      <legend className="field__label">{legend}</legend>
      <p className="field__hint" id="topics-hint">
        Tick what you would like to receive. You can stop any of them at any time with the link in each message or on your account page.
      </p>
      {topics.map((topic) => {
        const consent = consents?.find((c) => c.topic.slug === topic.slug);
        const id = topicField(topic.slug);
        return (
          <div className="choice" key={topic.slug}>
            <input className="choice__input" type="checkbox" id={id} name={id} value="on" defaultChecked={consent?.consented ?? ticked?.has(topic.slug) ?? false} />
            <label className="choice__label" htmlFor={id}>
              {topic.label}
              <span className="choice__hint">{topic.description}</span>
              {consent ? <When consent={consent} /> : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
