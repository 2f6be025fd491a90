import type { PaymentMethod } from "../../domain/membership";
import { DateTime } from "../components/date-time";
import { METHOD_LABELS } from "./labels";
import { StaffTable } from "./staff-table";
import { formatPence } from "../format";

/** What the table shows of a payment: an application's and an order's payments both fit. */
export interface PaymentRow {
  id: string;
  method: PaymentMethod;
  amountPence: number;
  /** YYYY-MM-DD */
  receivedOn: string;
  reference: string;
  recordedBy: string;
}

/** The money received for the record with this reference, or a sentence saying there is none. */
export function PaymentsTable({ payments, reference, refundHref }: { payments: readonly PaymentRow[]; reference: string; refundHref?: (paymentId: string) => string }) {
  if (payments.length === 0) return <p>No payment has been received.</p>;
  return (
    <StaffTable
      caption={`Payments received for ${reference}`}
      label="Payments received"
      head={
        <>
          <th scope="col">Received</th>
          <th scope="col" className="staff-table__number">
            Amount
          </th>
          <th scope="col">Method</th>
          <th scope="col">Reference</th>
          <th scope="col">Recorded by</th>
          {refundHref ? <th scope="col">Refunds</th> : null}
        </>
      }
    >
      {payments.map((p) => (
        <tr key={p.id}>
          <th scope="row">
            <DateTime value={`${p.receivedOn}T12:00:00Z`} />
          </th>
          <td className="staff-table__number">{formatPence(p.amountPence)}</td>
          <td>{METHOD_LABELS[p.method]}</td>
          <td>{p.reference}</td>
          <td>{p.recordedBy}</td>
          {refundHref ? (
            <td>
              <a href={refundHref(p.id)}>
                Refund or see refunds
              </a>
            </td>
          ) : null}
        </tr>
      ))}
    </StaffTable>
  );
}
