import type { OfferView } from "../../domain/events";
import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import { hrefs } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { formatPence } from "../format";
import { Question } from "./booking-form";
import { heldUntilText, whenText } from "./event-words";

export interface WaitlistOfferContentProps {
  view: OfferView;
  csrfToken: string;
  /** What was typed (kept when refused); the holder's own address to start with. */
  attendee: Pick<AttendeeForm, "name" | "email" | "answers">;
  errors: BookingErrors;
}

/** A waiting-list offer: the place held and until when, and the attendee's details, then the cart. A plain POST. */
export function WaitlistOfferContent({ view, csrfToken, attendee, errors }: WaitlistOfferContentProps) {
  const { offer, event, ticket } = view;
  const problems = Object.entries(errors).flatMap(([field, message]) => (message ? [{ field, message }] : []));
  return (
    <>
      <PageHeader title={`A place for you: ${event.name}`} lede={`${whenText(event)}${event.venue ? `, ${event.venue.name}` : ""}.`} />
      <p className="notice" role="status">
        {`One ${ticket.name} place (${ticket.pence === 0 ? "free" : formatPence(ticket.pence)}) is held for you until ${heldUntilText(offer.holdExpiresAt)}. After that it is offered to the next person on the waiting list.`}
      </p>
      <form method="post" action={hrefs.waitlistOffer(offer.entryId)} noValidate>
        <ErrorSummary problems={problems} />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <fieldset className="fieldset">
          <legend>Who will attend</legend>
          <TextField id="a0.name" label="Full name (as on the badge)" value={attendee.name} error={errors["a0.name"] ?? null} autoComplete="name" required maxLength={120} />
          <TextField id="a0.email" type="email" label="E-mail address" value={attendee.email} error={errors["a0.email"] ?? null} autoComplete="email" required />
          {event.questions.map((question) => (
            <Question key={question.code} id={`a0.q.${question.code}`} question={question} value={attendee.answers[question.code] ?? ""} error={errors[`a0.q.${question.code}`]} />
          ))}
        </fieldset>
        <p className="hint">The place goes into your cart, still held for you; book it at checkout as usual.</p>
        <button type="submit" className="button">Put the place in my cart</button>
      </form>
      <p>
        <a href={hrefs.myEvents}>Back to my events</a>
      </p>
    </>
  );
}
