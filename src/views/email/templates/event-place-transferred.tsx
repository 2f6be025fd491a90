import type { EventPlaceTransferredData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { eventWhen } from "../email-format";
import { Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";
import { BookedPlacesPart, bookedPlacesText, type TicketsLink } from "./event-booked-places";

function where(d: EventPlaceTransferredData): string {
  const venue = d.venue ? [d.venue.name, d.venue.address].filter(Boolean).join(", ") : null;
  if (venue && d.online) return `${venue}; or online: the joining link is on your ticket's page`;
  return venue ?? "online: the joining link is on your ticket's page";
}

const facts = (d: EventPlaceTransferredData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "When", value: eventWhen(d.startsAt, d.endsAt, d.timeZone) },
  { label: "Where", value: where(d) },
];

const CALENDAR = "Add it to your calendar (an .ics file, nothing is attached to this e-mail)";
const tickets = (d: EventPlaceTransferredData): TicketsLink => ({
  href: hrefs.eventTicket(d.ticketCode),
  words: "Your ticket, with the QR code to show at the door, is on its own page. Keep this e-mail: whoever has the link has the ticket.",
  action: "Your ticket",
});

export const eventPlaceTransferred = template<EventPlaceTransferredData>({
  preview: (d) => `A place at ${d.eventName} is now in your name.`,
  heading: () => "A place is booked for you",
  reason: (d, { brand }) => `You are receiving this because a place at ${d.eventName} on ${brand.siteName} was passed to you by the person who booked it or by our office.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>A place at {d.eventName} has been passed to you: it is now booked in your name.</P>
      <Facts facts={facts(d)} />
      {d.online && d.joiningInstructions ? (
        <>
          <H2>How to join</H2>
          <P>{d.joiningInstructions}</P>
        </>
      ) : null}
      <BookedPlacesPart data={d} ctx={ctx} calendar={CALENDAR} tickets={tickets(d)} />
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `A place at ${d.eventName} has been passed to you: it is now booked in your name.`,
      textFacts(facts(d)),
      ...(d.online && d.joiningInstructions ? [textHeading("How to join"), d.joiningInstructions] : []),
      ...bookedPlacesText(d, ctx, CALENDAR, tickets(d)),
    ),
});
