/** The staff CSV export of webinar orders (services/csv: RFC 4180, formulas neutralised). */
import type { Order } from "../../domain/orders";
import type { CreatedCursor } from "../../adapters/d1/newest-first-pages";
import type { OrderListFilter, OrderStore } from "../../adapters/d1/orders";
import type { CsvColumn } from "../csv";
import type { ExportSource } from "../csv-stream";

/** Several values in one cell, for lists like the items' titles. */
const list = (values: readonly string[]) => values.join("; ");

export const ORDER_COLUMNS: readonly CsvColumn<Order>[] = [
  ["Reference", (o) => o.reference],
  ["Placed", (o) => o.createdAt],
  ["Status", (o) => o.status],
  ["E-mail", (o) => o.email],
  ["User id", (o) => o.userId],
  ["Payment method", (o) => o.paymentMethod],
  ["Total (GBP)", (o) => (o.totalPence / 100).toFixed(2)],
  ["Items", (o) => o.lines.length],
  ["Item titles", (o) => list(o.lines.map((line) => line.title))],
  ["Webinar ids", (o) => list(o.webinarIds)],
  ["Cancelled reason", (o) => o.cancelledReason],
];


/** Matching orders as an export source, newest first, paged by (when placed, id). */
export function orderExportSource(store: Pick<OrderStore, "list" | "count">, filter: OrderListFilter): ExportSource<Order, CreatedCursor> {
  return {
    columns: ORDER_COLUMNS,
    count: (cap) => store.count(filter, cap),
    async page(cursor, limit) {
      const rows = await store.list({ ...filter, limit, cursor });
      const last = rows.at(-1);
      return { rows, next: rows.length === limit && last ? { direction: "after", createdAt: last.createdAt, id: last.id } : null };
    },
  };
}
