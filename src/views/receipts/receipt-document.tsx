import type { Receipt, ReceiptIssuer } from "../../domain/receipts";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
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
 * received the money (with its VAT number), the number, who paid, for what (net, VAT and gross
 * per line and in total), how much, how and when. The print
 * stylesheet (client/styles/receipts.css) leaves out everything but the receipt.
 */
export function ReceiptDocument({ receipt: r, issuer, back: [backHref, backLabel] }: ReceiptDocumentProps) {
  const paidOn = `${r.paidOn}T12:00:00Z`;
  return (
    <div className="receipt-screen">
      <p className="receipt-screen__back">
        <a href={backHref}>{backLabel}</a>
      </p>
      <article className="receipt" aria-labelledby="receipt-title">
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
            {issuer.vatNumber ? <p className="receipt__vat-number">{`VAT registration number: ${issuer.vatNumber}`}</p> : null}
          </div>
          <h1 id="receipt-title" className="receipt__title">
            Receipt <span className="receipt__number">{r.number}</span>
          </h1>
        </header>

        <dl className="summary-list receipt__facts">
          <SummaryRow label="Receipt number">{r.number}</SummaryRow>
          <SummaryRow label="Date paid">
            <DateTime value={paidOn} />
          </SummaryRow>
          <SummaryRow label="Paid by">{RECEIPT_METHOD_LABELS[r.method]}</SummaryRow>
          <SummaryRow label="Payment reference">{r.paymentReference}</SummaryRow>
          <SummaryRow label="Issued">
            <DateTime value={r.issuedAt} />
          </SummaryRow>
        </dl>

        <h2 className="receipt__heading">Received from</h2>
        <p className="receipt__payer">
          {r.payer.name ? <span className="receipt__line">{r.payer.name}</span> : null}
          <span className="receipt__line">{r.payer.email}</span>
        </p>

        <ReceiptItemsTable receipt={r} />
        <p className="receipt__thanks">Received with thanks by {issuer.name}.</p>
      </article>
      <p className="receipt-screen__print">To keep a copy, use your browser's Print command: this page prints as the receipt alone, or saves as a PDF.</p>
    </div>
  );
}
