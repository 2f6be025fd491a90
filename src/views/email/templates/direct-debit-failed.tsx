import type { DirectDebitFailedData } from "../../../domain/email";
import { day, money } from "../email-format";
import { Action, P, paragraphs } from "../parts";
import { template } from "../template";

const problem = (d: DirectDebitFailedData) =>
  `Dear ${d.givenName}, your bank did not pay the Direct Debit of ${money(d.amountPence)} for your ${d.membershipTitle} ${d.renewal ? "renewal" : "membership"}, so nothing has been taken.`;
const standing = (d: DirectDebitFailedData) =>
  d.renewal
    ? `Your membership stays open${d.graceUntil ? ` until ${day(d.graceUntil)}` : ""}. To keep it after that, pay your renewal from your membership page: by card, by Direct Debit again, or by bank transfer with the reference ${d.reference}.`
    : `Your membership has not started. To start it, pay from your membership page: by card, by Direct Debit again, or by bank transfer with the reference ${d.reference}.`;
const WHY = "Your bank can tell you why it did not pay (for example, the account details, or a Direct Debit not allowed on the account).";

export const directDebitFailed = template<DirectDebitFailedData>({
  preview: (d) => (d.renewal ? "Your renewal is not paid yet: nothing was taken." : "Your membership has not started: nothing was taken."),
  heading: () => "Your Direct Debit was not paid",
  reason: (_d, { brand }) => `You are receiving this because you chose to pay your ${brand.siteName} membership by Direct Debit.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{problem(d)}</P>
      <P>{standing(d)}</P>
      <Action href={ctx.link("/user/membership")}>{d.renewal ? "Pay your renewal" : "Pay for your membership"}</Action>
      <P>{WHY}</P>
    </>
  ),
  text: (d, ctx) => paragraphs(problem(d), standing(d), `${d.renewal ? "Pay your renewal" : "Pay for your membership"}: ${ctx.link("/user/membership")}`, WHY),
});
