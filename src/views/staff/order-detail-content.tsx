import type { ReactNode } from "react";
import type { AuditEntry } from "../../domain/audit";
import type { Receipt } from "../../domain/receipts";
import type { Order, OrderPayment } from "../../domain/orders";
import { AuditTrail } from "./audit-trail";
import { METHOD_LABELS } from "./labels";
import { PaymentsTable } from "./payments-table";
import { ReceiptsTable } from "./receipts-table";
import { RecordHeader } from "./record-header";
import { StaffTable } from "./staff-table";
import { StatusBadge } from "./status-badge";
import { At, Row } from "./summary";
import { formatPence } from "../format";

export interface OrderDetailContentProps {
  order: Order;
  payments: readonly OrderPayment[];
  /** The receipts issued for its payments. */
  receipts: readonly Receipt[];
  audit: readonly AuditEntry[];
  notice: string | null;
  /** The payment and cancel forms, when the order is awaiting payment. */
  actions: ReactNode;
  /** Any dispute of its payment, its refunds and the refund form. */
  refunds?: ReactNode;
}

const KIND_LABELS: Record<Order["lines"][number]["kind"], string> = { webinar: "Webinar", bundle: "Bundle", booking: "Event places" };

const GRANT: Record<Order["status"], string> = {
  paid: "The buyer may watch these webinars.",
  awaiting_payment: "The buyer may watch these webinars once the payment is recorded.",
  cancelled: "Not granted: the order was cancelled.",
};

/** /staff/orders/:id: the buyer, what they ordered at what price, what it grants, the money received and who did what. */
export function OrderDetailContent({ order: o, payments, receipts, audit, notice, actions, refunds }: OrderDetailContentProps) {
  const received = payments.reduce((sum, p) => sum + p.amountPence, 0);
  return (
    <div className="staff-screen">
      <RecordHeader back={["/staff/orders", "All orders"]} title={`Order ${o.reference}`} status={o.status} notice={notice} />

      <h2>Order</h2>
      <dl className="summary-list">
        <Row label="Reference">{o.reference}</Row>
        <Row label="Total">{formatPence(o.totalPence)}</Row>
        {payments.length > 0 ? <Row label="Received">{received === o.totalPence ? formatPence(received) : `${formatPence(received)}, which differs from the total`}</Row> : null}
        <Row label="Payment method">{METHOD_LABELS[o.paymentMethod]}</Row>
        <Row label="Status">
          <StatusBadge status={o.status} />
        </Row>
        {o.cancelledReason !== null ? <Row label="Reason for cancelling">{o.cancelledReason}</Row> : null}
        <Row label="Placed">
          <At value={o.createdAt} />
        </Row>
      </dl>

      <h2>Buyer</h2>
      <dl className="summary-list">
        <Row label="E-mail address">{o.email}</Row>
        <Row label="User id">{o.userId}</Row>
      </dl>

      <h2>Items</h2>
      <StaffTable
        caption={`Items in ${o.reference}, at the prices charged`}
        label="Items"
        head={
          <>
            <th scope="col">Item</th>
            <th scope="col">Kind</th>
            <th scope="col">Webinar ids</th>
            <th scope="col" className="staff-table__number">
              Price
            </th>
          </>
        }
        foot={
          <>
            <th scope="row" colSpan={3}>
              Total{o.discount ? `, after discount code ${o.discount.code} (${formatPence(o.discount.totalPence)} off)` : ""}
            </th>
            <td className="staff-table__number">{formatPence(o.totalPence)}</td>
          </>
        }
      >
        {o.lines.map((line) => (
          <tr key={`${line.kind}:${line.id}`}>
            <th scope="row">{line.title}</th>
            <td>{KIND_LABELS[line.kind]}</td>
            <td>{line.webinarIds.join(", ")}</td>
            <td className="staff-table__number">
              {formatPence(line.pence)}
              {line.discountPence ? <span className="meta"> ({formatPence(line.discountPence)} off)</span> : null}
            </td>
          </tr>
        ))}
      </StaffTable>

      <h2>Webinars granted</h2>
      <p>{GRANT[o.status]}</p>
      <ul>
        {o.webinarIds.map((id) => (
          <li key={id}>
            <code>{id}</code>
          </li>
        ))}
      </ul>

      <h2>Payments</h2>
      <PaymentsTable payments={payments} reference={o.reference} />

      <h2>Receipts</h2>
      <ReceiptsTable receipts={receipts} reference={o.reference} />

      {refunds}

      <h2>Audit trail</h2>
      <AuditTrail audit={audit} reference={o.reference} none="No staff action has been taken on this order." />

      {actions}
    </div>
  );
}
