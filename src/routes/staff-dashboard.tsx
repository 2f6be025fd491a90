/** Staff: members and money at a glance (/staff/dashboard), server-drawn charts with their tables. */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { DashboardContent } from "../views/staff/dashboard-content";

export const staffDashboardRoutes = new Hono<StaffEnv>()
  .get("/staff/dashboard", async (c) => {
    const [layout, figures] = await Promise.all([c.var.services.content.layout(), c.var.services.dashboard.figures()]);
    return c.render(<DashboardContent figures={figures} />, { layout, head: { pageTitle: "Dashboard", noindex: true }, section: null, isPrivate: true });
  });
