import type { Receipt } from "../../domain/receipts";
import { vatRateLabel } from "../../shared/pricing/vat";
import { formatPence } from "../format";

/**
 * A receipt's lines: with VAT recorded, each line's rate, net, VAT and gross (VAT included) and
 * the same in total; a receipt issued before VAT was recorded shows its amounts alone, as issued.
 * Pro-forma invoices list their lines the same way.
 */
export function ReceiptItemsTable({
  receipt: r,
  totalLabel = "Total paid",
}: {
  receipt: Pick<Receipt, "items" | "netPence" | "vatPence" | "totalPence">;
  /** The last row's words: what was paid, or (on a pro-forma invoice) what to pay. */
  totalLabel?: string;
}) {
  const itemsTotal = r.items.reduce((sum, item) => sum + item.pence, 0);
  const withVat = r.netPence !== null && r.vatPence !== null;
  const amount = (pence: number) => <td className="receipt__amount">{formatPence(pence)}</td>;
  const blank = <td className="receipt__amount" />;
  return (
    <table className={`data-table receipt__items${withVat ? " receipt__items--vat" : ""}`}>
      <caption className="receipt__heading">Items</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          {withVat ? (
            <>
              <th scope="col" className="receipt__amount">
                VAT rate
              </th>
              <th scope="col" className="receipt__amount">
                Net
              </th>
              <th scope="col" className="receipt__amount">
                VAT
              </th>
            </>
          ) : null}
          <th scope="col" className="receipt__amount">
            {withVat ? "Gross" : "Amount"}
          </th>
        </tr>
      </thead>
      <tbody>
        {r.items.map((item, i) => (
          <tr key={i}>
            <th scope="row">
              <span className="receipt__line">{item.description}</span>
              {item.detail ? <span className="receipt__line receipt__detail">{item.detail}</span> : null}
            </th>
            {withVat ? (
              <>
                <td className="receipt__amount">{item.vat ? vatRateLabel(item.vat.treatment) : "—"}</td>
                {item.vat ? amount(item.vat.netPence) : blank}
                {item.vat ? amount(item.vat.vatPence) : blank}
              </>
            ) : null}
            {amount(item.pence)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        {withVat ? (
          <tr>
            <th scope="row">Total of the items</th>
            {blank}
            {amount(r.netPence!)}
            {amount(r.vatPence!)}
            {amount(itemsTotal)}
          </tr>
        ) : itemsTotal !== r.totalPence ? (
          <tr>
            <th scope="row">Total of the items</th>
            {amount(itemsTotal)}
          </tr>
        ) : null}
        <tr>
          <th scope="row">{totalLabel}</th>
          {withVat ? <td colSpan={3} /> : null}
          <td className="receipt__amount">
            <strong>{formatPence(r.totalPence)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
