import type { Receipt } from "../../domain/receipts";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { formatPence } from "../format";
import { RECEIPT_METHOD_LABELS } from "../receipts/receipt-labels";
import { StaffTable } from "./staff-table";

/** The receipts issued for the record with this reference, each a link to the staff view of it. */
export function ReceiptsTable({ receipts, reference }: { receipts: readonly Receipt[]; reference: string }) {
  if (receipts.length === 0) return <p>No receipt has been issued.</p>;
  return (
    <StaffTable
      caption={`Receipts issued for ${reference}`}
      label="Receipts issued"
      head={
        <>
          <th scope="col">Receipt</th>
          <th scope="col">Date paid</th>
          <th scope="col" className="staff-table__number">
            Amount
          </th>
          <th scope="col">Paid by</th>
        </>
      }
    >
      {receipts.map((r) => (
        <tr key={r.number}>
          <th scope="row">
            <a href={hrefs.staffReceipt(r.number)}>{r.number}</a>
          </th>
          <td>
            <DateTime value={`${r.paidOn}T12:00:00Z`} />
          </td>
          <td className="staff-table__number">{formatPence(r.totalPence)}</td>
          <td>{RECEIPT_METHOD_LABELS[r.method]}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
