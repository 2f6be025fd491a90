/**
 * What a receipt says (docs/decisions/0014-receipts-and-notices.md): who paid, for what, how much, how
 * and when, frozen when the payment is recorded; and, at its head, the society that received the
 * money, from the CMS's Footer. A join's payment of the amount due is two lines, each with its
 * own VAT: the first year's subscription (after the half-price offer and any discount code) and
 * the joining fee, when there is one, split as the application recorded them (joinParts); so a
 * card payment's receipt agrees with Stripe, which taxes the two Checkout lines apart. Any other
 * membership payment (a renewal, a change of type, an older application, an amount other than
 * the amount due) is one line. An order's payment lists the order's lines at the prices charged. The total is
 * what was received, which staff may have confirmed as other than the lines' sum. The organisation
 * the buyer asked to be invoiced (billing details) is copied from the application or order.
 */
import type { Footer } from "../../domain/content";
import type { Application } from "../../domain/membership";
import type { Order, OrderLine } from "../../domain/orders";
import type { NewReceipt, ReceiptIssuer, ReceiptItem } from "../../domain/receipts";
import { splitGross, vatTotals, type VatTreatment } from "../../shared/pricing/vat";
import { joinParts } from "../membership/terms";

export interface ReceivedPayment {
  id: string;
  method: "card" | "offline";
  amountPence: number;
  /** YYYY-MM-DD */
  receivedOn: string;
  reference: string;
}

/** A receipt line at `pence` (gross) under `treatment`, with its VAT worked out. */
export function item(description: string, detail: string | null, pence: number, treatment: VatTreatment): ReceiptItem {
  const { grossPence: _gross, ...vat } = splitGross(pence, treatment);
  return { description, detail, pence, vat };
}

/** The receipt's net and VAT: the sums of its lines' own. */
export function totalsOf(items: readonly ReceiptItem[]): Pick<NewReceipt, "netPence" | "vatPence"> {
  const { netPence, vatPence } = vatTotals(items.map((i) => ({ grossPence: i.pence, netPence: i.vat?.netPence ?? i.pence, vatPence: i.vat?.vatPence ?? 0 })));
  return { netPence, vatPence };
}

const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });
/** "2026-12-01" (a London day) -> "1 December 2026". */
const onDay = (value: string) => day.format(new Date(`${value}T12:00:00Z`));

export function membershipReceipt(input: {
  payment: ReceivedPayment;
  application: Pick<Application, "id" | "userId" | "email" | "givenName" | "familyName" | "membershipTitle" | "vatTreatment" | "billing" | "discount" | "amountDuePence" | "joiningFeePence">;
  /** The days the payment covers, when known (not for money received after an application closed). */
  period: { start: string; end: string } | null;
  renewal: boolean;
  year: number;
}): NewReceipt {
  const { payment, application, period } = input;
  const items = membershipReceiptItems(input);
  return {
    year: input.year,
    source: "membership",
    paymentId: payment.id,
    applicationId: application.id,
    orderId: null,
    userId: application.userId,
    payer: { name: `${application.givenName} ${application.familyName}`.trim() || null, email: application.email },
    billing: application.billing,
    items,
    totalPence: payment.amountPence,
    ...totalsOf(items),
    method: payment.method,
    paidOn: payment.receivedOn,
    paymentReference: payment.reference,
  };
}

/** A membership payment's lines: a join's amount due in its two parts, anything else as one line. */
export function membershipReceiptItems(input: Omit<Parameters<typeof membershipReceipt>[0], "year">): ReceiptItem[] {
  const { payment, application, period, renewal } = input;
  const covers = period ? `Membership from ${onDay(period.start)} to ${onDay(period.end)}` : null;
  const detail = [covers, renewal ? null : codeDetail(application.discount)].filter(Boolean).join("; ") || null;
  const parts = renewal || payment.amountPence !== application.amountDuePence ? null : joinParts(application);
  if (!parts) return [item(`${application.membershipTitle}${renewal ? ", renewal" : ""}`, detail, payment.amountPence, application.vatTreatment)];
  const subscription = item(`${application.membershipTitle}, first year's subscription`, detail, parts.subscriptionPence, application.vatTreatment);
  if (parts.joiningFeePence === 0) return [subscription];
  return [subscription, item(`${application.membershipTitle}, joining fee`, "One-off, on joining", parts.joiningFeePence, application.vatTreatment)];
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** What a discount code took off a join application's first year, in words ("less £19.50 with discount code WELCOME10"); null when none. */
export function codeDetail(discount: Application["discount"]): string | null {
  return discount && discount.totalPence > 0 ? `less ${pounds(discount.totalPence)} with discount code ${discount.code}` : null;
}

/** What the line is, and the discount a code took off it (its price before, the code, the amount off). */
function lineDetail(line: OrderLine, code: string | null): string {
  const what = line.kind === "bundle" ? `Bundle of ${line.webinarIds.length} ${line.webinarIds.length === 1 ? "webinar" : "webinars"}` : line.kind === "booking" ? "Event places" : "Webinar";
  const off = line.discountPence ?? 0;
  return off > 0 && code ? `${what}; ${pounds(line.pence + off)} less ${pounds(off)} with discount code ${code}` : what;
}

export function orderReceipt(input: { order: Order; payment: ReceivedPayment; year: number }): NewReceipt {
  const { order, payment } = input;
  const items = order.lines.map((line) => item(line.title, lineDetail(line, order.discount?.code ?? null), line.pence, line.vatTreatment));
  return {
    year: input.year,
    source: "order",
    paymentId: payment.id,
    applicationId: null,
    orderId: order.id,
    userId: order.userId,
    payer: { name: null, email: order.email },
    billing: order.billing,
    items,
    totalPence: payment.amountPence,
    ...totalsOf(items),
    method: payment.method,
    paidOn: payment.receivedOn,
    paymentReference: payment.reference,
  };
}

/** The society as a receipt names it: the Footer's organisation (else the site's name), address and contacts. */
export function receiptIssuer(footer: Footer, siteName: string): ReceiptIssuer {
  const { contactFields: contact } = footer;
  const lines = (text: string | null) => (text ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  return {
    name: contact.organizationName?.trim() || siteName,
    address: [...lines(footer.address), ...lines(contact.poBox)],
    email: contact.emailAddress,
    phone: contact.phoneNumber,
    vatNumber: footer.vatNumber?.trim() || null,
  };
}
