import type { BillingDetails } from "../../shared/billing-details";
import type { ReceiptIssuer } from "../../domain/receipts";
import type { CreditNote, CreditNoteLine } from "../../domain/refunds";
import { vatTotals } from "../../shared/pricing/vat";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { formatPence } from "../format";
import { BillingParty } from "./billing-party";
import { DocumentFrame } from "./document-frame";
import { ReceiptItemsTable } from "./receipt-items-table";
import { RECEIPT_METHOD_LABELS } from "./receipt-labels";

export interface CreditNoteDocumentProps {
  note: CreditNote;
  issuer: ReceiptIssuer;
  /** Net, VAT and gross per line; null (a credit note of a receipt without VAT records) shows the amount alone. */
  lines: readonly CreditNoteLine[] | null;
  back: readonly [href: string, label: string];
  /** The organisation the credited receipt was made out to; null: the payer alone. */
  billing: BillingDetails | null;
}

/**
 * One credit note as a printable page: the society, the note's number, the receipt it credits,
 * who is refunded, for what, how much, why, how and when, in the frame every money document shares
 * (so it prints the same way: the note alone, on one A4 page).
 */
export function CreditNoteDocument({ note: n, issuer, lines, back, billing }: CreditNoteDocumentProps) {
  return (
    <DocumentFrame title="Credit note" number={n.number} issuer={issuer} back={back}>
      <dl className="summary-list receipt__facts">
        <SummaryRow label="Credit note number">{n.number}</SummaryRow>
        <SummaryRow label="Credits receipt">{n.receiptNumber ?? "None issued"}</SummaryRow>
        <SummaryRow label="Date refunded">
          <DateTime value={`${n.refundedOn}T12:00:00Z`} />
        </SummaryRow>
        <SummaryRow label="Refunded to">{RECEIPT_METHOD_LABELS[n.method]}</SummaryRow>
        <SummaryRow label="Issued">
          <DateTime value={n.issuedAt} />
        </SummaryRow>
      </dl>

      <BillingParty heading="Refunded to" organisationHeading="Credit to" person={n.payer} billing={billing} />

      {lines ? (
        <>
          <ReceiptItemsTable
            receipt={{
              items: lines.map((l) => ({ description: l.description, detail: l.detail, pence: l.split.grossPence, vat: l.split })),
              ...vatTotals(lines.map((l) => l.split)),
              totalPence: n.totalPence,
            }}
            totalLabel="Total refunded"
          />
          <p className="receipt__detail">
            {n.description}. Reason: {n.reason}
          </p>
        </>
      ) : (
        <table className="data-table receipt__items">
          <caption className="receipt__heading">Refund</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="receipt__amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                <span className="receipt__line">{n.description}</span>
                <span className="receipt__line receipt__detail">Reason: {n.reason}</span>
              </th>
              <td className="receipt__amount">{formatPence(n.totalPence)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total refunded</th>
              <td className="receipt__amount">
                <strong>{formatPence(n.totalPence)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="receipt__thanks">Issued by {issuer.name}.</p>
    </DocumentFrame>
  );
}
