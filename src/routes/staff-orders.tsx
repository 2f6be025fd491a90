/**
 * Staff: the list of webinar orders by status with search (e-mail or reference), and its CSV
 * export. The staff gate (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import { createAuditLog } from "../adapters/d1/audit-log";
import { createOrderStore } from "../adapters/d1/orders";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { ordersCsv } from "../services/orders/staff-export";
import type { HonoEnv } from "../types";
import { OrdersListContent } from "../views/staff/orders-list-content";
import { renderScreen, siteContext } from "./screen";
import { csvDownload, EXPORT_LIMIT, LIST_LIMIT, listQuery } from "./staff-lists";

const STATUSES = ["awaiting_payment", "paid", "cancelled"] as const;

export const staffOrdersRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/orders", async (c) => {
    const { status, q, storeStatus } = listQuery(c, STATUSES);
    const orders = createOrderStore(c.var.config.bindings.db);
    const [layout, found] = await Promise.all([c.var.content.layout(), orders.list({ status: storeStatus, search: q, limit: LIST_LIMIT })]);
    return renderScreen(c, {
      layout,
      site: siteContext(c),
      head: { pageTitle: "Webinar orders", noindex: true },
      section: null,
      isPrivate: true,
      children: <OrdersListContent orders={found} status={status} search={q} limit={LIST_LIMIT} />,
    });
  })
  .get("/staff/orders.csv", async (c) => {
    const { status, q, storeStatus } = listQuery(c, STATUSES);
    const { db } = c.var.config.bindings;
    const found = await createOrderStore(db).list({ status: storeStatus, search: q, limit: EXPORT_LIMIT });
    await createAuditLog(db)
      .record({ staffEmail: staffEmailOf(c)!, action: "orders.exported", details: { status, search: q, count: found.length } })
      .run();
    return csvDownload(c, "orders", ordersCsv(found));
  });
