import type { RenewalReminderData } from "../../../domain/email";
import { reminderRenewsAutomatically } from "../../../shared/renewal-way";
import { day, money } from "../email-format";
import { Action, P, paragraphs } from "../parts";
import { template } from "../template";

const automatic = reminderRenewsAutomatically;

const lines = (d: RenewalReminderData): [string, string] =>
  automatic(d)
    ? [
        `Dear ${d.givenName}, your ${d.membershipTitle} membership renews in ${d.daysBefore} days, on ${day(d.periodEnd)}. On that day ${money(d.amountPence)} will be taken from the card you pay with.`,
        "There is nothing to do if your card details are up to date. To change your card, or to stop the renewal, open your membership page.",
      ]
    : d.paymentMethod === "card"
      ? [
          `Dear ${d.givenName}, your ${d.membershipTitle} membership ends in ${d.daysBefore} days, on ${day(d.periodEnd)}. It is not set to renew by itself, so nothing will be taken from your card.`,
          `To renew it for another year, pay ${money(d.amountPence)} from your membership page: by card, or by bank transfer.`,
        ]
      : [
          `Dear ${d.givenName}, your ${d.membershipTitle} membership ends in ${d.daysBefore} days, on ${day(d.periodEnd)}.`,
          `To renew it for another year, pay ${money(d.amountPence)} from your membership page, which shows how.`,
        ];

const action = (d: RenewalReminderData) => (automatic(d) ? "Manage your membership" : "Renew your membership");

export const renewalReminder = template<RenewalReminderData>({
  preview: (d) =>
    automatic(d) ? `On ${day(d.periodEnd)} ${money(d.amountPence)} will be taken from your card.` : `Your membership ends on ${day(d.periodEnd)}.`,
  heading: (d) => (automatic(d) ? "Your membership renews soon" : "Time to renew your membership"),
  reason: (_d, { brand }) => `You are receiving this because you are a member of ${brand.siteName} and membership renewal reminders are on for your account.`,
  Body: ({ data: d, ctx }) => (
    <>
      {lines(d).map((line) => (
        <P key={line}>{line}</P>
      ))}
      <Action href={ctx.link("/user/membership")}>{action(d)}</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(...lines(d), `${action(d)}: ${ctx.link("/user/membership")}`),
});
