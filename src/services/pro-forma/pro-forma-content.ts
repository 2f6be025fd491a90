/**
 * What a pro-forma invoice asks for: the lines (with net, VAT and gross, worked out as on receipts),
 * the payment reference, the due date and who it is made out to (the organisation from the billing
 * details, else the member or buyer). Pure: the service stores what this builds.
 *
 * Payment is due 30 days after the invoice is issued, for joins, renewals, changes and orders alike:
 * one rule a payer and the finance team can read off the page. A membership starts when its money
 * arrives, so a later payment costs the member time, not a penalty.
 */
import type { Application } from "../../domain/membership";
import type { Order } from "../../domain/orders";
import type { NewProFormaInvoice } from "../../domain/pro-forma";
import type { ReceiptItem } from "../../domain/receipts";
import { londonDate } from "../../shared/london-date";
import { codeDetail, item, totalsOf } from "../receipts/receipt-content";
import { receiptYear } from "../receipts/receipt-number";
import { joinParts } from "../membership/terms";

export const PRO_FORMA_DUE_DAYS = 30;

/** The London day `days` after `now`'s London day (YYYY-MM-DD). */
export function dueOn(now: Date, days = PRO_FORMA_DUE_DAYS): string {
  const today = londonDate(now);
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * Names what an invoice asks for: the same application or order asked again with the same figures
 * and billing details is the same invoice; any change makes a new one.
 */
export async function contentKey(parts: { totalPence: number; items: readonly ReceiptItem[]; billing: unknown }): Promise<string> {
  const text = JSON.stringify([parts.totalPence, parts.items.map((i) => [i.description, i.detail, i.pence, i.vat?.treatment ?? null]), parts.billing]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const KIND_WORDS: Record<Application["kind"], [suffix: string, detail: string]> = {
  join: ["", "One year's membership, from the day payment arrives"],
  renewal: [", renewal", "Another year's membership"],
  change: [", change of membership", "The amount due for the change"],
};

/**
 * For an application awaiting payment (join, renewal or change): the amount due. A join that
 * records its joining fee asks for the first year's subscription and the joining fee as two lines,
 * each with its own VAT, exactly as its receipt will show them; anything else is one line.
 */
export async function applicationProForma(
  application: Pick<
    Application,
    "id" | "kind" | "userId" | "email" | "givenName" | "familyName" | "membershipTitle" | "vatTreatment" | "amountDuePence" | "joiningFeePence" | "billing" | "reference" | "discount"
  >,
  issuedBy: string, now: Date): Promise<NewProFormaInvoice> {
  const [suffix, words] = KIND_WORDS[application.kind];
  const code = application.kind === "join" ? codeDetail(application.discount) : null;
  const detail = code ? `${words}; ${code}` : words;
  const parts = application.kind === "join" ? joinParts(application) : null;
  const items = parts
    ? [
        item(`${application.membershipTitle}, first year's subscription`, detail, parts.subscriptionPence, application.vatTreatment),
        ...(parts.joiningFeePence > 0 ? [item(`${application.membershipTitle}, joining fee`, "One-off, on joining", parts.joiningFeePence, application.vatTreatment)] : []),
      ]
    : [item(`${application.membershipTitle}${suffix}`, detail, application.amountDuePence, application.vatTreatment)];
  return {
    year: receiptYear(now),
    source: "membership",
    applicationId: application.id,
    orderId: null,
    userId: application.userId,
    buyer: { name: `${application.givenName} ${application.familyName}`.trim() || null, email: application.email },
    billing: application.billing,
    items,
    totalPence: application.amountDuePence,
    ...totals(items),
    paymentReference: application.reference,
    dueOn: dueOn(now),
    issuedBy,
    contentKey: await contentKey({ totalPence: application.amountDuePence, items, billing: application.billing }),
  };
}

/** For a webinar order awaiting payment: its lines at the prices charged. */
export async function orderProForma(order: Pick<Order, "id" | "userId" | "email" | "lines" | "totalPence" | "billing" | "reference">, issuedBy: string, now: Date): Promise<NewProFormaInvoice> {
  const items = order.lines.map((line) => item(line.title, line.kind === "bundle" ? `Bundle of ${line.webinarIds.length} webinars` : line.kind === "booking" ? "Event places" : "Webinar", line.pence, line.vatTreatment));
  return {
    year: receiptYear(now),
    source: "order",
    applicationId: null,
    orderId: order.id,
    userId: order.userId,
    buyer: { name: null, email: order.email },
    billing: order.billing,
    items,
    totalPence: order.totalPence,
    ...totals(items),
    paymentReference: order.reference,
    dueOn: dueOn(now),
    issuedBy,
    contentKey: await contentKey({ totalPence: order.totalPence, items, billing: order.billing }),
  };
}

function totals(items: readonly ReceiptItem[]): { netPence: number; vatPence: number } {
  const { netPence, vatPence } = totalsOf(items);
  return { netPence: netPence ?? 0, vatPence: vatPence ?? 0 };
}
