import type { ApplicationRejectedData } from "../../../domain/email";
import { H2, P, Panel, paragraphs, textHeading } from "../parts";
import { template } from "../template";

const sorry = (d: ApplicationRejectedData) =>
  `Dear ${d.givenName}, thank you for applying for ${d.membershipTitle} (reference ${d.reference}). We are sorry to tell you that we cannot accept your application.`;
const AFTER =
  "If you have already paid, we will refund you. If you think we have made a mistake, or your circumstances change, reply to this e-mail or contact us using the details below.";

export const applicationRejected = template<ApplicationRejectedData>({
  preview: (d) => `We cannot accept your application ${d.reference}. The reason is inside.`,
  heading: () => "About your membership application",
  reason: (d, { brand }) => `You are receiving this because you applied to join ${brand.siteName} (reference ${d.reference}).`,
  Body: ({ data: d }) => (
    <>
      <P>{sorry(d)}</P>
      <H2>The reason</H2>
      <Panel>{d.reason}</Panel>
      <P>{AFTER}</P>
    </>
  ),
  text: (d) => paragraphs(sorry(d), textHeading("The reason"), d.reason, AFTER),
});
