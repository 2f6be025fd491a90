/**
 * What the event e-mails to a buyer (the confirmation, the reminder) end with: who is booked on
 * which ticket, where the tickets are, and the calendar file, in HTML and in plain text alike.
 * `calendar` is the link's words, which each e-mail puts its own way.
 */
import type { TemplateContext } from "../template";
import { hrefs } from "../../../shared/links";
import { A, Action, Facts, H2, P, textFacts, textHeading, type Fact } from "../parts";

interface BookedPlaces {
  attendees: readonly { name: string; ticket: string }[];
  eventSlug: string;
}

const TICKETS = "Each attendee's ticket, with the code to show at the door, is on your tickets page.";

const places = (d: BookedPlaces): Fact[] => d.attendees.map((a) => ({ label: a.name, value: a.ticket }));

export function BookedPlacesPart({ data: d, ctx, calendar }: { data: BookedPlaces; ctx: Pick<TemplateContext, "link">; calendar: string }) {
  return (
    <>
      <H2>Who is booked</H2>
      <Facts facts={places(d)} />
      <P>{TICKETS}</P>
      <Action href={ctx.link(hrefs.myEvents)}>Your tickets</Action>
      <P>
        <A href={ctx.link(hrefs.eventCalendar(d.eventSlug))}>{calendar}</A>
      </P>
    </>
  );
}

export const bookedPlacesText = (d: BookedPlaces, ctx: Pick<TemplateContext, "link">, calendar: string): string[] => [
  textHeading("Who is booked"),
  textFacts(places(d)),
  TICKETS,
  `Your tickets: ${ctx.link(hrefs.myEvents)}`,
  `${calendar}: ${ctx.link(hrefs.eventCalendar(d.eventSlug))}`,
];
