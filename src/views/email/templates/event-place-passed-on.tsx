import type { EventPlacePassedOnData } from "../../../domain/email";
import { eventWhen } from "../email-format";
import { Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: EventPlacePassedOnData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "When", value: eventWhen(d.startsAt, null, d.timeZone) },
];

const who = (d: EventPlacePassedOnData) => (d.by === "staff" ? "our office" : "the person who booked it");
const said = (d: EventPlacePassedOnData) =>
  `${d.attendeeName}, the place booked for you at ${d.eventName} has been passed to someone else by ${who(d)}. Your ticket's QR code no longer admits you at the door.`;
const MISTAKE = "If you did not expect this, please speak to the person who booked your place, or contact our office.";

export const eventPlacePassedOn = template<EventPlacePassedOnData>({
  preview: (d) => `Your place at ${d.eventName} has been passed to someone else.`,
  heading: () => "Your place has been passed on",
  reason: (d, { brand }) => `You are receiving this because a place at ${d.eventName} on ${brand.siteName} was booked in your name.`,
  Body: ({ data: d }) => (
    <>
      <P>{said(d)}</P>
      <Facts facts={facts(d)} />
      <P>{MISTAKE}</P>
    </>
  ),
  text: (d) => paragraphs(said(d), textFacts(facts(d)), MISTAKE),
});
