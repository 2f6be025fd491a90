import type { RegistrationQuestion, SocietyEvent, TicketOffer } from "../../domain/events";
import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import { MAX_ATTENDEES } from "../../shared/event-booking-form";
import { hrefs } from "../../shared/links";
import { ErrorSummary } from "../forms/error-summary";
import { SelectField } from "../forms/choice-fields";
import { CheckboxField } from "../forms/choice-fields";
import { TextField } from "../forms/text-field";
import { formatPence } from "../format";

export interface BookingFormProps {
  event: SocietyEvent;
  offers: readonly TicketOffer[];
  csrfToken: string;
  places: number;
  attendees: readonly AttendeeForm[];
  errors: BookingErrors;
}

export function Question({ id, question, value, error }: { id: string; question: RegistrationQuestion; value: string; error: string | undefined }) {
  const label = `${question.label}${question.required ? "" : " (optional)"}`;
  if (question.kind === "choice" && question.choices.length > 0) {
    return <SelectField id={id} label={label} options={question.choices} value={value} required={question.required} error={error ?? null} />;
  }
  return <TextField id={id} label={label} value={value} error={error ?? null} maxLength={500} required={question.required} />;
}

/** One fieldset per attendee: ticket, name, e-mail, add-ons, answers. A plain POST: no JavaScript needed. */
export function BookingForm({ event, offers, csrfToken, places, attendees, errors }: BookingFormProps) {
  const buyable = offers.filter((offer) => offer.refusal === null && offer.placesLeft !== 0);
  const tickets = buyable.filter((offer) => !offer.ticket.addOn);
  const addOns = buyable.filter((offer) => offer.ticket.addOn);
  const problems = Object.entries(errors).flatMap(([field, message]) => (message ? [{ field, message }] : []));
  return (
    <section aria-labelledby="book" className="screen-section">
      <h2 id="book">Book</h2>
      <form method="get" action={`${hrefs.event(event.slug)}#book`} className="inline-form">
        <label className="field__label" htmlFor="places">How many people are you booking for?</label>
        <select className="field__input" id="places" name="places" defaultValue={String(places)}>
          {Array.from({ length: MAX_ATTENDEES }, (_, i) => (
            <option key={i} value={String(i + 1)}>{i + 1}</option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">Change</button>
      </form>
      <form method="post" action={hrefs.eventBook(event.slug)} noValidate>
        <ErrorSummary problems={problems} />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="places" value={String(places)} />
        {Array.from({ length: places }, (_, i) => {
          const typed = attendees[i];
          const prefix = `a${i}.`;
          return (
            <fieldset key={i} className="fieldset">
              <legend>Attendee {i + 1}</legend>
              <SelectField
                id={`${prefix}ticket`}
                label="Ticket"
                options={tickets.map((offer) => ({ value: offer.ticket.code, label: `${offer.ticket.name}, ${formatPence(offer.ticket.pence)}` }))}
                value={typed?.ticket ?? (tickets.length === 1 ? tickets[0]!.ticket.code : "")}
                required
                error={errors[`${prefix}ticket`] ?? null}
              />
              <TextField id={`${prefix}name`} label="Full name (as on the badge)" value={typed?.name ?? ""} error={errors[`${prefix}name`] ?? null} autoComplete={i === 0 ? "name" : "off"} required maxLength={120} />
              <TextField id={`${prefix}email`} type="email" label="E-mail address" value={typed?.email ?? ""} error={errors[`${prefix}email`] ?? null} autoComplete={i === 0 ? "email" : "off"} required />
              {addOns.map((offer) => (
                <CheckboxField
                  key={offer.ticket.code}
                  id={`${prefix}addon.${offer.ticket.code}`}
                  label={`Add ${offer.ticket.name} (${formatPence(offer.ticket.pence)})`}
                  checked={typed?.addOns.includes(offer.ticket.code) ?? false}
                  error={errors[`${prefix}addon.${offer.ticket.code}`] ?? null}
                />
              ))}
              {event.questions.map((question) => (
                <Question key={question.code} id={`${prefix}q.${question.code}`} question={question} value={typed?.answers[question.code] ?? ""} error={errors[`${prefix}q.${question.code}`]} />
              ))}
            </fieldset>
          );
        })}
        <p className="hint">Places are held for you for 20 minutes while you check out from your cart.</p>
        <button type="submit" className="button">Hold places and go to the cart</button>
      </form>
    </section>
  );
}
