import type { EventPostponedData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { eventWhen } from "../email-format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: EventPostponedData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "Was to be", value: eventWhen(d.startsAt, null, d.timeZone) },
  { label: "Why", value: d.reason },
  { label: "New date", value: d.newDateText ?? "not set yet: we will e-mail you when it is" },
];

const STANDS = "Your booking stands: you need do nothing to keep your places. If you would rather not wait for the new date, you can cancel your booking online from your events page for a full refund.";

export const eventPostponed = template<EventPostponedData>({
  preview: (d) => `${d.eventName} has been postponed.`,
  heading: () => "Event postponed",
  reason: (d, { brand }) => `You are receiving this because you booked ${d.eventName} on ${brand.siteName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{d.eventName} has been postponed.</P>
      <Facts facts={facts(d)} />
      <P>{STANDS}</P>
      <Action href={ctx.link(hrefs.myEvents)}>Your events</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(`${d.eventName} has been postponed.`, textFacts(facts(d)), STANDS, `Your events: ${ctx.link(hrefs.myEvents)}`),
});
