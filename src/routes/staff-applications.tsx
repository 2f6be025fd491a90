/**
 * Staff: the list of membership applications by status with search, and its CSV export. Besides
 * the statuses, "refund_due" lists applications holding money they do not pay for
 * (services/membership/refunds.ts). The staff gate
 * (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { ApplicationsListContent } from "../views/staff/applications-list-content";
import { csvHeaders } from "../http/download-headers";
import { LIST_LIMIT, listQuery } from "../http/list-query";

const STATUSES = ["awaiting_payment", "paid", "rejected", "refund_due"] as const;

export const staffApplicationsRoutes = new Hono<StaffEnv>()
  .get("/staff/applications", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const [layout, rows] = await Promise.all([c.var.services.content.layout(), c.var.services.staffApplications.list(status, q, LIST_LIMIT)]);
    return c.render(<ApplicationsListContent applications={rows} status={status} search={q} limit={LIST_LIMIT} />, {
      layout,
      head: { pageTitle: "Membership applications", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/staff/applications.csv", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const csv = await c.var.services.staffApplications.export(c.var.staffMember.email, status, q);
    return c.body(csv, 200, csvHeaders("applications", new Date()));
  });
