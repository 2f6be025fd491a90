/** The membership types, their fees and where to read more about each (its information page). */
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { MembershipListContent } from "../views/pages/membership-list-content";

export const membershipRoutes = new Hono<HonoEnv>().get("/memberships", async (c) => {
  const { content } = c.var.services;
  const [layout, memberships] = await Promise.all([content.layout(), content.memberships()]);
  return c.render(<MembershipListContent memberships={memberships} />, {
    layout,
    head: { pageTitle: "Membership", pageDescription: "Membership types, fees and how to join the Guild." },
    section: "professionals",
    shareable: "content",
  });
});
