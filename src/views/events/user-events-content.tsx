import type { MyBooking, OfferView } from "../../domain/events";
import { hrefs } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { formatDate, formatTime } from "../format";
import { TicketQr } from "./ticket-qr";
import { heldUntilText, whenText } from "./event-words";

/**
 * The user's open waiting-list offers (each place held until a time, with its claim link), then
 * their event bookings: each attendee's ticket with its QR code, the joining link when open, and how to cancel.
 */
const CANCELLED_WORDS = {
  card: "Your booking is cancelled and the full price is being refunded to your card; your credit note is on its way by e-mail.",
  bank: "Your booking is cancelled. We will pay the full price back to you by bank transfer; the credit note follows when we have.",
  none: "Your booking is cancelled. There was nothing left to refund.",
} as const;

export function UserEventsContent({
  bookings,
  offers,
  transferred = false,
  cancelled = null,
}: {
  bookings: readonly MyBooking[];
  offers: readonly OfferView[];
  transferred?: boolean;
  /** A postponed event's booking just cancelled by the buyer, and how its money comes back. */
  cancelled?: keyof typeof CANCELLED_WORDS | null;
}) {
  return (
    <>
      <PageHeader title="My events" lede="Your tickets, one QR code per attendee: show it at the door, on paper or on your phone." />
      {transferred ? (
        <p className="notice notice--success" role="status">
          The place has been passed on: the new attendee has been e-mailed their ticket, and the previous ticket no longer admits anyone.
        </p>
      ) : null}
      {offers.length > 0 ? (
        <section aria-labelledby="offers" className="screen-section">
          <h2 id="offers">Places offered to you from a waiting list</h2>
          <ul>
            {offers.map(({ offer, event, ticket }) => (
              <li key={offer.entryId}>
                <a href={hrefs.event(event.slug)}>{event.name}</a>
                {`, ${whenText(event)}: one ${ticket.name} place, offer open until ${heldUntilText(offer.holdExpiresAt)}. `}
                <a href={hrefs.waitlistOffer(offer.entryId)}>Claim your place</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {bookings.length === 0 ? (
        <p className="notice">
          You have no event bookings yet. <a href={hrefs.events}>See upcoming events</a>.
        </p>
      ) : null}
      {cancelled ? (
        <p className="notice notice--success" role="status">
          {CANCELLED_WORDS[cancelled]}
        </p>
      ) : null}
      {bookings.map(({ event, booking, attendees, joinUrl, joinOpensAt, withinCancellationPolicy, transferUntil, postponedRefund }) => {
        // An add-on (the dinner) goes with its place: only places are passed on.
        const isAddOn = (code: string) => event.ticketTypes.find((t) => t.code === code)?.addOn === true;
        return event.state === "cancelled" ? (
          <section key={booking.id} aria-labelledby={`booking-${booking.id}`} className="screen-section">
            <h2 id={`booking-${booking.id}`}>{booking.title}</h2>
            <p className="notice notice--warning">
              <strong>Cancelled.</strong> <a href={hrefs.event(event.slug)}>{event.name}</a>
              {`, which was to be ${whenText(event)}, has been cancelled. We have e-mailed you what is refunded and how.`}
            </p>
          </section>
        ) : (
        <section key={booking.id} aria-labelledby={`booking-${booking.id} booking-${booking.id}-for`} className="screen-section">
          {event.state === "postponed" ? (
            <p className="notice notice--warning">
              <strong>Postponed.</strong> This event has been postponed: your booking stands, and we will e-mail you the new date.
            </p>
          ) : null}
          <h2 id={`booking-${booking.id}`}>{booking.title}</h2>
          <p className="hint" id={`booking-${booking.id}-for`}>{`Booked on ${formatDate(new Date(booking.createdAt))} for ${attendees.map((a) => a.name).join(", ")}`}</p>
          <p>
            <a href={hrefs.event(event.slug)}>{event.name}</a>, {whenText(event)}
            {event.venue ? `, ${event.venue.name}` : ""}. <a href={hrefs.eventCalendar(event.slug)}>Add to your calendar</a>
          </p>
          {joinUrl ? (
            <p>
              <a className="button" href={joinUrl} rel="noreferrer">Join the online event</a>
            </p>
          ) : joinOpensAt ? (
            <p className="hint">{`The joining link appears here from ${formatDate(joinOpensAt)}, ${formatTime(joinOpensAt)}.`}</p>
          ) : null}
          {event.joiningInstructions && event.format !== "in-person" ? <p>{event.joiningInstructions}</p> : null}
          <ul className="ticket-list">
            {attendees.map((attendee) => (
              <li key={attendee.id} className="ticket">
                <TicketQr token={attendee.qrToken} label={`QR code for ${attendee.name}'s ticket`} />
                <p>
                  <strong>{attendee.name}</strong> ({attendee.email}){attendee.checkedInAt ? " — checked in" : ""}
                </p>
                {transferUntil && !attendee.checkedInAt && !attendee.attended && !isAddOn(attendee.ticketCode) ? (
                  <p>
                    <a href={hrefs.transferPlace(attendee.id)}>{`Pass ${attendee.name}'s place to someone else`}</a>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          {transferUntil && attendees.some((a) => !isAddOn(a.ticketCode)) ? (
            <p className="hint">{`Places can be passed to someone else (a new name and e-mail) until ${formatDate(transferUntil)}, ${formatTime(transferUntil)}; after that, please contact the office.`}</p>
          ) : null}
          {postponedRefund ? (
            <p>
              <a href={hrefs.cancelPostponedBooking(booking.id)}>Cancel this booking for a full refund</a>
              {event.state === "postponed" ? " (the event was postponed: you may cancel whatever its usual policy, until it starts)" : " (the event was moved to new dates after you booked: you may cancel whatever its usual policy, until it starts)"}
            </p>
          ) : booking.orderId && withinCancellationPolicy ? (
            <p>
              <a href={`/user/orders/${booking.orderId}/cancel`}>Cancel this order</a> (up to {event.cancellationDays} days before the start: a full refund and a credit note)
            </p>
          ) : booking.orderId ? (
            <p className="hint">{`Bookings can be cancelled online up to ${event.cancellationDays} days before the start; please contact the office.`}</p>
          ) : null}
        </section>
        );
      })}
    </>
  );
}
