import type { ProFormaInvoice } from "../../domain/pro-forma";
import type { Receipt } from "../../domain/receipts";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { ScreenTitle } from "../components/screen-title";
import { formatPence } from "../format";
import { RECEIPT_METHOD_LABELS, receiptSummary } from "./receipt-labels";

/**
 * /user/receipts: every receipt issued to the signed-in user, newest first, each a link to its
 * printable page; then the pro-forma invoices (requests for payment by bank transfer), if any.
 */
export function ReceiptListContent({ receipts, proForma }: { receipts: readonly Receipt[]; proForma: readonly ProFormaInvoice[] }) {
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
