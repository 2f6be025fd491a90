import type { EventCancelledData } from "../../../domain/email";
import { eventWhen, money } from "../email-format";
import { Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

/** What comes back, and how, in the reader's words. */
function refundText(d: EventCancelledData): string {
  switch (d.refund) {
    case "card":
      return `${money(d.refundPence)}, in full, to the card you paid with (banks usually show it within 5 to 10 working days)`;
    case "bank":
      return `${money(d.refundPence)}, in full: you paid by bank transfer or cheque, so our office will pay it back to you and be in touch if they need your bank details`;
    case "released":
      return "nothing to refund: the order was not paid, and it is cancelled, so please do not pay its invoice";
    case "none":
      return "nothing to refund: nothing was paid for these places";
  }
}

const facts = (d: EventCancelledData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "Was to be", value: eventWhen(d.startsAt, null, d.timeZone) },
  { label: "Why", value: d.reason },
  { label: "Order", value: d.orderReference },
  { label: "Refund", value: refundText(d) },
];

const CREDIT_NOTE = "Its credit note comes in a separate e-mail, with a link to print it.";
const SORRY = "We are sorry for the disappointment. Every booking for the event is cancelled, and its waiting list is closed.";

export const eventCancelled = template<EventCancelledData>({
  preview: (d) => `${d.eventName} has been cancelled.`,
  heading: () => "Event cancelled",
  reason: (d, { brand }) => `You are receiving this because you booked ${d.eventName} on ${brand.siteName}.`,
  Body: ({ data: d }) => (
    <>
      <P>{d.eventName} has been cancelled.</P>
      <Facts facts={facts(d)} />
      {d.refund === "card" || d.refund === "bank" ? <P>{CREDIT_NOTE}</P> : null}
      <P>{SORRY}</P>
    </>
  ),
  text: (d) => paragraphs(`${d.eventName} has been cancelled.`, textFacts(facts(d)), ...(d.refund === "card" || d.refund === "bank" ? [CREDIT_NOTE] : []), SORRY),
});
