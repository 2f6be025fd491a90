import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { HomeContent } from "../views/pages/home-content";
import { embedBases } from "./embeds";
import { loadBlockContext, renderScreen, siteContext } from "./screen";

export const homeRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [layout, homepage] = await Promise.all([c.var.content.layout(), c.var.content.homepage()]);
  const site = siteContext(c);
  const blocks = await loadBlockContext(c, site, homepage?.blocks ?? [], { embedBase: embedBases.home });
  return renderScreen(c, {
    layout,
    site,
    head: { pageSeo: homepage?.seo ?? null },
    section: null,
    isPrivate: blocks.personal,
    shareable: blocks.shareable,
    islands: blocks.islands,
    children: <HomeContent homepage={homepage} ctx={blocks.ctx} />,
  });
});
