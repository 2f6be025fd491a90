/**
 * Staff: the list of membership applications by status with search, and its CSV export. Besides
 * the statuses, "refund_due" lists rejected applications that money arrived for. The staff gate
 * (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono, type Context } from "hono";
import { createApplicationStore } from "../adapters/d1/applications";
import { createAuditLog } from "../adapters/d1/audit-log";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { isRefundDue, REFUND_DUE_FILTER } from "../services/membership/refunds";
import { applicationsCsv } from "../services/membership/staff-export";
import type { HonoEnv } from "../types";
import { ApplicationsListContent } from "../views/staff/applications-list-content";
import { renderScreen, siteContext } from "./screen";
import { csvDownload, EXPORT_LIMIT, LIST_LIMIT, listQuery } from "./staff-lists";

const STATUSES = ["awaiting_payment", "paid", "rejected", "refund_due"] as const;

/** The list's filter from the query string, and the applications it finds (at most `limit`). */
async function findApplications(c: Context<HonoEnv>, limit: number) {
  const { status, q, storeStatus } = listQuery(c, STATUSES);
  const filter = storeStatus === "refund_due" ? REFUND_DUE_FILTER : { status: storeStatus };
  const found = await createApplicationStore(c.var.config.bindings.db).list({ ...filter, search: q, limit });
  return { status, q, found };
}

export const staffApplicationsRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/applications", async (c) => {
    const [layout, { status, q, found }] = await Promise.all([c.var.content.layout(), findApplications(c, LIST_LIMIT)]);
    const rows = found.map((a) => ({ ...a, refundDue: isRefundDue(a, a.receivedPence) }));
    return renderScreen(c, {
      layout,
      site: siteContext(c),
      head: { pageTitle: "Membership applications", noindex: true },
      section: null,
      isPrivate: true,
      children: <ApplicationsListContent applications={rows} status={status} search={q} limit={LIST_LIMIT} />,
    });
  })
  .get("/staff/applications.csv", async (c) => {
    const { status, q, found } = await findApplications(c, EXPORT_LIMIT);
    await createAuditLog(c.var.config.bindings.db)
      .record({ staffEmail: staffEmailOf(c)!, action: "applications.exported", details: { status, search: q, count: found.length } })
      .run();
    return csvDownload(c, "applications", applicationsCsv(found));
  });
