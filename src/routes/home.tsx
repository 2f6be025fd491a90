import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { HomeContent } from "../views/pages/home-content";
import { embedBases } from "./embeds";
import { blockContext, infoPagesFor, renderScreen, siteContext } from "./screen";

export const homeRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [layout, homepage] = await Promise.all([c.var.content.layout(), c.var.content.homepage()]);
  const site = siteContext(c);
  const infoPages = await infoPagesFor(c, homepage?.blocks ?? []);
  return renderScreen(c, {
    layout,
    site,
    head: { pageSeo: homepage?.seo ?? null },
    section: null,
    children: <HomeContent homepage={homepage} ctx={blockContext(c, site, { infoPages, embedBase: embedBases.home })} />,
  });
});
