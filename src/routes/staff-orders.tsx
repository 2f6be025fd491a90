/**
 * Staff: the list of webinar orders by status with search (e-mail or reference), and its CSV
 * export. The staff gate (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { csvHeaders } from "../http/download-headers";
import { LIST_LIMIT, listQuery } from "../http/list-query";
import { OrdersListContent } from "../views/staff/orders-list-content";

const STATUSES = ["awaiting_payment", "paid", "cancelled"] as const;

export const staffOrdersRoutes = new Hono<StaffEnv>()
  .get("/staff/orders", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const [layout, found] = await Promise.all([c.var.services.content.layout(), c.var.services.staffOrders.list(status, q, LIST_LIMIT)]);
    return c.render(<OrdersListContent orders={found} status={status} search={q} limit={LIST_LIMIT} />, {
      layout,
      head: { pageTitle: "Webinar orders", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/staff/orders.csv", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const csv = await c.var.services.staffOrders.export(c.var.staffMember.email, status, q);
    return c.body(csv, 200, csvHeaders("orders", new Date()));
  });
