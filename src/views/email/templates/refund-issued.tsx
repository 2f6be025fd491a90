import type { RefundIssuedData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { day, money } from "../email-format";
import { Action, H2, P, Panel, paragraphs, textHeading } from "../parts";
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
  Body: ({ data: d, ctx }) => (
    <>
      <P>{summary(d)}</P>
      <P>{how(d)}</P>
      <H2>The reason</H2>
      <Panel>{d.reason}</Panel>
      {d.creditNoteNumber ? <Action href={ctx.link(hrefs.creditNote(d.creditNoteNumber))}>See your credit note</Action> : null}
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      summary(d),
      how(d),
      textHeading("The reason"),
      d.reason,
      ...(d.creditNoteNumber ? [`See your credit note (sign in needed): ${ctx.link(hrefs.creditNote(d.creditNoteNumber))}`] : []),
    ),
});
