import type { WebinarReminderData } from "../../../domain/email";
import { when } from "../email-format";
import { Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: WebinarReminderData): Fact[] => [
  { label: "Webinar", value: d.webinarTitle },
  { label: "When", value: when(d.startsAt, d.endsAt) },
];
const HOW = "Sign in and open the webinar's page: the link to join appears there an hour before the start. For your security we never send join links by e-mail.";
const page = (d: WebinarReminderData) => `/webinars/${encodeURIComponent(d.webinarSlug)}`;

export const webinarReminder = template<WebinarReminderData>({
  preview: (d) => `${d.webinarTitle}: ${when(d.startsAt, d.endsAt)}.`,
  heading: () => "Your webinar starts tomorrow",
  reason: (d, { brand }) => `You are receiving this because you booked ${d.webinarTitle} on ${brand.siteName} and webinar reminders are on for your account.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>This is a reminder that {d.webinarTitle} starts in about 24 hours.</P>
      <Facts facts={facts(d)} />
      <H2>How to join</H2>
      <P>{HOW}</P>
      <Action href={ctx.link(page(d))}>Open the webinar's page</Action>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `This is a reminder that ${d.webinarTitle} starts in about 24 hours.`,
      textFacts(facts(d)),
      textHeading("How to join"),
      HOW,
      `The webinar's page: ${ctx.link(page(d))}`,
    ),
});
