import type { PractitionerContactData, PractitionerListingHiddenData } from "../../../domain/email";
import { A, Facts, P, Panel, paragraphs, textFacts, type Fact } from "../parts";
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
