/**
 * Issuing a pro-forma invoice together with the payer's e-mail that carries it: what to pay, by
 * when, the bank details, the reference, and a link to the invoice's page. The e-mail is written
 * in the invoice's own batch, right after the insert and only if that insert issued an invoice,
 * with the number allocated there; its dedupe key is the invoice's content (the application or
 * order and its content key), so asking again for an invoice already issued sends nothing.
 * Money documents are transactional mail: no preference turns them off.
 */
import type { BatchQuery } from "../../adapters/d1/batch-query";
import type { ProFormaInvoiceStore } from "../../adapters/d1/pro-forma-invoices";
import type { ProFormaIssuedData } from "../../domain/email";
import type { NewProFormaInvoice, ProFormaInvoice } from "../../domain/pro-forma";
import type { Notices } from "../email/notices";
import type { PreparedEmail } from "../email/outbox";

export interface ProFormaIssueDeps {
  store: Pick<ProFormaInvoiceStore, "issue" | "issueNow" | "numberOf">;
  notices: Notices;
  /** The society's bank details and how to pay. */
  paymentInstructions: string;
}

export interface ProFormaIssuer {
  /**
   * The statements issuing `invoice` (only if `onlyIf` finds a row when the batch reaches it) and
   * e-mailing it, for the caller's batch; after the batch has committed, hand `ids` to `deliverSoon`.
   */
  issue(invoice: NewProFormaInvoice, onlyIf: BatchQuery): PreparedEmail;
  /** Issues `invoice` now, e-mailing it when it is new; returns the invoice that stands. */
  issueNow(invoice: NewProFormaInvoice): Promise<ProFormaInvoice>;
  deliverSoon(ids: readonly string[]): void;
}

/** The e-mail's data: everything but the number, which the batch fills in. */
export function proFormaEmailData(invoice: NewProFormaInvoice, paymentInstructions: string): ProFormaIssuedData {
  return {
    proFormaNumber: null,
    buyerName: invoice.buyer.name,
    invoiceTo: invoice.billing?.organisation ?? null,
    lines: invoice.items.map((item) => ({ description: item.description, pence: item.pence })),
    totalPence: invoice.totalPence,
    paymentReference: invoice.paymentReference,
    dueOn: invoice.dueOn,
    paymentInstructions,
  };
}

export function createProFormaIssuer(deps: ProFormaIssueDeps): ProFormaIssuer {
  const email = (invoice: NewProFormaInvoice): PreparedEmail =>
    deps.notices.prepare([
      {
        message: {
          kind: "pro-forma-issued",
          event: `${invoice.source}:${invoice.applicationId ?? invoice.orderId}:${invoice.contentKey}`,
          to: { email: invoice.buyer.email, userId: invoice.userId },
          data: proFormaEmailData(invoice, deps.paymentInstructions),
        },
        // Directly after the invoice's insert: written only when that insert issued one.
        onlyIf: { afterChange: true },
        fill: [{ field: "proFormaNumber", ...deps.store.numberOf(invoice) }],
      },
    ]);

  return {
    issue(invoice, onlyIf) {
      const message = email(invoice);
      return { statements: [deps.store.issue(invoice, onlyIf), ...message.statements], ids: message.ids };
    },
    async issueNow(invoice) {
      const message = email(invoice);
      const { invoice: standing, issued } = await deps.store.issueNow(invoice, message.statements);
      if (issued) deps.notices.deliverSoon(message.ids);
      return standing;
    },
    deliverSoon: (ids) => deps.notices.deliverSoon(ids),
  };
}
