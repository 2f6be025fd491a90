/**
 * Staff: the list of webinar orders by status with search (e-mail or reference), and its CSV
 * export. The staff gate (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { ExportTooBigContent } from "../views/staff/export-too-big-content";
import { csvHeaders } from "../http/download-headers";
import { listQuery, pageCursor } from "../http/list-query";
import { OrdersListContent } from "../views/staff/orders-list-content";

const STATUSES = ["awaiting_payment", "paid", "cancelled"] as const;

export const staffOrdersRoutes = new Hono<StaffEnv>()
  .get("/staff/orders", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const cursor = pageCursor(c.req.query());
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffOrders.list(status, q, cursor)]);
    return c.render(<OrdersListContent page={page} status={status} search={q} />, {
      layout,
      head: { pageTitle: "Webinar orders", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/staff/orders.csv", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const offered = await c.var.services.staffOrders.export(c.var.staffMember.email, status, q);
    if ("tooMany" in offered) {
      // Past what one download holds: the page offering the same list as a background export.
      const [layout, csrfToken] = await Promise.all([c.var.services.content.layout(), c.var.csrfToken()]);
      return c.render(<ExportTooBigContent kind="orders" filter={{ status, search: q }} maxRows={offered.tooMany.maxRows} csrfToken={csrfToken} />, {
        layout,
        head: { pageTitle: "Too many rows for one download", noindex: true },
        section: null,
        isPrivate: true,
        status: 409,
      });
    }
    return c.body(offered.stream, 200, csvHeaders("orders", new Date()));
  });
