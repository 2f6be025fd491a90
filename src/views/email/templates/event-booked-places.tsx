/**
 * What the event e-mails about places (the confirmation, the reminder, a transferred place) end
 * with: who is booked on which ticket, where the tickets are, and the calendar file, in HTML and
 * in plain text alike. `calendar` is the link's words, which each e-mail puts its own way;
 * `tickets` where the tickets are, the buyer's tickets page unless said otherwise (a transferred
 * place's new attendee may have no account: their ticket has a page of its own).
 */
import type { TemplateContext } from "../template";
import { hrefs } from "../../../shared/links";
import { A, Action, Facts, H2, P, textFacts, textHeading, type Fact } from "../parts";

interface BookedPlaces {
  attendees: readonly { name: string; ticket: string }[];
  eventSlug: string;
}

const TICKETS = "Each attendee's ticket, with the code to show at the door, is on your tickets page.";

export interface TicketsLink {
  /** A site path. */
  href: string;
  /** What the paragraph says of it. */
  words: string;
  /** The button's words. */
  action: string;
}

const BUYERS_TICKETS: TicketsLink = { href: hrefs.myEvents, words: TICKETS, action: "Your tickets" };

const places = (d: BookedPlaces): Fact[] => d.attendees.map((a) => ({ label: a.name, value: a.ticket }));

export function BookedPlacesPart({ data: d, ctx, calendar, tickets = BUYERS_TICKETS }: { data: BookedPlaces; ctx: Pick<TemplateContext, "link">; calendar: string; tickets?: TicketsLink }) {
  return (
    <>
      <H2>Who is booked</H2>
      <Facts facts={places(d)} />
      <P>{tickets.words}</P>
      <Action href={ctx.link(tickets.href)}>{tickets.action}</Action>
      <P>
        <A href={ctx.link(hrefs.eventCalendar(d.eventSlug))}>{calendar}</A>
      </P>
    </>
  );
}

export const bookedPlacesText = (d: BookedPlaces, ctx: Pick<TemplateContext, "link">, calendar: string, tickets: TicketsLink = BUYERS_TICKETS): string[] => [
  textHeading("Who is booked"),
  textFacts(places(d)),
  tickets.words,
  `${tickets.action}: ${ctx.link(tickets.href)}`,
  `${calendar}: ${ctx.link(hrefs.eventCalendar(d.eventSlug))}`,
];
