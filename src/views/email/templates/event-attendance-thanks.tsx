import type { EventAttendanceThanksData } from "../../../domain/email";
import { formatHours } from "../../../domain/cpd";
import { hrefs } from "../../../shared/links";
import { day } from "../email-format";
import { A, Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: EventAttendanceThanksData): Fact[] => [
  { label: "Event", value: d.eventName },
  { label: "Date", value: day(d.activityDate) },
  { label: "CPD hours", value: formatHours(d.hoursHundredths) },
  { label: "Category", value: d.categoryName },
];

const VERIFIED = "Attendance verified by the society: the hours are in your CPD log, already confirmed, and the certificate says so.";

export const eventAttendanceThanks = template<EventAttendanceThanksData>({
  preview: (d) => `${formatHours(d.hoursHundredths)} CPD hours for ${d.eventName} are in your log, with a certificate.`,
  heading: () => "Thank you for attending",
  reason: (d, { brand }) => `You are receiving this because ${brand.siteName} recorded your attendance at ${d.eventName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>Dear {d.attendeeName},</P>
      <P>Thank you for attending {d.eventName}.</P>
      <Facts facts={facts(d)} />
      <P>{VERIFIED}</P>
      <Action href={ctx.link(hrefs.cpdCertificate(d.certificateId))}>Your certificate ({d.certificateNumber})</Action>
      <P>
        Anyone can check it at <A href={ctx.link(hrefs.certificateVerification(d.certificateId))}>{ctx.link(hrefs.certificateVerification(d.certificateId))}</A>
      </P>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `Dear ${d.attendeeName},`,
      `Thank you for attending ${d.eventName}.`,
      textFacts(facts(d)),
      VERIFIED,
      `Your certificate (${d.certificateNumber}): ${ctx.link(hrefs.cpdCertificate(d.certificateId))}`,
      `Anyone can check it at ${ctx.link(hrefs.certificateVerification(d.certificateId))}`,
    ),
});
