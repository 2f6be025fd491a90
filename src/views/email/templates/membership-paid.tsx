import type { MembershipPaidData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { day, money, paidBy } from "../email-format";
import { A, Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const membership = (d: MembershipPaidData): Fact[] => [
  { label: "Membership", value: d.membershipTitle },
  { label: "From", value: day(d.periodStart) },
  { label: "Until", value: day(d.periodEnd) },
];

const receipt = (d: MembershipPaidData): Fact[] => [
  ...(d.receiptNumber ? [{ label: "Receipt number", value: d.receiptNumber }] : []),
  { label: "Amount paid", value: money(d.amountPence) },
  { label: "Paid on", value: day(d.paidOn) },
  { label: "Paid by", value: paidBy(d.paymentMethod) },
  { label: "Payment reference", value: d.receiptReference },
];

const opening = (d: MembershipPaidData, siteName: string) =>
  d.renewal
    ? `Dear ${d.givenName}, thank you: your ${d.membershipTitle} membership is renewed until ${day(d.periodEnd)}.`
    : `Dear ${d.givenName}, welcome to ${siteName}. Your payment has arrived and your ${d.membershipTitle} membership is active: members-only pages and member prices are open to you now.`;

const PRINTABLE = "View or print your receipt";

export const membershipPaid = template<MembershipPaidData>({
  preview: (d) => `${d.membershipTitle}, ${day(d.periodStart)} to ${day(d.periodEnd)}. Your receipt is inside.`,
  heading: (d, { brand }) => (d.renewal ? "Your membership is renewed" : `Welcome to ${brand.siteName}`),
  reason: (_d, { brand }) => `You are receiving this because you are a member of ${brand.siteName} and this is the receipt for your payment.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{opening(d, ctx.brand.siteName)}</P>
      <H2>Your membership</H2>
      <Facts facts={membership(d)} />
      <H2>Receipt</H2>
      <Facts facts={receipt(d)} />
      {d.receiptNumber ? (
        <P>
          <A href={ctx.link(hrefs.receipt(d.receiptNumber))}>{PRINTABLE}</A>
        </P>
      ) : null}
      <Action href={ctx.link(hrefs.membership)}>See your membership</Action>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      opening(d, ctx.brand.siteName),
      textHeading("Your membership"),
      textFacts(membership(d)),
      textHeading("Receipt"),
      textFacts(receipt(d)),
      d.receiptNumber && `${PRINTABLE}: ${ctx.link(hrefs.receipt(d.receiptNumber))}`,
      `See your membership: ${ctx.link(hrefs.membership)}`,
    ),
});
