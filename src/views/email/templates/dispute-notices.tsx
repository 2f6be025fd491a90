import type { DisputeClosedData, DisputeNoticeData, DisputeOpenedData } from "../../../domain/email";
import { formatDate, formatTime } from "../../format";
import { money } from "../email-format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

/** Who disputed which payment, for how much and why: what both notices say. */
const facts = (d: DisputeNoticeData): Fact[] => [
  { label: "Payer", value: d.payerName ? `${d.payerName} (${d.payerEmail})` : d.payerEmail },
  { label: "Payment", value: d.paymentDescription },
  { label: "Receipt", value: d.receiptNumber ?? "None issued" },
  { label: "Amount disputed", value: money(d.amountPence) },
  { label: "Reason given", value: d.reason.replaceAll("_", " ") },
  { label: "Stripe dispute", value: d.disputeId },
];

const dueBy = (d: DisputeOpenedData): string =>
  d.evidenceDueBy ? `${formatDate(new Date(d.evidenceDueBy), "long")}, ${formatTime(new Date(d.evidenceDueBy))}` : "Not given by Stripe";

const opened = (d: DisputeOpenedData): Fact[] => [...facts(d), { label: "Evidence due by", value: dueBy(d) }];

const openedNext =
  "What the payment bought is suspended until the dispute is decided. Answer it with evidence in Stripe's dashboard before the due date; the staff page shows it flagged.";

const closedNext = (d: DisputeClosedData) =>
  d.outcome === "won"
    ? "The dispute was decided in the society's favour: what the payment bought is restored."
    : "The dispute was lost: the bank has taken the money back, and what the payment bought is taken back for good.";

const reason = (brand: { siteName: string }) => `You are receiving this because you are on ${brand.siteName}'s staff with the finance or administrator role.`;

export const disputeOpened = template<DisputeOpenedData>({
  preview: (d) => `${d.payerName ?? d.payerEmail} disputed ${money(d.amountPence)} with their bank.`,
  heading: () => "A payment is disputed",
  reason: (_d, { brand }) => reason(brand),
  Body: ({ data: d, ctx }) => (
    <>
      <P>A payer has disputed a card payment with their bank.</P>
      <Facts facts={opened(d)} />
      <P>{openedNext}</P>
      <Action href={ctx.link(d.staffPath)}>Open it on the staff pages</Action>
    </>
  ),
  text: (d, ctx) =>
    paragraphs("A payer has disputed a card payment with their bank.", textFacts(opened(d)), openedNext, `Open it on the staff pages (staff sign-in needed): ${ctx.link(d.staffPath)}`),
});

export const disputeClosed = template<DisputeClosedData>({
  preview: (d) => `The dispute of ${money(d.amountPence)} is ${d.outcome}.`,
  heading: (d) => (d.outcome === "won" ? "Dispute won" : "Dispute lost"),
  reason: (_d, { brand }) => reason(brand),
  Body: ({ data: d, ctx }) => (
    <>
      <P>{closedNext(d)}</P>
      <Facts facts={facts(d)} />
      <Action href={ctx.link(d.staffPath)}>Open it on the staff pages</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(closedNext(d), textFacts(facts(d)), `Open it on the staff pages (staff sign-in needed): ${ctx.link(d.staffPath)}`),
});
