import type { PaymentFailedData } from "../../../domain/email";
import { day, money } from "../email-format";
import { Action, P, paragraphs } from "../parts";
import { template } from "../template";

const problem = (d: PaymentFailedData) =>
  `Dear ${d.givenName}, we could not take the payment${d.amountPence === null ? "" : ` of ${money(d.amountPence)}`} for your ${d.membershipTitle} membership from your card.`;
const keep = (d: PaymentFailedData) =>
  `Your membership stays open until ${day(d.graceUntil)}. To keep it after that, update your payment card: open your membership page and choose "Manage billing and payment card".`;
const ALREADY = "If you have already updated your card, there is nothing more to do: the payment will be tried again.";

export const paymentFailed = template<PaymentFailedData>({
  preview: (d) => `Please update your card before ${day(d.graceUntil)} to keep your membership.`,
  heading: () => "Your membership payment did not go through",
  reason: (_d, { brand }) => `You are receiving this because your ${brand.siteName} membership is paid by card and the latest payment failed.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{problem(d)}</P>
      <P>{keep(d)}</P>
      <Action href={ctx.link("/user/membership")}>Update your card</Action>
      <P>{ALREADY}</P>
    </>
  ),
  text: (d, ctx) => paragraphs(problem(d), keep(d), `Update your card: ${ctx.link("/user/membership")}`, ALREADY),
});
