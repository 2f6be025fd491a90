/**
 * Staff: the list of membership applications by status with search, and its CSV export. The
 * staff gate (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { createApplicationStore } from "../adapters/d1/applications";
import { createAuditLog } from "../adapters/d1/audit-log";
import { AppError } from "../errors";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { londonDate } from "../shared/london-date";
import { applicationsCsv } from "../services/membership/staff-export";
import type { HonoEnv } from "../types";
import { ApplicationsListContent } from "../views/staff/applications-list-content";
import { renderScreen, siteContext } from "./screen";

const LIST_LIMIT = 200;
const EXPORT_LIMIT = 10_000;

const ListQuery = z.object({
  status: z.enum(["awaiting_payment", "paid", "rejected", "all"], { error: "Unknown status" }).default("awaiting_payment"),
  q: z.string().trim().max(200, { error: "Search for at most 200 characters" }).default(""),
});

function listQuery(c: Context<HonoEnv>) {
  const parsed = ListQuery.safeParse({ status: c.req.query("status") || undefined, q: c.req.query("q") });
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]!.message);
  return parsed.data;
}

const storeStatus = (status: z.infer<typeof ListQuery>["status"]) => (status === "all" ? undefined : status);

export const staffApplicationsRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/applications", async (c) => {
    const { status, q } = listQuery(c);
    const applications = createApplicationStore(c.var.config.bindings.db);
    const [layout, found] = await Promise.all([
      c.var.content.layout(),
      applications.list({ status: storeStatus(status), search: q, limit: LIST_LIMIT }),
    ]);
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
    const { status, q } = listQuery(c);
    const { db } = c.var.config.bindings;
    const found = await createApplicationStore(db).list({ status: storeStatus(status), search: q, limit: EXPORT_LIMIT });
    await createAuditLog(db)
      .record({ staffEmail: staffEmailOf(c)!, action: "applications.exported", applicationId: null, details: { status, search: q, count: found.length } })
      .run();
    return c.body(applicationsCsv(found), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="applications-${londonDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
