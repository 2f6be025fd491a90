/** Staff: members and money at a glance (/staff/dashboard), server-drawn charts with their tables. */
import { Hono } from "hono";
import { requireStaff } from "../middleware/require-staff";
import type { HonoEnv } from "../types";
import { DashboardContent } from "../views/staff/dashboard-content";

export const staffDashboardRoutes = new Hono<HonoEnv>()
  // Also gated here, so the route is never reachable without the check however it is mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/dashboard", async (c) => {
    const [layout, figures] = await Promise.all([c.var.services.content.layout(), c.var.services.dashboard.figures()]);
    return c.render(<DashboardContent figures={figures} />, { layout, head: { pageTitle: "Dashboard", noindex: true }, section: null, isPrivate: true });
  });
