import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import type { TransferView } from "../../domain/events";
import { PageHeader } from "../components/page-header";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { formatDate, formatTime } from "../format";
import { Question } from "./booking-form";
import { whenText } from "./event-words";

export interface PlaceTransferContentProps {
  view: TransferView;
  /** Where the form posts, and where "back" goes. */
  action: string;
  back: { href: string; text: string };
  /** Staff may pass a place on after the buyers' cut-off, until the event ends. */
  staff: boolean;
  csrfToken: string;
  /** What was typed (kept when refused). */
  attendee: Pick<AttendeeForm, "name" | "email" | "answers">;
  errors: BookingErrors;
  /** Why the place could not be passed on when the form was sent. */
  refused: string | null;
}

/** Passing one attendee's place to someone else: the new attendee's name, e-mail and answers. A plain POST. */
export function PlaceTransferContent({ view, action, back, staff, csrfToken, attendee, errors, refused }: PlaceTransferContentProps) {
  const { event, place, ticketName, cutoff } = view;
  const problems = Object.entries(errors).flatMap(([field, message]) => (message ? [{ field, message }] : []));
  const refusal = refused ?? view.refusal;
  const until = `${formatDate(cutoff)}, ${formatTime(cutoff)}`;
  return (
    <>
      <PageHeader title={`Pass ${place.name}'s place to someone else`} lede={`${event.name}, ${whenText(event)}: one ${ticketName} place.`} />
      {refusal ? (
        <p className="notice notice--warning" role="alert">
          {refusal}
        </p>
      ) : (
        <>
          <p>
            {staff
              ? `Buyers can pass a place on themselves until ${until} (${event.transferCutoffHours} hours before the start); staff can until the event ends.`
              : `You can pass this place to someone else until ${until} (${event.transferCutoffHours} hours before the start).`}{" "}
            The new attendee gets a new ticket by e-mail, with the calendar file; {place.name}'s ticket and QR code stop working at the door, and {place.name} is told.
            Any add-on booked for {place.name} with this place (such as a dinner) goes with it.
          </p>
          {view.recipientRule ? (
            <p className="notice notice--info" id="recipient-rule">
              {view.recipientRule}
            </p>
          ) : null}
          <form method="post" action={action} noValidate>
            <ErrorSummary problems={problems} />
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <fieldset className="fieldset">
              <legend>Who will attend instead</legend>
              <TextField id="a0.name" label="Full name (as on the badge)" value={attendee.name} error={errors["a0.name"] ?? null} autoComplete="off" required maxLength={120} />
              <TextField id="a0.email" type="email" label="Their e-mail address (their ticket is sent there)" value={attendee.email} error={errors["a0.email"] ?? null} autoComplete="off" required />
              {event.questions.map((question) => (
                <Question key={question.code} id={`a0.q.${question.code}`} question={question} value={attendee.answers[question.code] ?? ""} error={errors[`a0.q.${question.code}`]} />
              ))}
            </fieldset>
            <button type="submit" className="button">Pass the place on</button>
          </form>
        </>
      )}
      <p>
        <a href={back.href}>{back.text}</a>
      </p>
    </>
  );
}
