import type { EventReminderData } from "../../../domain/email";
import { eventWhen } from "../email-format";
import { Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";
import { BookedPlacesPart, bookedPlacesText } from "./event-booked-places";

function where(d: EventReminderData): string {
  const venue = d.venue ? [d.venue.name, d.venue.address].filter(Boolean).join(", ") : null;
  if (venue && d.online) return `${venue}; or online`;
  return venue ?? "online";
}

const facts = (d: EventReminderData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "When", value: eventWhen(d.startsAt, d.endsAt, d.timeZone) },
  { label: "Where", value: where(d) },
];


const JOIN_LINK = "The joining link is on your tickets page (signed in), from shortly before the start.";
const CALENDAR = "Add it to your calendar (an .ics file)";

export const eventReminder = template<EventReminderData>({
  preview: (d) => `${d.eventName} is tomorrow: ${eventWhen(d.startsAt, null, d.timeZone)}.`,
  heading: () => "See you tomorrow",
  reason: (d, { brand }) => `You are receiving this because you booked ${d.eventName} on ${brand.siteName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>A reminder that {d.eventName} is tomorrow.</P>
      <Facts facts={facts(d)} />
      {d.online ? (
        <>
          <H2>How to join</H2>
          {d.joiningInstructions ? <P>{d.joiningInstructions}</P> : null}
          <P>{JOIN_LINK}</P>
        </>
      ) : null}
      <BookedPlacesPart data={d} ctx={ctx} calendar={CALENDAR} />
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `A reminder that ${d.eventName} is tomorrow.`,
      textFacts(facts(d)),
      ...(d.online ? [textHeading("How to join"), ...(d.joiningInstructions ? [d.joiningInstructions] : []), JOIN_LINK] : []),
      ...bookedPlacesText(d, ctx, CALENDAR),
    ),
});
