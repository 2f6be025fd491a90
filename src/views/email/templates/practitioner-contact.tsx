import type { PractitionerContactConfirmData, PractitionerContactData, PractitionerListingHiddenData } from "../../../domain/email";
import { formatDate, formatTime } from "../../format";
import { A, Action, Facts, P, Panel, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: PractitionerContactData): Fact[] => [
  { label: "From", value: d.senderName },
  { label: "Their e-mail", value: d.senderEmail },
];

/** To the member: the patient's message; they reply from their own mail to the address given. */
export const practitionerContact = template<PractitionerContactData>({
  preview: (d) => `${d.senderName} wrote to you through your public listing.`,
  heading: (d) => `A message from ${d.senderName}`,
  reason: (_d, { brand }) => `You are receiving this because you are listed in ${brand.siteName}'s Find a practitioner search. Your e-mail address was not shown to the sender.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{d.senderName} wrote to you through your listing. To answer, write to them at their address below from your own e-mail.</P>
      <Facts facts={facts(d)} />
      <Panel>{d.message}</Panel>
      <P>
        <A href={ctx.link(d.profilePath)}>Your public listing</A>
      </P>
    </>
  ),
  text: (d, ctx) => paragraphs(`${d.senderName} wrote to you through your listing. To answer, write to them at their address below from your own e-mail.`, textFacts(facts(d)), d.message, `Your public listing: ${ctx.link(d.profilePath)}`),
});

/** To the patient: a copy of what they sent. */
export const practitionerContactCopy = template<PractitionerContactData>({
  preview: (d) => `A copy of your message to ${d.practitionerName}.`,
  heading: (d) => `Your message to ${d.practitionerName}`,
  reason: (_d, { brand }) => `You are receiving this because you sent a message through ${brand.siteName}'s Find a practitioner search.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>We have passed your message to {d.practitionerName}. They will answer you directly at {d.senderEmail}. Here is what you sent:</P>
      <Panel>{d.message}</Panel>
      <P>
        <A href={ctx.link(d.profilePath)}>{d.practitionerName}'s listing</A>
      </P>
    </>
  ),
  text: (d, ctx) => paragraphs(`We have passed your message to ${d.practitionerName}. They will answer you directly at ${d.senderEmail}. Here is what you sent:`, d.message, `${d.practitionerName}'s listing: ${ctx.link(d.profilePath)}`),
});

const until = (d: PractitionerContactConfirmData) => `${formatTime(new Date(d.expiresAt))} on ${formatDate(new Date(d.expiresAt), "long")}`;

/**
 * To the patient who wrote without the bot check: their message waits until they confirm it here
 * (the link shows a page with a button, so a mail scanner opening it sends nothing). It is also
 * their copy of what they wrote.
 */
export const practitionerContactConfirm = template<PractitionerContactConfirmData>({
  preview: (d) => `Confirm to send your message to ${d.practitionerName}.`,
  heading: (d) => `Confirm your message to ${d.practitionerName}`,
  reason: (_d, { brand }) =>
    `You are receiving this because someone gave this address in a message through ${brand.siteName}'s Find a practitioner search. If it was not you, ignore this e-mail: nothing is sent.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>
        To keep the form free of automated messages, we send a message written without the bot check only once its writer confirms it. Confirm by {until(d)} and we pass it to {d.practitionerName};
        they will answer you directly at {d.senderEmail}. Here is what you wrote:
      </P>
      <Panel>{d.message}</Panel>
      <Action href={ctx.link(d.confirmPath)}>Confirm to send your message</Action>
      <P>
        <A href={ctx.link(d.profilePath)}>{d.practitionerName}'s listing</A>
      </P>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `To keep the form free of automated messages, we send a message written without the bot check only once its writer confirms it. Confirm by ${until(d)} and we pass it to ${d.practitionerName}; they will answer you directly at ${d.senderEmail}. Here is what you wrote:`,
      d.message,
      `Confirm to send your message: ${ctx.link(d.confirmPath)}`,
      `${d.practitionerName}'s listing: ${ctx.link(d.profilePath)}`,
    ),
});

/** To the member: staff hid their listing, and why. */
export const practitionerListingHidden = template<PractitionerListingHiddenData>({
  preview: () => "Your listing no longer appears in Find a practitioner.",
  heading: () => "Your public listing has been hidden",
  reason: (_d, { brand }) => `You are receiving this because you have a public listing in ${brand.siteName}'s Find a practitioner search.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>Our staff have hidden your listing ({d.displayName}) from Find a practitioner. Their reason:</P>
      <Panel>{d.reason}</Panel>
      <P>
        If you have questions, reply to this e-mail. <A href={ctx.link("/user/practice")}>Your listing</A>
      </P>
    </>
  ),
  text: (d, ctx) => paragraphs(`Our staff have hidden your listing (${d.displayName}) from Find a practitioner. Their reason:`, d.reason, `If you have questions, reply to this e-mail. Your listing: ${ctx.link("/user/practice")}`),
});
