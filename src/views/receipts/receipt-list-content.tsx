import type { ProFormaInvoice } from "../../domain/pro-forma";
import type { Receipt } from "../../domain/receipts";
import type { CreditNote } from "../../domain/refunds";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { ScreenTitle } from "../components/screen-title";
import { formatPence } from "../format";
import { RECEIPT_METHOD_LABELS, receiptSummary } from "./receipt-labels";

export interface ReceiptListContentProps {
  receipts: readonly Receipt[];
  proForma: readonly ProFormaInvoice[];
  creditNotes: readonly CreditNote[];
}

/**
 * /user/receipts: every receipt issued to the signed-in user, newest first, each a link to its
 * printable page; then the credit notes of their refunds and the pro-forma invoices (requests for
 * payment by bank transfer), each under its own heading, newest first, when there are any.
 */
export function ReceiptListContent({ receipts, proForma, creditNotes }: ReceiptListContentProps) {
  return (
    <div className="account-screen">
      <ScreenTitle>Your receipts</ScreenTitle>
      {receipts.length === 0 ? (
        <p>
          You have no receipts yet. A receipt is issued for every membership payment and webinar order we receive; see{" "}
          <a href={hrefs.membership}>your membership</a> and <a href={hrefs.myWebinars}>your webinars</a>.
        </p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Your receipts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">Date paid</th>
              <th scope="col">For</th>
              <th scope="col">Amount</th>
              <th scope="col">Paid by</th>
            </tr>
          </thead>
          <tbody>
            {receipts.map((r) => (
              <tr key={r.number}>
                <th scope="row">
                  <a href={hrefs.receipt(r.number)}>{r.number}</a>
                </th>
                <td>
                  <DateTime value={`${r.paidOn}T12:00:00Z`} />
                </td>
                <td>{receiptSummary(r)}</td>
                <td>{formatPence(r.totalPence)}</td>
                <td>{RECEIPT_METHOD_LABELS[r.method]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {creditNotes.length > 0 ? (
        <section aria-labelledby="credit-notes-title">
          <h2 id="credit-notes-title">Credit notes</h2>
          <p>The record of each refund we have made to you, with the receipt it credits.</p>
          <table className="data-table">
            <caption className="visually-hidden">Your credit notes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Credit note</th>
                <th scope="col">Date refunded</th>
                <th scope="col">For</th>
                <th scope="col">Amount refunded</th>
                <th scope="col">Credits receipt</th>
              </tr>
            </thead>
            <tbody>
              {creditNotes.map((n) => (
                <tr key={n.number}>
                  <th scope="row">
                    <a href={hrefs.creditNote(n.number)}>{n.number}</a>
                  </th>
                  <td>
                    <DateTime value={`${n.refundedOn}T12:00:00Z`} />
                  </td>
                  <td>{n.description}</td>
                  <td>{formatPence(n.totalPence)}</td>
                  <td>{n.receiptNumber ? <a href={hrefs.receipt(n.receiptNumber)}>{n.receiptNumber}</a> : "None issued"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {proForma.length > 0 ? (
        <section aria-labelledby="pro-forma-title">
          <h2 id="pro-forma-title">Pro-forma invoices</h2>
          <p>What to pay by bank transfer, with our bank details and your payment reference. Once your payment arrives, its receipt is listed above.</p>
          <table className="data-table">
            <caption className="visually-hidden">Your pro-forma invoices, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Issued</th>
                <th scope="col">Due by</th>
                <th scope="col">Amount</th>
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {proForma.map((p) => (
                <tr key={p.number}>
                  <th scope="row">
                    <a href={hrefs.proForma(p.number)}>{p.number}</a>
                  </th>
                  <td>
                    <DateTime value={p.issuedAt} />
                  </td>
                  <td>
                    <DateTime value={`${p.dueOn}T12:00:00Z`} />
                  </td>
                  <td>{formatPence(p.totalPence)}</td>
                  <td>{p.paymentReference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
