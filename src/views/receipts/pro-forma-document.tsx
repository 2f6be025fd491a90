import type { ProFormaInvoice } from "../../domain/pro-forma";
import type { ReceiptIssuer } from "../../domain/receipts";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { formatPence } from "../format";
import { BillingParty } from "./billing-party";
import { DocumentFrame } from "./document-frame";
import { ReceiptItemsTable } from "./receipt-items-table";

export interface ProFormaDocumentProps {
  invoice: ProFormaInvoice;
  issuer: ReceiptIssuer;
  /** The society's bank details and how to pay. */
  paymentInstructions: string;
  back: readonly [href: string, label: string];
}

/**
 * A pro-forma invoice as a printable page (/user/pro-forma/:number, and the staff view): what to
 * pay (the lines with net, VAT and gross), the reference to quote, the bank details and the day
 * payment is due, made out to the organisation when billing details were given. It is a request
 * for payment, not a VAT invoice: the receipt issued when the money arrives is the record.
 */
export function ProFormaDocument({ invoice: p, issuer, paymentInstructions, back }: ProFormaDocumentProps) {
  return (
    <DocumentFrame title="Pro-forma invoice" number={p.number} issuer={issuer} back={back}>
      <dl className="summary-list receipt__facts">
        <SummaryRow label="Pro-forma invoice number">{p.number}</SummaryRow>
        <SummaryRow label="Issued">
          <DateTime value={p.issuedAt} />
        </SummaryRow>
        <SummaryRow label="Payment due by">
          <DateTime value={`${p.dueOn}T12:00:00Z`} />
        </SummaryRow>
        <SummaryRow label="Amount to pay">
          <strong>{formatPence(p.totalPence)}</strong>
        </SummaryRow>
        <SummaryRow label="Payment reference">
          <strong>{p.paymentReference}</strong>
        </SummaryRow>
      </dl>

      <BillingParty heading="Invoice to" person={p.buyer} billing={p.billing} />

      <ReceiptItemsTable
        receipt={{ items: p.items, netPence: p.netPence, vatPence: p.vatPence, totalPence: p.totalPence }}
        totalLabel="Total to pay"
      />

      <h2 className="receipt__heading">How to pay</h2>
      <p className="receipt__instructions">{paymentInstructions}</p>
      <p className="receipt__instructions">
        Quote the reference <strong>{p.paymentReference}</strong> with your payment. This is a request for payment, not a VAT invoice: we issue a
        receipt when your payment arrives.
      </p>
    </DocumentFrame>
  );
}
