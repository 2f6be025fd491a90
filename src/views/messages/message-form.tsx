/** The compose form of /staff/messages: one form, whose buttons save, test, send or schedule what is typed. */
import type { AudienceRegions, MemberMessage, MessageTopic } from "../../domain/member-messages";
import { CheckboxField, SelectField } from "../forms/choice-fields";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { FieldMessages, describedBy } from "../forms/field-messages";
import { TextField } from "../forms/text-field";
import { countryOptions } from "../../shared/countries";

export interface MessageFormProps {
  /** Null for a new message. */
  message: Pick<MemberMessage, "subject" | "preheader" | "body" | "topic" | "audience"> & { id: string | null };
  topics: readonly MessageTopic[];
  membershipTypes: readonly { slug: string; title: string }[];
  specialisations: readonly string[];
  /** The regions members' addresses name (lower case), and whether there are more than listed. */
  regions: AudienceRegions;
  events: readonly { id: string; name: string; startsAt: string }[];
  /** What the saved draft's audience holds now; null for a new message. */
  audienceCount: number | null;
  scheduledAt: string;
  problems: readonly FieldProblem[];
  csrfToken: string;
  /** The saved draft's version, sent back with a save so one made from an older page is refused; null for a new message. */
  version: number | null;
}

const STATE_LABELS = { active: "Active", awaiting_payment: "Awaiting payment", lapsed: "Lapsed" } as const;

const COUNTRIES_HINT = "Of the member's address. Hold Ctrl (Cmd on a Mac) to choose more than one; none chosen: every country.";

/** "north yorkshire" as "North Yorkshire": regions are kept in lower case so a filter matches whatever case was typed. */
const regionLabel = (key: string) => key.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** A filter with several values as checkboxes: the first box carries the group's id, so the error summary's link lands on it. */
function Checkboxes(props: { id: string; legend: string; hint: string; options: readonly { value: string; label: string }[]; checked: readonly string[]; error: string | null; none: string }) {
  return (
    <fieldset className={props.error ? "field field--error choice-group" : "field choice-group"} aria-describedby={describedBy({ id: props.id, hint: props.hint, error: props.error })}>
      <legend>{props.legend}</legend>
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
      {props.options.length === 0 ? <p>{props.none}</p> : null}
      {props.options.map((option, index) => {
        const id = index === 0 ? props.id : `${props.id}-${index}`;
        return (
          <div className="choice" key={option.value}>
            <input className="choice__input" type="checkbox" id={id} name={props.id} value={option.value} defaultChecked={props.checked.includes(option.value)} />
            <label className="choice__label" htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

const MARKUP_HINT =
  "Leave a blank line between paragraphs. # Heading, ## Smaller heading, - list item, **bold**, [link words](https://…), ![what the image shows](/uploads/…) for an image from the CMS media library, [[Button words]](https://…) for a button.";

export function MessageForm({ message, topics, membershipTypes, specialisations, regions, events, audienceCount, scheduledAt, problems, csrfToken, version }: MessageFormProps) {
  const action = message.id ? `/staff/messages/${message.id}` : "/staff/messages";
  const error = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  const bodyError = problems.filter((p) => p.field === "body").map((p) => p.message).join(". ") || null;
  return (
    <form method="post" action={action} className="form message-form" noValidate data-message-autosave>
      <ErrorSummary problems={problems} />
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="version" value={version?.toString() ?? ""} />
      <TextField id="subject" label="Subject" value={message.subject} error={error("subject")} maxLength={150} required />
      <TextField id="preheader" label="Preheader" hint="The line mail clients show after the subject (optional)." value={message.preheader} error={error("preheader")} maxLength={200} />
      <SelectField
        id="topic"
        label="Topic"
        hint="Only members who opted in to this topic, and have not unsubscribed, receive it."
        options={topics.map((t) => ({ value: t.slug, label: t.label }))}
        value={message.topic}
        error={error("topic")}
        required
      />
      <div className={bodyError ? "field field--error" : "field"}>
        <label className="field__label" htmlFor="body">
          Message
        </label>
        <FieldMessages id="body" hint={MARKUP_HINT} error={bodyError} />
        <textarea
          className="field__input"
          id="body"
          name="body"
          rows={16}
          defaultValue={message.body}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={describedBy({ id: "body", hint: MARKUP_HINT, error: bodyError })}
        />
      </div>
      <fieldset className={error("audience") ? "field field--error choice-group" : "field choice-group"}>
        <legend className="field__label">Audience</legend>
        <FieldMessages id="audience" hint="Every filter you set must hold. Nothing set: everyone who consents to the topic." error={error("audience")} />
        <fieldset className="choice-group">
          <legend>Membership types</legend>
          {membershipTypes.map((type) => (
            <div className="choice" key={type.slug}>
              <input className="choice__input" type="checkbox" id={`type-${type.slug}`} name="membershipTypes" value={type.slug} defaultChecked={message.audience.membershipTypes.includes(type.slug)} />
              <label className="choice__label" htmlFor={`type-${type.slug}`}>
                {type.title}
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend>Membership states</legend>
          {(Object.keys(STATE_LABELS) as (keyof typeof STATE_LABELS)[]).map((state) => (
            <div className="choice" key={state}>
              <input className="choice__input" type="checkbox" id={`state-${state}`} name="states" value={state} defaultChecked={message.audience.states.includes(state)} />
              <label className="choice__label" htmlFor={`state-${state}`}>
                {STATE_LABELS[state]}
              </label>
            </div>
          ))}
        </fieldset>
        <TextField id="lapsedWithinMonths" label="Lapsed within the last … months" hint="With Lapsed ticked: only those whose membership ended this recently." value={message.audience.lapsedWithinMonths?.toString() ?? ""} />
        <CheckboxField id="noCpdThisYear" label="Only members with no CPD entries this year" checked={message.audience.noCpdThisYear} />
        <div className={error("countries") ? "field field--error" : "field"}>
          <label className="field__label" htmlFor="countries">
            Countries
          </label>
          <FieldMessages id="countries" hint={COUNTRIES_HINT} error={error("countries")} />
          <select
            className="field__input"
            id="countries"
            name="countries"
            multiple
            size={8}
            defaultValue={message.audience.countries}
            aria-invalid={error("countries") ? true : undefined}
            aria-describedby={describedBy({ id: "countries", hint: COUNTRIES_HINT, error: error("countries") })}
          >
            {countryOptions().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <Checkboxes
          id="regions"
          legend="Regions"
          hint={
            regions.more
              ? `The first ${regions.regions.length} regions members' addresses name, in alphabetical order. None ticked: every region.`
              : "The regions members' addresses name. None ticked: every region."
          }
          options={[...new Set([...regions.regions, ...message.audience.regions.map((r) => r.toLowerCase())])].sort().map((r) => ({ value: r, label: regionLabel(r) }))}
          checked={message.audience.regions.map((r) => r.toLowerCase())}
          error={error("regions")}
          none="No member's address names a region yet."
        />
        <Checkboxes
          id="specialisations"
          legend="Specialisations"
          hint="None ticked: every specialisation."
          options={specialisations.map((s) => ({ value: s, label: s }))}
          checked={message.audience.specialisations}
          error={error("specialisations")}
          none="The join form offers no specialisations."
        />
        <TextField id="joinedFrom" type="date" label="Joined on or after" hint="For example 2024-01-31. Leave empty for no limit." value={message.audience.joinedFrom ?? ""} error={error("joinedFrom")} />
        <TextField id="joinedBefore" type="date" label="Joined before" hint="For example 2025-01-01. Leave empty for no limit." value={message.audience.joinedBefore ?? ""} error={error("joinedBefore")} />
        <SelectField
          id="eventId"
          label="Booked on an event"
          hint="Only members with a confirmed place. Leave at Choose… for everyone."
          options={events.map((e) => ({ value: e.id, label: `${e.name} (${e.startsAt.slice(0, 10)})` }))}
          value={message.audience.eventId}
          error={error("eventId")}
        />
      </fieldset>
      {audienceCount !== null ? (
        <p className="notice" role="status" id="audience-count">
          {`${audienceCount === 1 ? "1 member" : `${audienceCount.toLocaleString("en-GB")} members`} will receive this message as last saved.`}
        </p>
      ) : null}
      <TextField id="scheduledAt" type="text" label="Send at (UTC, for Schedule)" hint="For example 2026-12-01 09:00." value={scheduledAt} error={error("scheduledAt")} />
      <div className="form__actions">
        <button type="submit" name="action" value="save" className="button">
          Save draft
        </button>
        <button type="submit" name="action" value="test" className="button button--secondary">
          Send a test to me
        </button>
        <button type="submit" name="action" value="send" className="button button--secondary">
          Send now
        </button>
        <button type="submit" name="action" value="schedule" className="button button--secondary">
          Schedule
        </button>
      </div>
      {/* The autosave's word on the draft ("Saved at 10:42"), read out politely; empty without JavaScript. */}
      <p role="status" aria-live="polite" data-autosave-status></p>
      {message.id ? (
        <p>
          <a href={`/staff/messages/${message.id}/preview`}>Preview the saved draft as HTML and plain text</a>
        </p>
      ) : null}
    </form>
  );
}
