import type { EmailChangedData } from "../../../domain/email";
import { londonDate } from "../../../shared/london-date";
import { day } from "../email-format";
import { Action, H2, P, paragraphs, textHeading } from "../parts";
import { template } from "../template";

const changed = (d: EmailChangedData, siteName: string) =>
  `The e-mail address of your ${siteName} account was changed to ${d.newEmail} on ${day(londonDate(new Date(d.changedAt)))}, after that address was verified. This address no longer signs in to the account, and our messages now go to the new one.`;
const NOT_YOU =
  "If you did not make this change, someone may know your password. Reset it with the link below (the reset goes to the new address, so if you cannot read that, reply to this message and we will help you take the account back), and tell us at once.";

export const emailChanged = template<EmailChangedData>({
  preview: (d) => `Your account now signs in with ${d.newEmail}.`,
  heading: () => "Your e-mail address has changed",
  reason: (_d, { brand }) => `You are receiving this because this was the e-mail address of your ${brand.siteName} account, and we tell you of every change to it.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{changed(d, ctx.brand.siteName)}</P>
      <H2>If you did not make this change</H2>
      <P>{NOT_YOU}</P>
      <Action href={ctx.link("/password-reset")}>Reset the password</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(changed(d, ctx.brand.siteName), textHeading("If you did not make this change"), NOT_YOU, `Reset the password: ${ctx.link("/password-reset")}`),
});
