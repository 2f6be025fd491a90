import type { OrderCancelledData } from "../../../domain/email";
import { day, money } from "../email-format";
import { Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const cancelled = (d: OrderCancelledData) =>
  `Your order ${d.orderReference} of ${money(d.totalPence)}, placed on ${day(d.placedOn)}, has been cancelled because we had not received its payment within ${d.unpaidDays} days.`;
const code = (d: OrderCancelledData) =>
  d.discountCode ? `The discount code ${d.discountCode} it used is no longer held for this order; whether it can be used again depends on the code's limits.` : null;
const PAID =
  "If you have paid by bank transfer in the meantime, reply to this e-mail with the date and reference of your payment, and we will put the order right or refund you. To buy these webinars now, add them to your cart again.";
const lines = (d: OrderCancelledData): Fact[] => d.lines.map((line) => ({ label: line.title, value: money(line.pence) }));

export const orderCancelled = template<OrderCancelledData>({
  preview: (d) => `Order ${d.orderReference} was not paid within ${d.unpaidDays} days, so it is cancelled.`,
  heading: () => "Your order is cancelled",
  reason: (d, { brand }) => `You are receiving this because you placed order ${d.orderReference} on ${brand.siteName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{cancelled(d)}</P>
      <H2>What the order was for</H2>
      <Facts facts={lines(d)} />
      {code(d) ? <P>{code(d)}</P> : null}
      <P>{PAID}</P>
      <Action href={ctx.link("/webinars")}>See the webinars</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(cancelled(d), textHeading("What the order was for"), textFacts(lines(d)), code(d), PAID, `See the webinars: ${ctx.link("/webinars")}`),
});
