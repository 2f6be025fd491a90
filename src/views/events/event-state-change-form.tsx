import type {
  EventStateChange,
  SettledOrder,
  SocietyEvent,
  StateChangeErrors,
  StateChangeForm,
} from "../../domain/events";
import { formatPence } from "../format";
import { DateTime } from "../components/date-time";

const STATE_WORDS: Record<EventStateChange["state"], string> = {
  cancelled: "Cancelled",
  postponed: "Postponed",
  reopened: "Reopened on new dates",
};

const OUTCOME_WORDS: Record<SettledOrder["outcome"], string> = {
  refunded: "Refunded to the card",
  "refund-due":
    "Refund due: paid offline, pay it back and record it on the order",
  released: "Unpaid: order cancelled",
  "nothing-paid": "Nothing to refund",
};

export interface EventStateStatus {
  change: EventStateChange | null;
  settled: readonly SettledOrder[];
  more: boolean;
}

/** What staff did to the event, and a cancellation's progress order by order. */
export function EventStateStatusSection({
  status,
}: {
  status: EventStateStatus;
}) {
  const { change } = status;
  if (!change) return null;
  return (
    <section aria-labelledby="event-state" className="screen-section no-print">
      <h2 id="event-state">{STATE_WORDS[change.state]}</h2>
      <p>{`Reason given${change.state === "reopened" ? " for the postponement" : ""}: ${change.reason}`}</p>
      {change.newDateText && change.state !== "reopened" ? (
        <p>{`New date: ${change.newDateText}`}</p>
      ) : null}
      {change.reopenedAt ? (
        <p>
          {"Reopened on "}
          <DateTime value={change.reopenedAt} />
          {": the event's new dates are at the top of this page."}
        </p>
      ) : null}
      {change.state === "cancelled" ? (
        <p>
          {change.settledAt
            ? "Every order holding places has been settled."
            : "Refunds are still being made in the background: reload this page to follow them."}
        </p>
      ) : status.settled.length > 0 ? (
        <p>
          These buyers cancelled their bookings for a full refund because the
          event was postponed or moved:
        </p>
      ) : null}
      {status.settled.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">What was done</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {status.settled.map((o) => (
              <tr key={o.orderId}>
                <td>
                  <a href={`/staff/orders/${o.orderId}`}>{o.reference}</a>
                </td>
                <td>{OUTCOME_WORDS[o.outcome]}</td>
                <td>{formatPence(o.amountPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {status.more ? (
        <p>
          The first 500 orders are shown; each order's page shows its refund.
        </p>
      ) : null}
    </section>
  );
}

export interface EventStateFormProps {
  event: SocietyEvent;
  csrfToken: string;
  form: StateChangeForm;
  errors: StateChangeErrors;
  /** Show the confirmation step for `form` instead of the form. */
  confirming: boolean;
}

const WHAT_HAPPENS = {
  cancel:
    "Cancelling refunds every paid booking in full (card payments through Stripe, with credit notes; bank transfers are listed here as refund due), cancels unpaid orders, closes the waiting list and e-mails every buyer. It cannot be undone.",
  postpone:
    "Postponing pauses sales and the waiting list and e-mails everyone booked. Bookings stand; buyers may cancel online for a full refund. Sales reopen when you reopen the event here on its new dates (or an editor sets a new start in the CMS).",
};

/** Cancel or postpone the event: the form, or its confirmation step (a plain POST either way). */
export function EventStateForm({
  event,
  csrfToken,
  form,
  errors,
  confirming,
}: EventStateFormProps) {
  const action = `/staff/events/${event.id}/state`;
  if (event.state === "cancelled") return null;
  if (confirming) {
    return (
      <section
        aria-labelledby="confirm-state"
        className="screen-section no-print"
      >
        <h2 id="confirm-state">
          {form.action === "cancel"
            ? `Cancel ${event.name}?`
            : `Postpone ${event.name}?`}
        </h2>
        <p>{WHAT_HAPPENS[form.action]}</p>
        <p>{`Reason attendees will read: ${form.reason.trim()}`}</p>
        {form.action === "postpone" ? (
          <p>{`New date: ${form.newDateText.trim() || "not set yet"}`}</p>
        ) : null}
        <form method="post" action={action}>
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="action" value={form.action} />
          <input type="hidden" name="reason" value={form.reason} />
          <input type="hidden" name="newDateText" value={form.newDateText} />
          <input type="hidden" name="confirmed" value="1" />
          <button className="button button--danger" type="submit">
            {form.action === "cancel"
              ? "Yes, cancel the event and refund everyone"
              : "Yes, postpone the event"}
          </button>
        </form>
        <p>
          <a href={`/staff/events/${event.id}`}>No, go back</a>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="change-state" className="screen-section no-print">
      <h2 id="change-state">Cancel or postpone this event</h2>
      <form method="post" action={action}>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <fieldset className="field">
          <legend className="field__label">What to do</legend>
          <label>
            <input
              type="radio"
              name="action"
              value="cancel"
              defaultChecked={form.action === "cancel"}
            />{" "}
            Cancel: refund everyone and close the waiting list
          </label>
          <label>
            <input
              type="radio"
              name="action"
              value="postpone"
              defaultChecked={form.action === "postpone"}
            />{" "}
            Postpone: keep the bookings, pause sales
          </label>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="reason">
            Reason (attendees read this in their e-mail)
          </label>
          <textarea
            className="field__input"
            id="reason"
            name="reason"
            rows={3}
            maxLength={500}
            defaultValue={form.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "reason-error" : undefined}
          />
          {errors.reason ? (
            <p className="field__error" id="reason-error">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="newDateText">
            New date, if postponing and known (for example "spring 2027")
          </label>
          <input
            className="field__input"
            id="newDateText"
            name="newDateText"
            type="text"
            maxLength={120}
            defaultValue={form.newDateText}
            aria-invalid={errors.newDateText ? true : undefined}
            aria-describedby={
              errors.newDateText ? "newDateText-error" : undefined
            }
          />
          {errors.newDateText ? (
            <p className="field__error" id="newDateText-error">
              {errors.newDateText}
            </p>
          ) : null}
        </div>
        <button className="button" type="submit">
          Continue
        </button>
      </form>
    </section>
  );
}
