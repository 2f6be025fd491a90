/** The staff CSV export of webinar orders (services/csv: RFC 4180, formulas neutralised). */
import type { Order } from "../../domain/orders";
import type { CsvColumn } from "../csv";

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

