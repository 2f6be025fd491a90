import type { RefundIssuedData } from "../../../domain/email";
import { day, money } from "../email-format";
import { H2, P, Panel, paragraphs, textHeading } from "../parts";
import { template } from "../template";

const how = (d: RefundIssuedData) =>
  d.method === "card"
    ? "The money goes back to the card you paid with; your bank may take up to 10 working days to show it."
    : "We are paying the money back the way you paid us; contact us if we need your bank details.";
const summary = (d: RefundIssuedData) =>
  `We have refunded ${money(d.amountPence)} for ${d.description} on ${day(d.refundedOn)}.${d.creditNoteNumber ? ` Your credit note number is ${d.creditNoteNumber}.` : ""}`;

export const refundIssued = template<RefundIssuedData>({
  preview: (d) => `We have refunded ${money(d.amountPence)}.`,
  heading: () => "Your refund",
  reason: (d, { brand }) => `You are receiving this because ${brand.siteName} refunded a payment you made (${d.description}).`,
  Body: ({ data: d }) => (
    <>
      <P>{summary(d)}</P>
      <P>{how(d)}</P>
      <H2>The reason</H2>
      <Panel>{d.reason}</Panel>
    </>
  ),
  text: (d) => paragraphs(summary(d), how(d), textHeading("The reason"), d.reason),
});
