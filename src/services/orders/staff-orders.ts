/**
 * What staff do with webinar orders: find them (by status or a search), export them (audited),
 * read one in full with its payments and audit trail, record an offline payment (granting its
 * webinars) or cancel one. The rules of each action are in staff-order-actions.ts.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { OrderStore } from "../../adapters/d1/orders";
import type { ReceiptStore } from "../../adapters/d1/receipts";
import type { AuditEntry } from "../../domain/audit";
import type { Order, OrderPayment, OrderStatus } from "../../domain/orders";
import type { Receipt } from "../../domain/receipts";
import { AppError } from "../../errors";
import { cancelOrder, recordOfflineOrderPayment, type OfflineOrderPayment, type StaffOrderDeps } from "./staff-order-actions";
import type { KeysetPage, PageCursor } from "../../domain/paging";
import { offerDownload, type OfferedExport } from "../csv-stream";
import { newestFirstList } from "../newest-first-list";
import { orderExportSource } from "./staff-export";

export interface StaffOrdersDeps {
  orders: OrderStore;
  audit: AuditLog;
  receipts: Pick<ReceiptStore, "forOrder">;
  followUps: StaffOrderDeps["followUps"];
  newId: () => string;
  /** The most rows one download holds; past it the export is made in the background. */
  downloadMaxRows: number;
}

export type OrderFilter = OrderStatus | "all";

export interface OrderRecord {
  order: Order;
  payments: OrderPayment[];
  /** The receipts issued for its payments, newest first. */
  receipts: Receipt[];
  audit: AuditEntry[];
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;

export function createStaffOrders(deps: StaffOrdersDeps) {
  const actions: StaffOrderDeps = { orders: deps.orders, followUps: deps.followUps, newId: deps.newId };
  const where = (filter: OrderFilter) => (filter === "all" ? {} : { status: filter });

  const byId = async (id: string): Promise<Order> => {
    const order = await deps.orders.byId(id);
    if (!order) throw new AppError("NOT_FOUND", "No order with this id");
    return order;
  };

  return {
    byId,
    /** One page of the list from `cursor` (the first without one), newest first, with the list's total. */
    list: (filter: OrderFilter, search: string, cursor: PageCursor | null): Promise<KeysetPage<Order>> =>
      newestFirstList(cursor, (at, limit) => deps.orders.list({ ...where(filter), search, limit, cursor: at }), (cap) => deps.orders.count({ ...where(filter), search }, cap)),

    /** Every matching order as CSV, streamed and audited; past `downloadMaxRows`, refused (`tooMany`) for the background export. */
    export(staffEmail: string, filter: OrderFilter, search: string): Promise<OfferedExport> {
      return offerDownload(orderExportSource(deps.orders, { ...where(filter), search }), deps.downloadMaxRows, (count) =>
        deps.audit.record({ staffEmail, action: "orders.exported", details: { status: filter, search, count } }).run().then(() => undefined),
      );
    },

    async record(id: string): Promise<OrderRecord> {
      const order = await byId(id);
      const [payments, receipts, audit] = await Promise.all([deps.orders.payments(id), deps.receipts.forOrder(id), deps.audit.forOrder(id)]);
      return { order, payments, receipts, audit };
    },

    recordPayment: (staffEmail: string, order: Order, payment: OfflineOrderPayment) => recordOfflineOrderPayment(actions, staffEmail, order, payment),

    cancel: (staffEmail: string, order: Order, reason: string) => cancelOrder(actions, staffEmail, order, reason),
  };
}
