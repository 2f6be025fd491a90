import type { Receipt, ReceiptIssuer } from "../../domain/receipts";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { BillingParty } from "./billing-party";
import { DocumentFrame } from "./document-frame";
import { ReceiptItemsTable } from "./receipt-items-table";
import { RECEIPT_METHOD_LABELS } from "./receipt-labels";

export interface ReceiptDocumentProps {
  receipt: Receipt;
  issuer: ReceiptIssuer;
  /** The way back: the payer's list, or for staff the application or order. */
  back: readonly [href: string, label: string];
}

/**
 * One receipt as a printable page (/user/receipts/:number, and the staff view): the society that
 * received the money (with its VAT number), the number, who paid (the organisation invoiced, when
 * the payer gave one, and the member or buyer it was for), for what (net, VAT and gross per line
 * and in total), how much, how and when.
 */
export function ReceiptDocument({ receipt: r, issuer, back }: ReceiptDocumentProps) {
  return (
    <DocumentFrame title="Receipt" number={r.number} issuer={issuer} back={back}>
      <dl className="summary-list receipt__facts">
        <SummaryRow label="Receipt number">{r.number}</SummaryRow>
        <SummaryRow label="Date paid">
          <DateTime value={`${r.paidOn}T12:00:00Z`} />
        </SummaryRow>
        <SummaryRow label="Paid by">{RECEIPT_METHOD_LABELS[r.method]}</SummaryRow>
        <SummaryRow label="Payment reference">{r.paymentReference}</SummaryRow>
        <SummaryRow label="Issued">
          <DateTime value={r.issuedAt} />
        </SummaryRow>
      </dl>

      <BillingParty heading="Received from" person={r.payer} billing={r.billing} />

      <ReceiptItemsTable receipt={r} />
      <p className="receipt__thanks">Received with thanks by {issuer.name}.</p>
    </DocumentFrame>
  );
}
