/**
 * The CPD entry forms: /user/cpd/new and /user/cpd/entries/{id}. A manual entry has every field
 * (date, title, provider, hours, category, reflection, evidence link); a webinar entry shows the
 * webinar's facts and asks only for the reflection, which confirms it. Problems come back beside
 * their fields and in a summary at the top, with what was typed kept.
 */
import { CPD_CATEGORIES, formatHours, type CpdEntry } from "../../domain/cpd";
import { REFLECTION_MAX } from "../../shared/cpd-form";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { SelectField } from "../forms/choice-fields";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { CpdField } from "./cpd-field";
import { hoursInWords } from "./cpd-words";

export interface CpdEntryFormContentProps {
  /** The entry being edited, or null for a new one. */
  entry: CpdEntry | null;
  /** What was typed, when the form comes back with problems. */
  values: Record<string, string> | null;
  problems: readonly FieldProblem[];
  today: string;
  csrfToken: string;
}

const REFLECTION_HINT = "What you learned and how it changes your practice.";

function valuesOf(entry: CpdEntry | null): Record<string, string> {
  if (!entry) return {};
  return {
    activityDate: entry.activityDate,
    title: entry.title,
    provider: entry.provider,
    hours: formatHours(entry.hoursHundredths),
    category: entry.category,
    reflection: entry.reflection,
    evidenceUrl: entry.evidenceUrl ?? "",
  };
}

export function CpdEntryFormContent({ entry, values, problems, today, csrfToken }: CpdEntryFormContentProps) {
  const v = values ?? valuesOf(entry);
  const error = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  // A webinar's or an event's facts are the society's: the member writes only the reflection.
  const webinar = entry !== null && entry.source !== "manual";
  const title = entry === null ? "Add an activity" : webinar ? (entry.confirmedAt ? "Your reflection" : "Confirm a webinar") : "Edit an activity";
  return (
    <div className="account-screen">
      <p className="no-print">
        <a href={hrefs.cpd(entry ? Number(entry.activityDate.slice(0, 4)) : undefined)}>Back to your CPD log</a>
      </p>
      <h1>{title}</h1>
      <ErrorSummary problems={problems} />
      {webinar && entry ? (
        <dl className="summary-list">
          <SummaryRow label={entry.source === "event" ? "Event" : "Webinar"}>{entry.title}</SummaryRow>
          <SummaryRow label="Provider">{entry.provider}</SummaryRow>
          <SummaryRow label="Date">
            <DateTime value={`${entry.activityDate}T12:00:00Z`} style="long" />
          </SummaryRow>
          <SummaryRow label="Hours">{hoursInWords(entry.hoursHundredths)}</SummaryRow>
          <SummaryRow label="Category">{CPD_CATEGORIES[entry.category]}</SummaryRow>
        </dl>
      ) : null}
      <form method="post" action={entry ? hrefs.cpdEntry(entry.id) : hrefs.cpdNewEntry} noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        {webinar ? null : (
          <>
            <CpdField id="activityDate" label="Date of the activity" kind="date" value={v.activityDate} max={today} hint="It cannot be in the future." error={error("activityDate")} />
            <CpdField id="title" label="Title" value={v.title} maxLength={200} hint="For example, the course or article." error={error("title")} />
            <CpdField id="provider" label="Provider" value={v.provider} maxLength={200} hint="Who ran or published it." error={error("provider")} />
            <CpdField id="hours" label="Hours" kind="hours" value={v.hours} hint="Between 0.25 and 100, like 1.5 for an hour and a half." error={error("hours")} />
            <SelectField
              id="category"
              label="Category"
              options={Object.entries(CPD_CATEGORIES).map(([value, label]) => ({ value, label }))}
              value={v.category ?? null}
              required
              error={error("category")}
            />
          </>
        )}
        <CpdField id="reflection" label="Reflection" kind="textarea" value={v.reflection} maxLength={REFLECTION_MAX} hint={REFLECTION_HINT} error={error("reflection")} />
        {webinar ? null : (
          <CpdField
            id="evidenceUrl"
            label="Evidence link"
            kind="url"
            value={v.evidenceUrl}
            required={false}
            maxLength={2000}
            hint="A web address for a certificate or notes, starting with https://."
            error={error("evidenceUrl")}
          />
        )}
        <button type="submit" className="button">
          {entry === null ? "Add to my log" : webinar && !entry.confirmedAt ? "Confirm" : "Save changes"}
        </button>
      </form>
    </div>
  );
}
