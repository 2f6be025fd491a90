import type { Dispute, Refund } from "../../domain/refunds";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { formatPence } from "../format";
import { StaffTable } from "./staff-table";

/** The refunds of the record with this reference, each with a link to its credit note. */
export function RefundsTable({ refunds, reference }: { refunds: readonly Refund[]; reference: string }) {
  if (refunds.length === 0) return <p>Nothing has been refunded.</p>;
  return (
    <StaffTable
      caption={`Refunds of ${reference}`}
      label="Refunds"
      head={
        <>
          <th scope="col">Credit note</th>
          <th scope="col">Refunded</th>
          <th scope="col" className="staff-table__number">
            Amount
          </th>
          <th scope="col">Reason</th>
          <th scope="col">Recorded by</th>
        </>
      }
    >
      {refunds.map((r) => (
        <tr key={r.id}>
          <th scope="row">{r.creditNoteNumber ? <a href={hrefs.staffCreditNote(r.creditNoteNumber)}>{r.creditNoteNumber}</a> : "Not issued"}</th>
          <td>
            <DateTime value={`${r.refundedOn}T12:00:00Z`} />
          </td>
          <td className="staff-table__number">{formatPence(r.amountPence)}</td>
          <td>{r.reason}</td>
          <td>{r.recordedBy === "stripe" ? "Stripe" : r.recordedBy.startsWith("buyer:") ? "The buyer" : r.recordedBy}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

const DISPUTE_TEXT: Record<"order" | "membership", Record<Dispute["status"], string>> = {
  order: {
    open: "Disputed with the buyer's bank: the order's webinars are suspended until the dispute is decided.",
    won: "Dispute won: the webinars are restored.",
    lost: "Dispute lost: the bank returned the money and the webinars are taken back.",
  },
  membership: {
    open: "Disputed with the member's bank: member access is suspended until the dispute is decided.",
    won: "Dispute won: member access is restored.",
    lost: "Dispute lost: the bank returned the money and the membership has ended.",
  },
};

/** The flag staff see when a payment of the record (an order's, or a membership's) was disputed. */
export function DisputeFlags({ disputes, subject = "order" }: { disputes: readonly Dispute[]; subject?: "order" | "membership" }) {
  if (disputes.length === 0) return null;
  return (
    <div className="notice notice--info" data-dispute>
      <h2>Payment disputed</h2>
      <ul>
        {disputes.map((d) => (
          <li key={d.id} data-dispute-status={d.status}>
            {`${DISPUTE_TEXT[subject][d.status]} ${formatPence(d.amountPence)}, reason given: ${d.reason.replaceAll("_", " ")}. Opened `}
            <DateTime value={d.openedAt} />.
          </li>
        ))}
      </ul>
    </div>
  );
}
