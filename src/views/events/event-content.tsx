import type { EventPage } from "../../domain/events";
import { hrefs } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { RichText } from "../components/rich-text";
import { formatPence, formatTime, formatDate } from "../format";
import { BookingForm, type BookingFormProps } from "./booking-form";
import { EventJsonLd } from "./event-json-ld";
import { FORMAT_WORDS, heldUntilText, hoursText, placesText, whenText } from "./event-words";

export interface EventContentProps {
  page: EventPage;
  url: string;
  organizer: string;
  /** Null for a visitor: they are asked to sign in to book. */
  booking: Omit<BookingFormProps, "event" | "offers"> | null;
  signInHref: string;
  /** Why the last attempt to book held nothing (places gone meanwhile). */
  notice: string | null;
}

/** One event: when and where, programme, speakers, tickets with what is left, and the booking form. */
export function EventContent({ page, url, organizer, booking, signInHref, notice }: EventContentProps) {
  const { event, offers } = page;
  const open = !page.past && event.state === "scheduled";
  return (
    <>
      <EventJsonLd event={event} offers={offers} url={url} organizer={organizer} />
      <PageHeader title={event.name} lede={event.summary ?? undefined} />
      {event.state !== "scheduled" ? (
        <p className="notice notice--warning" role="status">
          {event.state === "cancelled" ? "This event has been cancelled. Everyone booked has been told and refunded." : "This event has been postponed. We will e-mail everyone booked with the new date."}
        </p>
      ) : null}
      {notice ? (
        <p className="notice notice--error" role="alert">
          {notice}
        </p>
      ) : null}
      <dl className="summary-list">
        <dt>When</dt>
        <dd>{whenText(event)}</dd>
        <dt>Format</dt>
        <dd>{FORMAT_WORDS[event.format]}</dd>
        {event.cpdHoursHundredths !== null ? (
          <>
            <dt>CPD</dt>
            <dd>{hoursText(event.cpdHoursHundredths)}, verified by the society from attendance</dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <p>
          <a href={hrefs.eventCalendar(event.slug)}>Add to your calendar (.ics)</a>
        </p>
      ) : null}
      <RichText html={event.description} />
      {event.venue ? (
        <section aria-labelledby="venue" className="screen-section">
          <h2 id="venue">Venue</h2>
          <p>
            <strong>{event.venue.name}</strong>
            {event.venue.address ? <span className="address">{event.venue.address}</span> : null}
          </p>
          {event.venue.mapUrl ? <p><a href={event.venue.mapUrl}>Map of {event.venue.name}</a></p> : null}
          {event.venue.accessibility ? <p><strong>Accessibility:</strong> {event.venue.accessibility}</p> : null}
          {event.venue.travel ? <p><strong>Getting there:</strong> {event.venue.travel}</p> : null}
        </section>
      ) : null}
      {event.programme.length > 0 ? (
        <section aria-labelledby="programme" className="screen-section">
          <h2 id="programme">Programme</h2>
          <table className="table">
            <thead>
              <tr><th scope="col">When</th><th scope="col">Session</th><th scope="col">Room</th><th scope="col">Speakers</th></tr>
            </thead>
            <tbody>
              {event.programme.map((session, i) => (
                <tr key={i}>
                  <td>{formatDate(new Date(session.startsAt), "short")} {formatTime(new Date(session.startsAt))}</td>
                  <td>{session.title}</td>
                  <td>{session.room ?? ""}</td>
                  <td>{session.speakers ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {event.speakers.length > 0 ? (
        <section aria-labelledby="speakers" className="screen-section">
          <h2 id="speakers">Speakers</h2>
          <ul className="plain-list">
            {event.speakers.map((speaker) => (
              <li key={speaker.name}>
                <strong>{speaker.name}</strong>
                {speaker.role ? `, ${speaker.role}` : ""}
                {speaker.biography ? <p>{speaker.biography}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {offers.length > 0 ? (
        <section aria-labelledby="tickets" className="screen-section">
          <h2 id="tickets">Tickets</h2>
          <table className="table">
            <thead>
              <tr><th scope="col">Ticket</th><th scope="col">Price</th><th scope="col">Availability</th></tr>
            </thead>
            <tbody>
              {offers.map((offer) => (
                <tr key={offer.ticket.code}>
                  <td>{offer.ticket.name}{offer.ticket.addOn ? " (add-on)" : ""}</td>
                  <td>{formatPence(offer.ticket.pence)}</td>
                  <td>{[offer.placesLeft === 0 ? "Sold out" : (placesText(offer.placesLeft) ?? "Available"), offer.refusal].filter(Boolean).join(" · ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {open && page.soldOut ? (
        <section aria-labelledby="waiting-list" className="screen-section">
          <h2 id="waiting-list">Waiting list</h2>
          <p>Sold out. When a place is freed, the next person on the waiting list is e-mailed an offer, valid for {event.waitlistOfferHours} hours.</p>
          {page.waitlist?.offered && page.waitlist.offerExpiresAt ? (
            <p className="notice" role="status">
              {`A place is held for you until ${heldUntilText(page.waitlist.offerExpiresAt)}. `}
              <a href={hrefs.waitlistOffer(page.waitlist.entryId)}>Claim your place</a>
            </p>
          ) : page.waitlist ? (
            <p className="notice" role="status">
              {`You are number ${page.waitlist.position} on the waiting list.`}
            </p>
          ) : booking ? (
            <form method="post" action={`${hrefs.event(event.slug)}/waitlist`}>
              <input type="hidden" name="csrfToken" value={booking.csrfToken} />
              <button type="submit" className="button">Join the waiting list</button>
            </form>
          ) : (
            <p>
              <a className="button" href={signInHref}>Sign in to join the waiting list</a>
            </p>
          )}
        </section>
      ) : null}
      {open && !page.soldOut ? (
        booking ? (
          <BookingForm event={event} offers={offers} {...booking} />
        ) : (
          <p>
            <a className="button" href={signInHref}>Sign in to book</a>
          </p>
        )
      ) : null}
    </>
  );
}
