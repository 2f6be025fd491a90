import type { ReceiptIssuer } from "../../domain/receipts";
import type { CreditNote } from "../../domain/refunds";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { formatPence } from "../format";
import { RECEIPT_METHOD_LABELS } from "./receipt-labels";

export interface CreditNoteDocumentProps {
  note: CreditNote;
  issuer: ReceiptIssuer;
  back: readonly [href: string, label: string];
}

/**
 * One credit note as a printable page: the society, the note's number, the receipt it credits,
 * who is refunded, for what, how much, why, how and when. It wears the receipt's classes, so it
 * prints the same way: the note alone, on one A4 page.
 */
export function CreditNoteDocument({ note: n, issuer, back: [backHref, backLabel] }: CreditNoteDocumentProps) {
  return (
    <div className="receipt-screen">
      <p className="receipt-screen__back">
        <a href={backHref}>{backLabel}</a>
      </p>
      <article className="receipt" aria-labelledby="credit-note-title">
        <header className="receipt__head">
          <div className="receipt__issuer">
            <p className="receipt__issuer-name">{issuer.name}</p>
            <address>
              {issuer.address.map((line, i) => (
                <span className="receipt__line" key={i}>
                  {line}
                </span>
              ))}
              {issuer.email ? <span className="receipt__line">E-mail: {issuer.email}</span> : null}
              {issuer.phone ? <span className="receipt__line">Telephone: {issuer.phone}</span> : null}
            </address>
          </div>
          <h1 id="credit-note-title" className="receipt__title">
            Credit note <span className="receipt__number">{n.number}</span>
          </h1>
        </header>

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

        <h2 className="receipt__heading">Refunded to</h2>
        <p className="receipt__payer">
          {n.payer.name ? <span className="receipt__line">{n.payer.name}</span> : null}
          <span className="receipt__line">{n.payer.email}</span>
        </p>

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
        <p className="receipt__thanks">Issued by {issuer.name}.</p>
      </article>
      <p className="receipt-screen__print">To keep a copy, use your browser's Print command: this page prints as the credit note alone, or saves as a PDF.</p>
    </div>
  );
}
