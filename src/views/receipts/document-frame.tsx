import type { ReactNode } from "react";
import type { ReceiptIssuer } from "../../domain/receipts";

export interface DocumentFrameProps {
  /** "Receipt", "Credit note", "Pro-forma invoice". */
  title: string;
  number: string;
  issuer: ReceiptIssuer;
  /** The way back: the payer's list, or for staff the application or order. */
  back: readonly [href: string, label: string];
  children: ReactNode;
}

/**
 * The frame every money document shares (receipt, credit note, pro-forma invoice): the society
 * that issues it (name, address, contacts and VAT number) at its head, the document's title and
 * number, and the words on screen about printing. The print stylesheet (client/styles/receipts.css)
 * leaves out everything but the document, on one A4 page.
 */
export function DocumentFrame({ title, number, issuer, back: [backHref, backLabel], children }: DocumentFrameProps) {
  const titleId = "document-title";
  return (
    <div className="receipt-screen">
      <p className="receipt-screen__back">
        <a href={backHref}>{backLabel}</a>
      </p>
      <article className="receipt" aria-labelledby={titleId}>
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
          <h1 id={titleId} className="receipt__title">
            {`${title} `}
            <span className="receipt__number">{number}</span>
          </h1>
        </header>
        {children}
      </article>
      <p className="receipt-screen__print">{`To keep a copy, use your browser's Print command: this page prints as the ${title.toLowerCase()} alone, on one A4 page, or saves as a PDF.`}</p>
    </div>
  );
}
