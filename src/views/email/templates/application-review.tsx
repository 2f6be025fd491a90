import type { ApplicationReviewData } from "../../../domain/email";
import { money } from "../email-format";
import { Action, Facts, H2, P, Panel, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: ApplicationReviewData): Fact[] => [
  { label: "Reference", value: d.reference },
  { label: "Membership", value: d.membershipTitle },
  { label: "Amount due", value: money(d.amountDuePence) },
];

const opening = (d: ApplicationReviewData) =>
  d.outcome === "approved"
    ? `Dear ${d.givenName}, your application for ${d.membershipTitle} has been approved.`
    : `Dear ${d.givenName}, thank you for applying for ${d.membershipTitle}. Before we can decide, we need a little more from you.`;

const nextStep = (d: ApplicationReviewData) =>
  d.outcome === "more-information"
    ? "Answer from your membership page: you can upload a document there. We will look at your application again as soon as you have."
    : d.paymentMethod === "card"
      ? `You can now pay ${money(d.amountDuePence)} by card from your membership page; your membership starts as soon as the payment is confirmed.`
      : `You can now pay ${money(d.amountDuePence)} by bank transfer or cheque, quoting your reference ${d.reference}. Your membership starts when your payment arrives.`;

export const applicationReview = template<ApplicationReviewData>({
  preview: (d) => (d.outcome === "approved" ? `Application ${d.reference} approved: how to pay.` : `Application ${d.reference}: what we need from you.`),
  heading: (d) => (d.outcome === "approved" ? "Your application is approved" : "We need more information"),
  reason: (d, { brand }) => `You are receiving this because you applied to join ${brand.siteName} (reference ${d.reference}).`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{opening(d)}</P>
      <Facts facts={facts(d)} />
      {d.request ? (
        <>
          <H2>What we need</H2>
          <Panel>{d.request}</Panel>
        </>
      ) : null}
      <H2>What happens next</H2>
      <P>{nextStep(d)}</P>
      {d.offlinePaymentInstructions ? (
        <>
          <H2>How to pay</H2>
          <Panel>{d.offlinePaymentInstructions}</Panel>
        </>
      ) : null}
      <Action href={ctx.link("/user/membership")}>Go to your membership page</Action>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      opening(d),
      textFacts(facts(d)),
      d.request && textHeading("What we need"),
      d.request,
      textHeading("What happens next"),
      nextStep(d),
      d.offlinePaymentInstructions && textHeading("How to pay"),
      d.offlinePaymentInstructions,
      `Go to your membership page: ${ctx.link("/user/membership")}`,
    ),
});
