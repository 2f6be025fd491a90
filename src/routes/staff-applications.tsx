/**
 * Staff: the list of membership applications by status with search, and its CSV export. The
 * staff gate (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import { createApplicationStore } from "../adapters/d1/applications";
import { createAuditLog } from "../adapters/d1/audit-log";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { applicationsCsv } from "../services/membership/staff-export";
import type { HonoEnv } from "../types";
import { ApplicationsListContent } from "../views/staff/applications-list-content";
import { renderScreen, siteContext } from "./screen";
import { csvDownload, EXPORT_LIMIT, LIST_LIMIT, listQuery } from "./staff-lists";

const STATUSES = ["awaiting_payment", "paid", "rejected"] as const;

export const staffApplicationsRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/applications", async (c) => {
    const { status, q, storeStatus } = listQuery(c, STATUSES);
    const applications = createApplicationStore(c.var.config.bindings.db);
    const [layout, found] = await Promise.all([c.var.content.layout(), applications.list({ status: storeStatus, search: q, limit: LIST_LIMIT })]);
    return renderScreen(c, {
      layout,
      site: siteContext(c),
      head: { pageTitle: "Membership applications", noindex: true },
      section: null,
      isPrivate: true,
      children: <ApplicationsListContent applications={found} status={status} search={q} limit={LIST_LIMIT} />,
    });
  })
  .get("/staff/applications.csv", async (c) => {
    const { status, q, storeStatus } = listQuery(c, STATUSES);
    const { db } = c.var.config.bindings;
    const found = await createApplicationStore(db).list({ status: storeStatus, search: q, limit: EXPORT_LIMIT });
    await createAuditLog(db)
      .record({ staffEmail: staffEmailOf(c)!, action: "applications.exported", details: { status, search: q, count: found.length } })
      .run();
    return csvDownload(c, "applications", applicationsCsv(found));
  });
