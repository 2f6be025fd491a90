import type { TicketPage } from "../../domain/events";
import { hrefs } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { formatDate, formatTime } from "../format";
import { TicketQr } from "./ticket-qr";
import { whenText } from "./event-words";

/** One attendee's ticket (the page a transferred place's e-mail links to): the QR code, when and where, the joining link when open. */
export function TicketContent({ ticket }: { ticket: TicketPage }) {
  const { event, place, ticketName, joinUrl, joinOpensAt } = ticket;
  return (
    <>
      <PageHeader title={`Your ticket: ${event.name}`} lede={`${whenText(event)}${event.venue && event.format !== "online" ? `, ${event.venue.name}` : ""}.`} />
      {event.state === "postponed" ? (
        <p className="notice notice--warning">
          <strong>Postponed.</strong> This event has been postponed: the place stands, and the new date will be e-mailed.
        </p>
      ) : null}
      <div className="ticket">
        <TicketQr token={place.qrToken} label={`QR code for ${place.name}'s ticket`} />
        <p>
          <strong>{place.name}</strong>: {ticketName}
          {place.checkedInAt ? " — checked in" : ""}
        </p>
      </div>
      <p className="hint">Show this QR code at the door, on paper or on your phone. Keep its link to yourself: whoever has it has the ticket.</p>
      {joinUrl ? (
        <p>
          <a className="button" href={joinUrl} rel="noreferrer">Join the online event</a>
        </p>
      ) : joinOpensAt ? (
        <p className="hint">{`The joining link appears here from ${formatDate(joinOpensAt)}, ${formatTime(joinOpensAt)}.`}</p>
      ) : null}
      {event.joiningInstructions && event.format !== "in-person" ? <p>{event.joiningInstructions}</p> : null}
      <p>
        <a href={hrefs.event(event.slug)}>About the event</a> · <a href={hrefs.eventCalendar(event.slug)}>Add to your calendar</a>
      </p>
    </>
  );
}
