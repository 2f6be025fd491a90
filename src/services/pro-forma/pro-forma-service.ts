/**
 * Pro-forma invoices as people see and ask for them: a payer's own (their list, and each as a
 * printable page), and staff's view and issue of one for anything awaiting payment by bank
 * transfer (an application: join, renewal or change; a webinar order to be paid offline).
 * Someone else's invoice is NOT_FOUND, exactly as one that does not exist.
 *
 * Asking again returns the invoice already issued for the same figures and billing details; when
 * the amount due or the billing details have changed, a new invoice (a new number) is issued and
 * the page shows the newest. Issued invoices never change.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { OrderStore } from "../../adapters/d1/orders";
import type { ProFormaInvoiceStore } from "../../adapters/d1/pro-forma-invoices";
import type { LayoutData } from "../../domain/content";
import type { ProFormaInvoice } from "../../domain/pro-forma";
import type { ReceiptIssuer } from "../../domain/receipts";
import { AppError } from "../../errors";
import type { ContentService } from "../content/content-service";
import { receiptIssuer } from "../receipts/receipt-content";
import { applicationProForma, orderProForma } from "./pro-forma-content";
import type { ProFormaIssuer } from "./pro-forma-issue";
import { parseProFormaNumber } from "./pro-forma-number";

export interface ProFormaServiceDeps {
  proForma: Pick<ProFormaInvoiceStore, "byNumber" | "forUser" | "forApplication" | "forOrder">;
  /** Issues an invoice with the payer's e-mail. */
  issuer: Pick<ProFormaIssuer, "issueNow">;
  applications: Pick<ApplicationStore, "byId">;
  orders: Pick<OrderStore, "byId">;
  content: Pick<ContentService, "layout">;
  siteName: string;
  /** The society's bank details and how to pay, as applicants read them. */
  paymentInstructions: string;
  now: () => Date;
}

/** One invoice to print, with the society that issued it, how to pay and the page's layout. */
export interface PrintableProForma {
  layout: LayoutData;
  invoice: ProFormaInvoice;
  issuer: ReceiptIssuer;
  paymentInstructions: string;
}

export type ProFormaService = ReturnType<typeof createProFormaService>;

const notFound = () => new AppError("NOT_FOUND", "No pro-forma invoice with this number");

export function createProFormaService(deps: ProFormaServiceDeps) {
  async function printable(number: string, allowed: (invoice: ProFormaInvoice) => boolean): Promise<PrintableProForma> {
    const invoice = parseProFormaNumber(number) ? await deps.proForma.byNumber(number) : null;
    if (!invoice || !allowed(invoice)) throw notFound();
    const layout = await deps.content.layout();
    return { layout, invoice, issuer: receiptIssuer(layout.footer, deps.siteName), paymentInstructions: deps.paymentInstructions };
  }

  return {
    /** The user's invoices, newest first. */
    mine: (userId: string): Promise<ProFormaInvoice[]> => deps.proForma.forUser(userId),
    /** One of the user's own; anyone else's is NOT_FOUND. */
    own: (userId: string, number: string) => printable(number, (invoice) => invoice.userId === userId),
    /** Staff: any invoice. */
    any: (number: string) => printable(number, () => true),
    forApplication: (applicationId: string) => deps.proForma.forApplication(applicationId),
    forOrder: (orderId: string) => deps.proForma.forOrder(orderId),

    /** Staff: the invoice for an application awaiting payment (the one already issued, unless its figures changed). */
    async issueForApplication(applicationId: string, staffEmail: string): Promise<ProFormaInvoice> {
      const application = await deps.applications.byId(applicationId);
      if (!application) throw new AppError("NOT_FOUND", "No application with this id");
      if (application.status !== "awaiting_payment") throw new AppError("CONFLICT", "This application is not awaiting payment, so it needs no pro-forma invoice");
      if (application.amountDuePence <= 0) throw new AppError("CONFLICT", "Nothing is due on this application");
      return deps.issuer.issueNow(await applicationProForma(application, staffEmail, deps.now()));
    },

    /** Staff: the invoice for a webinar order awaiting payment by bank transfer. */
    async issueForOrder(orderId: string, staffEmail: string): Promise<ProFormaInvoice> {
      const order = await deps.orders.byId(orderId);
      if (!order) throw new AppError("NOT_FOUND", "No order with this id");
      if (order.status !== "awaiting_payment") throw new AppError("CONFLICT", "This order is not awaiting payment, so it needs no pro-forma invoice");
      if (order.paymentMethod !== "offline") throw new AppError("CONFLICT", "This order is to be paid by card: a pro-forma invoice is for payment by bank transfer");
      return deps.issuer.issueNow(await orderProForma(order, staffEmail, deps.now()));
    },
  };
}
