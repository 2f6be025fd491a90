import type { OrderReceiptData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { day, money, paidBy, when } from "../email-format";
import { A, Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const receipt = (d: OrderReceiptData): Fact[] => [
  ...(d.receiptNumber ? [{ label: "Receipt number", value: d.receiptNumber }] : []),
  ...d.lines.map((line) => ({ label: line.title, value: money(line.pence) })),
  { label: "Total", value: money(d.totalPence) },
  { label: d.paymentMethod === "free" ? "Ordered on" : "Paid on", value: day(d.paidOn) },
  { label: "Paid by", value: paidBy(d.paymentMethod) },
];

const watch = (d: OrderReceiptData): Fact[] =>
  d.webinars.map((w) => ({
    label: w.title,
    value: w.recording || !w.startsAt ? "Recording: watch it whenever you like" : `Live: ${when(w.startsAt, w.endsAt)}`,
  }));

const items = (d: OrderReceiptData) => `${d.lines.length} ${d.lines.length === 1 ? "item" : "items"}`;
const NO_LINKS = "Join links and recordings are on each webinar's page when you are signed in; we never send them by e-mail.";
/** When the CMS could not say which webinars the order gives (an outage), the webinars page can. */
const LISTED = "Your webinars page lists each webinar in this order with its date.";
const PRINTABLE = "View or print your receipt";

export const orderReceipt = template<OrderReceiptData>({
  preview: (d) => `Order ${d.orderReference}: ${items(d)}, ${money(d.totalPence)}.`,
  heading: () => "Thank you for your order",
  reason: (d, { brand }) => `You are receiving this because you placed order ${d.orderReference} on ${brand.siteName}.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>Your order {d.orderReference} is complete, and everything in it is yours to watch.</P>
      <H2>What you can watch</H2>
      {d.webinars.length > 0 ? <Facts facts={watch(d)} /> : <P>{LISTED}</P>}
      <P>{NO_LINKS}</P>
      <Action href={ctx.link(hrefs.myWebinars)}>Your webinars</Action>
      <H2>Receipt</H2>
      <Facts facts={receipt(d)} />
      {d.receiptNumber ? (
        <P>
          <A href={ctx.link(hrefs.receipt(d.receiptNumber))}>{PRINTABLE}</A>
        </P>
      ) : null}
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      `Your order ${d.orderReference} is complete, and everything in it is yours to watch.`,
      textHeading("What you can watch"),
      d.webinars.length > 0 ? textFacts(watch(d)) : LISTED,
      NO_LINKS,
      `Your webinars: ${ctx.link(hrefs.myWebinars)}`,
      textHeading("Receipt"),
      textFacts(receipt(d)),
      d.receiptNumber && `${PRINTABLE}: ${ctx.link(hrefs.receipt(d.receiptNumber))}`,
    ),
});
