import type { ReopenErrors, ReopenForm, SocietyEvent } from "../../domain/events";

export interface EventReopenFormProps {
  event: SocietyEvent;
  csrfToken: string;
  form: ReopenForm;
  errors: ReopenErrors;
}

export const BLANK_REOPEN_FORM: ReopenForm = { startDate: "", startTime: "", endDate: "", endTime: "" };

function Field({ name, label, type, hint, form, errors }: { name: keyof ReopenForm; label: string; type: "date" | "time"; hint: string; form: ReopenForm; errors: ReopenErrors }) {
  const error = errors[name];
  const described = [`${name}-hint`, error ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field__label" htmlFor={name}>{label}</label>
      <p className="hint" id={`${name}-hint`}>{hint}</p>
      <input className="field__input" id={name} name={name} type={type} required defaultValue={form[name]} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {error ? <p className="field__error" id={`${name}-error`}>{error}</p> : null}
    </div>
  );
}

/**
 * Reopen a postponed event on new dates (a plain POST): its bookings stand and everyone booked is
 * e-mailed the new dates. The times are on the event's own clock, as attendees read them.
 */
export function EventReopenForm({ event, csrfToken, form, errors }: EventReopenFormProps) {
  if (event.state !== "postponed") return null;
  const zone = `on the event's clock (${event.timeZone})`;
  return (
    <section aria-labelledby="reopen" className="screen-section no-print">
      <h2 id="reopen">Reopen on new dates</h2>
      <p>
        The event goes back on sale at once on these dates. Every booking stands with its tickets, and each buyer and named attendee is e-mailed the new dates; a
        buyer whose booking was made before today may still cancel it online for a full refund until the event starts.
      </p>
      <form method="post" action={`/staff/events/${event.id}/reopen`} noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <Field name="startDate" label="New start date" type="date" hint="For example 2027-06-04" form={form} errors={errors} />
        <Field name="startTime" label="New start time" type="time" hint={`For example 09:00, ${zone}`} form={form} errors={errors} />
        <Field name="endDate" label="New end date" type="date" hint="The same day for a one-day event" form={form} errors={errors} />
        <Field name="endTime" label="New end time" type="time" hint={`For example 17:00, ${zone}`} form={form} errors={errors} />
        <button className="button" type="submit">Reopen the event and tell everyone booked</button>
      </form>
    </section>
  );
}
