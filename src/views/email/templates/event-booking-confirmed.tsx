import type { EventBookingConfirmedData } from "../../../domain/email";
import { eventWhen } from "../email-format";
import { Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";
import { BookedPlacesPart, bookedPlacesText } from "./event-booked-places";

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


const count = (d: EventBookingConfirmedData) => `${d.attendees.length} ${d.attendees.length === 1 ? "place" : "places"}`;
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
      <BookedPlacesPart data={d} ctx={ctx} calendar={CALENDAR} />
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `Your booking for ${d.eventName} is confirmed: ${count(d)}.`,
      textFacts(event(d)),
      ...(d.online && d.joiningInstructions ? [textHeading("How to join"), d.joiningInstructions] : []),
      ...bookedPlacesText(d, ctx, CALENDAR),
    ),
});
