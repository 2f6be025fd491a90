import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { MembershipListContent } from "../views/pages/membership-list-content";
import { membershipInfoHrefs, renderScreen, siteContext } from "./screen";

export const membershipRoutes = new Hono<HonoEnv>()
  .get("/memberships", async (c) => {
    const { content } = c.var;
    const [layout, memberships, infoPages] = await Promise.all([content.layout(), content.memberships(), membershipInfoHrefs(c)]);
    return renderScreen(c, {
      layout,
      site: siteContext(c),
      head: { pageTitle: "Membership", pageDescription: "Membership types, fees and how to join the Guild." },
      section: "professionals",
      shareable: "content",
      children: <MembershipListContent memberships={memberships} infoPageHref={(slug) => infoPages.get(slug) ?? null} />,
    });
  });
