import type { Order, OrderStatus } from "../../domain/orders";
import type { KeysetPage } from "../../domain/paging";
import { DateTime } from "../components/date-time";
import { METHOD_LABELS, STATUS_LABELS } from "./labels";
import { StaffList } from "./staff-list";
import { StatusBadge } from "./status-badge";
import { formatPence } from "../format";

export type OrderStatusFilter = OrderStatus | "all";

export interface OrdersListContentProps {
  page: KeysetPage<Order>;
  status: OrderStatusFilter;
  search: string;
}

const TABS: readonly { status: OrderStatusFilter; label: string; none: string }[] = [
  { status: "awaiting_payment", label: STATUS_LABELS.awaiting_payment, none: "No orders awaiting payment" },
  { status: "paid", label: STATUS_LABELS.paid, none: "No paid orders" },
  { status: "cancelled", label: STATUS_LABELS.cancelled, none: "No cancelled orders" },
  { status: "all", label: "All", none: "No orders" },
];

/** "2 items: Title A; Title B" */
const itemsSummary = (order: Order): string =>
  `${order.lines.length} ${order.lines.length === 1 ? "item" : "items"}: ${order.lines.map((line) => line.title).join("; ")}`;

/** /staff/orders: webinar orders by status, searchable by e-mail or reference, newest first, a page at a time. */
export function OrdersListContent({ page, status, search }: OrdersListContentProps) {
  const orders = page.rows;
  return (
    <StaffList
      area="orders"
      title="Webinar orders"
      path="/staff/orders"
      noun="orders"
      tabs={TABS}
      status={status}
      search={search}
      searchLabel="Search by e-mail or reference"
      count={orders.length}
      limit={orders.length}
      paging={page}
      head={
        <>
          <th scope="col">Reference</th>
          <th scope="col">Buyer's e-mail</th>
          <th scope="col">Placed</th>
          <th scope="col">Items</th>
          <th scope="col" className="staff-table__number">
            Total
          </th>
          <th scope="col">Method</th>
          <th scope="col">Status</th>
        </>
      }
    >
      {orders.map((o) => (
        <tr key={o.id}>
          <th scope="row">
            <a href={`/staff/orders/${encodeURIComponent(o.id)}`}>{o.reference}</a>
          </th>
          <td className="staff-table__email">{o.email}</td>
          <td>
            <DateTime value={o.createdAt} style="short" />
          </td>
          <td>{itemsSummary(o)}</td>
          <td className="staff-table__number">{formatPence(o.totalPence)}</td>
          <td>{METHOD_LABELS[o.paymentMethod]}</td>
          <td>
            <StatusBadge status={o.status} />
          </td>
        </tr>
      ))}
    </StaffList>
  );
}
