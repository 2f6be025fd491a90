import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { HomePage } from "../views/pages/home-page";

export const homeRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [layout, homepage] = await Promise.all([c.var.content.layout(), c.var.content.homepage()]);
  return c.render(<HomePage siteName={c.var.config.site.name} layout={layout} homepage={homepage} />);
});
