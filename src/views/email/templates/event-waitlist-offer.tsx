import type { EventWaitlistOfferData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { eventWhen, money } from "../email-format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

/** The offer's end, in the event's time zone like its dates. */
const until = (d: EventWaitlistOfferData) => eventWhen(d.offerExpiresAt, null, d.timeZone);

const facts = (d: EventWaitlistOfferData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "When", value: eventWhen(d.startsAt, d.endsAt, d.timeZone) },
  { label: "Ticket", value: `${d.ticketName}, ${d.pence === 0 ? "free" : money(d.pence)}` },
  { label: "Held for you until", value: until(d) },
];

const HOW = "Sign in and confirm the attendee's details: the place goes into your cart, held, and you book it at checkout as usual.";
const AFTER = "If you do not book it by then, the place is offered to the next person on the waiting list and you leave the list.";

export const eventWaitlistOffer = template<EventWaitlistOfferData>({
  preview: (d) => `A place at ${d.eventName} is held for you until ${until(d)}.`,
  heading: () => "A place is free for you",
  reason: (d, { brand }) => `You are receiving this because you joined the waiting list for ${d.eventName} on ${brand.siteName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>A place has come free at {d.eventName}, and it is held for you.</P>
      <Facts facts={facts(d)} />
      <P>{HOW}</P>
      <Action href={ctx.link(hrefs.waitlistOffer(d.entryId))}>Claim your place</Action>
      <P>{AFTER}</P>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `A place has come free at ${d.eventName}, and it is held for you.`,
      textFacts(facts(d)),
      HOW,
      `Claim your place: ${ctx.link(hrefs.waitlistOffer(d.entryId))}`,
      AFTER,
    ),
});
