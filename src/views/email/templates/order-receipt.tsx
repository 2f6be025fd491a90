import type { OrderReceiptData } from "../../../domain/email";
import { day, money, paidBy, when } from "../email-format";
import { Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const receipt = (d: OrderReceiptData): Fact[] => [
  ...d.lines.map((line) => ({ label: line.title, value: money(line.pence) })),
  { label: "Total", value: money(d.totalPence) },
  { label: "Paid on", value: day(d.paidOn) },
  { label: "Paid by", value: paidBy(d.paymentMethod) },
];

const watch = (d: OrderReceiptData): Fact[] =>
  d.webinars.map((w) => ({
    label: w.title,
    value: w.recording || !w.startsAt ? "Recording: watch it whenever you like" : `Live: ${when(w.startsAt, w.endsAt)}`,
  }));

const items = (d: OrderReceiptData) => `${d.lines.length} ${d.lines.length === 1 ? "item" : "items"}`;
const NO_LINKS = "Join links and recordings are on each webinar's page when you are signed in; we never send them by e-mail.";

export const orderReceipt = template<OrderReceiptData>({
  preview: (d) => `Order ${d.orderReference}: ${items(d)}, ${money(d.totalPence)}.`,
  heading: () => "Thank you for your order",
  reason: (d, { brand }) => `You are receiving this because you placed order ${d.orderReference} on ${brand.siteName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>Your order {d.orderReference} is complete, and everything in it is yours to watch.</P>
      <H2>What you can watch</H2>
      <Facts facts={watch(d)} />
      <P>{NO_LINKS}</P>
      <Action href={ctx.link("/user/webinars")}>Your webinars</Action>
      <H2>Receipt</H2>
      <Facts facts={receipt(d)} />
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `Your order ${d.orderReference} is complete, and everything in it is yours to watch.`,
      textHeading("What you can watch"),
      textFacts(watch(d)),
      NO_LINKS,
      `Your webinars: ${ctx.link("/user/webinars")}`,
      textHeading("Receipt"),
      textFacts(receipt(d)),
    ),
});
