import type { Attendee, CheckInResult, SocietyEvent } from "../../domain/events";
import { PageHeader } from "../components/page-header";

const OUTCOMES: Record<CheckInResult["outcome"], string> = {
  done: "Checked in",
  already: "Already checked in: this ticket has been used",
  "other-event": "This ticket is for another event",
  "not-booked": "This place is not booked (cancelled or unpaid)",
  unknown: "No ticket has this code",
};

export interface CheckInContentProps {
  event: SocietyEvent;
  attendees: readonly Attendee[];
  search: string;
  result: CheckInResult | null;
  csrfToken: string;
}

/** The door: type or scan a ticket's code, or find a name; each form is a plain POST or GET, made for a phone. */
export function CheckInContent({ event, attendees, search, result, csrfToken }: CheckInContentProps) {
  const base = `/staff/events/${event.id}/check-in`;
  return (
    <div className="check-in">
      <PageHeader title="Check-in" lede={event.name} />
      {result ? (
        <p className={result.outcome === "done" ? "notice notice--success" : "notice notice--error"} role="alert">
          {`${OUTCOMES[result.outcome]}${result.name ? `: ${result.name}` : ""}${result.outcome === "already" && result.checkedInAt ? ` (at ${new Date(result.checkedInAt).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" })})` : ""}`}
        </p>
      ) : null}
      <form method="post" action={base} className="check-in__scan">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <div className="field">
          <label className="field__label" htmlFor="code">Ticket code (scan the QR code or type it)</label>
          <input className="field__input" id="code" name="code" type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} />
        </div>
        <button type="submit" className="button">Check in</button>
      </form>
      <form method="get" action={base} className="check-in__search" role="search">
        <div className="field">
          <label className="field__label" htmlFor="q">Find by name</label>
          <input className="field__input" id="q" name="q" type="search" defaultValue={search} maxLength={40} />
        </div>
        <button type="submit" className="button button--secondary">Find</button>
      </form>
      {search ? (
        attendees.length === 0 ? (
          <p>No one booked has a name containing “{search}”.</p>
        ) : (
          <ul className="check-in__list">
            {attendees.map((a) => (
              <li key={a.id}>
                <span>{a.name}</span>{" "}
                {a.checkedInAt ? (
                  <span>arrived</span>
                ) : (
                  <form method="post" action={base} className="inline-form">
                    <input type="hidden" name="csrfToken" value={csrfToken} />
                    <input type="hidden" name="attendeeId" value={a.id} />
                    <input type="hidden" name="q" value={search} />
                    <button type="submit" className="button button--secondary" aria-label={`Check in ${a.name}`}>Check in</button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
