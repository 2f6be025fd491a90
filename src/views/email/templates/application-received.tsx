import type { ApplicationReceivedData } from "../../../domain/email";
import { money } from "../email-format";
import { Action, Facts, H2, P, Panel, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: ApplicationReceivedData): Fact[] => [
  { label: "Reference", value: d.reference },
  { label: "Membership", value: d.membershipTitle },
  { label: "Amount due", value: money(d.amountDuePence) },
  { label: "Payment", value: d.paymentMethod === "card" ? "By card" : "By bank transfer or cheque" },
];

const nextStep = (d: ApplicationReceivedData) =>
  d.needsApproval
    ? "We check every application for this membership before it starts. Please do not pay yet: we will e-mail you when your application is approved (or if we need anything more), and then you can pay."
    : d.paymentMethod === "card"
    ? "Your card payment goes through Stripe. Once it is confirmed your membership starts, and we will e-mail you a receipt. If you did not finish paying, you can pay from your membership page."
    : `Your membership starts once we have received your payment. Please pay ${money(d.amountDuePence)}, quoting your reference ${d.reference} so we can match it to your application.`;

const noInstructions = "Your membership page shows how to pay.";

export const applicationReceived = template<ApplicationReceivedData>({
  preview: (d) => `Your reference is ${d.reference}. Here is what happens next.`,
  heading: () => "We have received your application",
  reason: (_d, { brand }) => `You are receiving this because you applied to join ${brand.siteName} with this e-mail address.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>
        Dear {d.givenName}, thank you for applying for {d.membershipTitle}.
      </P>
      <Facts facts={facts(d)} />
      <H2>What happens next</H2>
      <P>{nextStep(d)}</P>
      {d.paymentMethod === "offline" && !d.needsApproval ? (
        <>
          <H2>How to pay</H2>
          {d.offlinePaymentInstructions ? <Panel>{d.offlinePaymentInstructions}</Panel> : <P>{noInstructions}</P>}
        </>
      ) : null}
      <Action href={ctx.link("/user/membership")}>See your membership</Action>
      <P>Keep this e-mail: quote your reference {d.reference} whenever you contact us about your application.</P>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `Dear ${d.givenName}, thank you for applying for ${d.membershipTitle}.`,
      textFacts(facts(d)),
      textHeading("What happens next"),
      nextStep(d),
      d.paymentMethod === "offline" && !d.needsApproval && textHeading("How to pay"),
      d.paymentMethod === "offline" && !d.needsApproval && (d.offlinePaymentInstructions ?? noInstructions),
      `See your membership: ${ctx.link("/user/membership")}`,
      `Keep this e-mail: quote your reference ${d.reference} whenever you contact us about your application.`,
    ),
});
