/**
 * /robots.txt and the sitemap (services/content/sitemap.ts says what it lists): /sitemap.xml,
 * and past 50,000 addresses its parts /sitemap-1.xml onwards.
 */
import { type Context, Hono } from "hono";
import { AppError } from "../errors";
import { sitemapEntries, sitemapOf, sitemapPart } from "../services/content/sitemap";
import type { HonoEnv } from "../types";
import { sitemapIndexXml, urlsetXml } from "../views/sitemap-xml";

export const seoFileRoutes = new Hono<HonoEnv>()
  .get("/robots.txt", (c) => {
    const { site } = c.var.config;
    const production = c.var.config.environment === "production";
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(
      [
        "User-agent: *",
        production ? "Disallow: /api/" : "Disallow: /",
        ...(production ? ["Disallow: /user/", "Disallow: /login", "Disallow: /cart"] : []),
        "",
        `Sitemap: ${site.url}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  })
  .get("/sitemap.xml", async (c) => {
    const sitemap = sitemapOf(await everyEntry(c));
    const { url } = c.var.config.site;
    return xml(c, sitemap.kind === "urls" ? urlsetXml(url, sitemap.entries) : sitemapIndexXml(url, sitemap.parts));
  })
  // The parts of a sitemap past 50,000 addresses, listed by /sitemap.xml's index.
  .get("/:file{sitemap-[0-9]{1,6}\\.xml}", async (c) => {
    const part = Number(c.req.param("file").slice("sitemap-".length, -".xml".length));
    const entries = sitemapPart(await everyEntry(c), part);
    if (!entries) throw new AppError("NOT_FOUND", "No such part of the sitemap");
    return xml(c, urlsetXml(c.var.config.site.url, entries));
  });

/** The content's addresses, then the search and every practitioner's profile that is shown now. */
async function everyEntry(c: Context<HonoEnv>) {
  const [content, profiles] = await Promise.all([sitemapEntries(c.var.services.content), c.var.services.practitioners.find.sitemapEntries()]);
  return [...content, { path: "/find-a-practitioner", lastmod: null }, ...profiles];
}

function xml(c: Context<HonoEnv>, body: string) {
  c.header("Content-Type", "application/xml; charset=UTF-8");
  c.header("Cache-Control", "public, max-age=300");
  return c.body(body);
}
