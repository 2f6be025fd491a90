/**
 * Staff: the list of membership applications by status with search, and its CSV export. Besides
 * the statuses, "refund_due" lists applications holding money they do not pay for
 * (services/membership/refunds.ts). The staff gate
 * (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { ExportTooBigContent } from "../views/staff/export-too-big-content";
import { ApplicationsListContent } from "../views/staff/applications-list-content";
import { csvHeaders } from "../http/download-headers";
import { listQuery, pageCursor } from "../http/list-query";

const STATUSES = ["awaiting_payment", "awaiting_approval", "paid", "rejected", "refund_due"] as const;

export const staffApplicationsRoutes = new Hono<StaffEnv>()
  .get("/staff/applications", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const cursor = pageCursor(c.req.query());
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffApplications.list(status, q, cursor)]);
    return c.render(<ApplicationsListContent page={page} status={status} search={q} />, {
      layout,
      head: { pageTitle: "Membership applications", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/staff/applications.csv", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const offered = await c.var.services.staffApplications.export(c.var.staffMember.email, status, q);
    if ("tooMany" in offered) {
      // Past what one download holds: the page offering the same list as a background export.
      const [layout, csrfToken] = await Promise.all([c.var.services.content.layout(), c.var.csrfToken()]);
      return c.render(<ExportTooBigContent kind="applications" filter={{ status, search: q }} maxRows={offered.tooMany.maxRows} csrfToken={csrfToken} />, {
        layout,
        head: { pageTitle: "Too many rows for one download", noindex: true },
        section: null,
        isPrivate: true,
        status: 409,
      });
    }
    return c.body(offered.stream, 200, csvHeaders("applications", new Date()));
  });
