/** The home page: its CMS blocks in the site layout. */
import { Hono } from "hono";
import { embedBases } from "../shared/links";
import type { HonoEnv } from "../types";
import { HomeContent } from "../views/pages/home-content";

export const homeRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [layout, homepage] = await Promise.all([c.var.services.content.layout(), c.var.services.content.homepage()]);
  const blocks = await c.var.blocks(homepage?.blocks ?? [], { embedBase: embedBases.home });
  return c.render(<HomeContent homepage={homepage} ctx={blocks.ctx} />, {
    layout,
    head: { pageSeo: homepage?.seo ?? null },
    section: null,
    isPrivate: blocks.personal,
    shareable: blocks.shareable,
    islands: blocks.islands,
  });
});
