import type { EventReopenedData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { eventWhen } from "../email-format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: EventReopenedData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "When", value: eventWhen(d.startsAt, d.endsAt, d.timeZone) },
  { label: "Was to be", value: eventWhen(d.previousStartsAt, null, d.timeZone) },
];

const opening = (d: EventReopenedData) => `${d.attendeeName ? `${d.attendeeName}, ` : ""}${d.eventName}, which was postponed, will now take place on new dates.`;

/** The buyer may cancel for a full refund (the dates they paid for changed); an attendee asks whoever booked them. */
const NEXT: Record<EventReopenedData["to"], string> = {
  buyer:
    "Your booking stands for the new dates, with the same tickets: you need do nothing to keep it. If the new dates do not suit you, you can cancel it online for a full refund from your events page, until the event starts.",
  attendee: "Your place stands for the new dates, with the same ticket: you need do nothing. If the new dates do not suit you, tell whoever booked your place.",
};

const linkFor = (d: EventReopenedData) => (d.to === "buyer" ? hrefs.myEvents : hrefs.event(d.eventSlug));
const linkText = (d: EventReopenedData) => (d.to === "buyer" ? "Your events" : "About the event");

export const eventReopened = template<EventReopenedData>({
  preview: (d) => `${d.eventName} has new dates.`,
  heading: () => "New dates for your event",
  reason: (d, { brand }) =>
    d.to === "buyer" ? `You are receiving this because you booked ${d.eventName} on ${brand.siteName}.` : `You are receiving this because a place at ${d.eventName} on ${brand.siteName} was booked in your name.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{opening(d)}</P>
      <Facts facts={facts(d)} />
      <P>{NEXT[d.to]}</P>
      <Action href={ctx.link(linkFor(d))}>{linkText(d)}</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(opening(d), textFacts(facts(d)), NEXT[d.to], `${linkText(d)}: ${ctx.link(linkFor(d))}`),
});
