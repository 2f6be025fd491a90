import type { ProFormaIssuedData } from "../../../domain/email";
import { hrefs } from "../../../shared/links";
import { day, money } from "../email-format";
import { Action, Facts, H2, P, Panel, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const facts = (d: ProFormaIssuedData): Fact[] => [
  ...(d.proFormaNumber ? [{ label: "Invoice number", value: d.proFormaNumber }] : []),
  ...(d.invoiceTo ? [{ label: "Invoice to", value: d.invoiceTo }] : []),
  ...d.lines.map((line) => ({ label: line.description, value: money(line.pence) })),
  { label: "Amount to pay", value: money(d.totalPence) },
  { label: "Payment reference", value: d.paymentReference },
  { label: "Due by", value: day(d.dueOn) },
];

const ask = (d: ProFormaIssuedData) =>
  `Please pay ${money(d.totalPence)} by bank transfer by ${day(d.dueOn)}, quoting the reference ${d.paymentReference} so we can match your payment. ` +
  "This is a request for payment, not a VAT invoice: we send you a receipt once the money arrives.";

const greeting = (d: ProFormaIssuedData) => (d.buyerName ? `Dear ${d.buyerName}, here is your pro-forma invoice.` : "Here is your pro-forma invoice.");

const invoicePath = (d: ProFormaIssuedData) => (d.proFormaNumber ? hrefs.proForma(d.proFormaNumber) : hrefs.receipts);

export const proFormaIssued = template<ProFormaIssuedData>({
  preview: (d) => `${money(d.totalPence)} to pay by ${day(d.dueOn)}, reference ${d.paymentReference}.`,
  heading: () => "Your pro-forma invoice",
  reason: (_d, { brand }) => `You are receiving this because you chose to pay ${brand.siteName} by bank transfer, or asked us for an invoice.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{greeting(d)}</P>
      <Facts facts={facts(d)} />
      <P>{ask(d)}</P>
      <H2>Our bank details</H2>
      <Panel>{d.paymentInstructions}</Panel>
      <Action href={ctx.link(invoicePath(d))}>See and print the invoice</Action>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(
      greeting(d),
      textFacts(facts(d)),
      ask(d),
      textHeading("Our bank details"),
      d.paymentInstructions,
      `See and print the invoice (sign in needed): ${ctx.link(invoicePath(d))}`,
    ),
});
