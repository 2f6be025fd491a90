import type { EventAttendeeNoticeData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { eventWhen } from "../email-format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: EventAttendeeNoticeData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "Was to be", value: eventWhen(d.startsAt, null, d.timeZone) },
  { label: "Why", value: d.reason },
  ...(d.change === "postponed" ? [{ label: "New date", value: d.newDateText ?? "not set yet: you will be told when it is" }] : []),
];

const opening = (d: EventAttendeeNoticeData) => `${d.attendeeName}, ${d.eventName}, which you were booked to attend, has been ${d.change}.`;
/** The money is the buyer's business: they have their own e-mail with the refund. */
const NEXT: Record<EventAttendeeNoticeData["change"], string> = {
  cancelled: "Your place is cancelled; you need do nothing. Whoever booked your place has been told separately about any refund.",
  postponed: "Your place stands: you need do nothing to keep it. If the new date does not suit you, tell whoever booked your place.",
};

export const eventAttendeeNotice = template<EventAttendeeNoticeData>({
  preview: (d) => `${d.eventName} has been ${d.change}.`,
  heading: (d) => (d.change === "cancelled" ? "Event cancelled" : "Event postponed"),
  reason: (d, { brand }) => `You are receiving this because a place at ${d.eventName} on ${brand.siteName} was booked in your name.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{opening(d)}</P>
      <Facts facts={facts(d)} />
      <P>{NEXT[d.change]}</P>
      <Action href={ctx.link(hrefs.event(d.eventSlug))}>About the event</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(opening(d), textFacts(facts(d)), NEXT[d.change], `About the event: ${ctx.link(hrefs.event(d.eventSlug))}`),
});
