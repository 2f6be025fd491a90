import type { ApplicationStaffNoticeData } from "../../../domain/email";
import { formatDate, formatTime } from "../../format";
import { money } from "../email-format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: ApplicationStaffNoticeData): Fact[] => [
  { label: "Applicant", value: d.applicantName },
  { label: "E-mail", value: d.applicantEmail },
  { label: "Membership", value: d.membershipTitle },
  { label: "Reference", value: d.reference },
  { label: "Payment", value: `${money(d.amountDuePence)} ${d.paymentMethod === "card" ? "by card" : "offline (bank transfer or cheque)"}` },
  { label: "Submitted", value: `${formatDate(new Date(d.submittedAt), "long")}, ${formatTime(new Date(d.submittedAt))}` },
];

const howItEnds = (d: ApplicationStaffNoticeData) =>
  d.paymentMethod === "card"
    ? "A card payment activates the membership by itself once Stripe confirms it."
    : "Record the payment on the application once it arrives: that activates the membership.";

const applicationPath = (d: ApplicationStaffNoticeData) => `/staff/applications/${encodeURIComponent(d.applicationId)}`;

export const applicationStaffNotice = template<ApplicationStaffNoticeData>({
  preview: (d) => `${d.applicantName} applied for ${d.membershipTitle} (${d.reference}).`,
  heading: () => "New membership application",
  reason: (_d, { brand }) => `You are receiving this because your address is on ${brand.siteName}'s staff list for membership applications.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>A new membership application is waiting for you.</P>
      <Facts facts={facts(d)} />
      <P>{howItEnds(d)}</P>
      <Action href={ctx.link(applicationPath(d))}>Open the application</Action>
    </>
  ),
  text: (d, ctx) =>
    paragraphs("A new membership application is waiting for you.", textFacts(facts(d)), howItEnds(d), `Open the application (staff sign-in needed): ${ctx.link(applicationPath(d))}`),
});
