import type { Attendee, CheckInResult, SocietyEvent } from "../../domain/events";
import { PageHeader } from "../components/page-header";
import { scriptSafeJson } from "../practitioners/structured-data";
import { checkInMessage, doorTime } from "./check-in-words";

export interface CheckInContentProps {
  event: SocietyEvent;
  /** The event's attendees by name (the first page of them): who has arrived, and the island's list to search offline. */
  everyone: readonly Attendee[];
  /** True when the event has more attendees than `everyone` holds. */
  more: boolean;
  /** The attendees whose names match `search`. */
  attendees: readonly Attendee[];
  search: string;
  result: CheckInResult | null;
  csrfToken: string;
}

/** What the island needs of one attendee to find them by name without a connection: id, name, ticket, arrival. */
export type DoorListEntry = [id: string, name: string, ticket: string, checkedInAt: string | null];

/**
 * The door: type or scan a ticket's code, or find a name; each form is a plain POST or GET, made
 * for a phone. With JavaScript (client/islands/check-in.ts) the camera scans QR codes where the
 * browser can, names are found as they are typed, and check-ins made offline wait on the phone.
 */
export function CheckInContent({ event, everyone, more, attendees, search, result, csrfToken }: CheckInContentProps) {
  const base = `/staff/events/${event.id}/check-in`;
  const ticketName = (code: string) => event.ticketTypes.find((t) => t.code === code)?.name ?? code;
  const arrived = everyone.filter((a) => a.checkedInAt !== null);
  const doorList: DoorListEntry[] = everyone.map((a) => [a.id, a.name, ticketName(a.ticketCode), a.checkedInAt]);
  return (
    <div className="check-in" data-check-in={base} data-event-id={event.id} data-check-in-partial={more ? "true" : undefined}>
      <PageHeader title="Check-in" lede={event.name} />
      {result ? (
        <p className={result.outcome === "done" ? "notice notice--success" : "notice notice--error"} role="alert">
          {checkInMessage(result)}
        </p>
      ) : null}
      <p className="check-in__live" role="status" data-check-in-live />
      <div className="check-in__scanner" data-check-in-scanner hidden>
        <button type="button" className="button" data-check-in-scan>Scan a ticket with the camera</button>
        <video className="check-in__video" data-check-in-video muted playsInline hidden aria-label="Camera view: hold the ticket's QR code in the frame" />
      </div>
      <form method="post" action={base} className="check-in__scan" data-check-in-code>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <div className="field">
          <label className="field__label" htmlFor="code">Ticket code (scan the QR code or type it)</label>
          <input className="field__input" id="code" name="code" type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} />
        </div>
        <button type="submit" className="button">Check in</button>
      </form>
      <form method="get" action={base} className="check-in__search" role="search" data-check-in-search>
        <div className="field">
          <label className="field__label" htmlFor="q">Find by name</label>
          <input className="field__input" id="q" name="q" type="search" defaultValue={search} maxLength={40} autoComplete="off" />
        </div>
        <button type="submit" className="button button--secondary">Find</button>
      </form>
      <div data-check-in-results>
        {search ? (
          attendees.length === 0 ? (
            <p>No one booked has a name containing “{search}”.</p>
          ) : (
            <ul className="check-in__list">
              {attendees.map((a) => (
                <li key={a.id}>
                  <span className="check-in__name">{a.name}</span> <span className="check-in__ticket">{ticketName(a.ticketCode)}</span>
                  {a.checkedInAt ? (
                    <span className="check-in__state">{`Arrived ${doorTime(a.checkedInAt)}`}</span>
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
      <section aria-labelledby="check-in-queue" className="check-in__queue" data-check-in-queue hidden>
        <h2 id="check-in-queue">Check-ins on this phone</h2>
        <p className="hint">Made without a connection, they wait here and are sent as soon as it returns.</p>
        <ol className="check-in__list" data-check-in-queue-list />
      </section>
      <section aria-labelledby="arrived" className="check-in__arrived">
        <h2 id="arrived" data-check-in-arrived-count>{`Arrived: ${arrived.length} of ${everyone.length}${more ? "+" : ""}`}</h2>
        {more ? <p className="hint">{`Counted among the first ${everyone.length} attendees by name; the attendee list and its CSV have everyone.`}</p> : null}
        <details>
          <summary>Who has arrived</summary>
          <ul className="check-in__list" data-check-in-arrived>
            {arrived.map((a) => (
              <li key={a.id} data-attendee-id={a.id}>
                <span className="check-in__name">{a.name}</span> <span className="check-in__state">{doorTime(a.checkedInAt!)}</span>
              </li>
            ))}
          </ul>
        </details>
      </section>
      <script type="application/json" id="check-in-attendees" dangerouslySetInnerHTML={{ __html: scriptSafeJson(doorList) }} />
    </div>
  );
}
