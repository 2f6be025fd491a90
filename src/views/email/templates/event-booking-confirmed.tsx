import type { EventBookingConfirmedData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { eventWhen } from "../email-format";
import { A, Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const ONLINE = "online: joining details on your tickets page";
/** When the CMS could not say just now, the tickets page can. */
const ON_TICKETS_PAGE = "on your tickets page";

function where(d: EventBookingConfirmedData): string {
  const venue = d.venue ? [d.venue.name, d.venue.address].filter(Boolean).join(", ") : null;
  if (venue && d.online) return `${venue}; or ${ONLINE}`;
  if (venue) return venue;
  return d.online ? ONLINE : ON_TICKETS_PAGE;
}

const event = (d: EventBookingConfirmedData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "When", value: d.startsAt ? eventWhen(d.startsAt, d.endsAt, d.timeZone) : ON_TICKETS_PAGE },
  { label: "Where", value: where(d) },
  { label: "Order", value: d.orderReference },
];

const places = (d: EventBookingConfirmedData): Fact[] => d.attendees.map((a) => ({ label: a.name, value: a.ticket }));

const count = (d: EventBookingConfirmedData) => `${d.attendees.length} ${d.attendees.length === 1 ? "place" : "places"}`;
const TICKETS = "Each attendee's ticket, with the code to show at the door, is on your tickets page.";
/** Nothing is attached (attachments are often filtered); the calendar file is a link. */
const CALENDAR = "Add it to your calendar (an .ics file, nothing is attached to this e-mail)";

export const eventBookingConfirmed = template<EventBookingConfirmedData>({
  preview: (d) => `${d.eventName}: ${count(d)} confirmed.`,
  heading: () => "Your booking is confirmed",
  reason: (d, { brand }) => `You are receiving this because you booked ${d.eventName} on ${brand.siteName} (order ${d.orderReference}).`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>Your booking for {d.eventName} is confirmed: {count(d)}.</P>
      <Facts facts={event(d)} />
      {d.online && d.joiningInstructions ? (
        <>
          <H2>How to join</H2>
          <P>{d.joiningInstructions}</P>
        </>
      ) : null}
      <H2>Who is booked</H2>
      <Facts facts={places(d)} />
      <P>{TICKETS}</P>
      <Action href={ctx.link(hrefs.myEvents)}>Your tickets</Action>
      <P>
        <A href={ctx.link(hrefs.eventCalendar(d.eventSlug))}>{CALENDAR}</A>
      </P>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `Your booking for ${d.eventName} is confirmed: ${count(d)}.`,
      textFacts(event(d)),
      ...(d.online && d.joiningInstructions ? [textHeading("How to join"), d.joiningInstructions] : []),
      textHeading("Who is booked"),
      textFacts(places(d)),
      TICKETS,
      `Your tickets: ${ctx.link(hrefs.myEvents)}`,
      `${CALENDAR}: ${ctx.link(hrefs.eventCalendar(d.eventSlug))}`,
    ),
});
