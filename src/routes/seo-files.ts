/**
 * /robots.txt and /sitemap.xml. The sitemap lists public pages only: general pages that are
 * neither authenticatedOnly nor membersOnly, articles and webinars, plus the site's own lists.
 */
import { Hono } from "hono";
import { isBuiltInScreenAddress } from "../shared/built-in-screens";
import { pageHref, hrefs } from "../shared/links";
import type { HonoEnv } from "../types";

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

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
    const { config } = c.var;
    const { content } = c.var.services;
    const [pages, articles, webinars, bundles, memberships, membershipInfo] = await Promise.all([
      content.allGeneralPageSlugs(),
      content.allArticles(),
      content.webinars(),
      content.webinarBundles(),
      content.memberships(),
      content.membershipInfoIndex(),
    ]);
    const entries: { path: string; lastmod: string | null }[] = [
      { path: "/", lastmod: null },
      { path: hrefs.articles, lastmod: null },
      { path: hrefs.webinars, lastmod: null },
      { path: hrefs.bundles, lastmod: null },
      { path: hrefs.memberships, lastmod: null },
      { path: hrefs.join, lastmod: null },
      ...memberships.map((membership) => ({ path: hrefs.membershipInfo(membership.slug), lastmod: null })),
      // Not pages that answer with a redirect, nor the built-in screens' pages (listed above when they are public).
      ...pages
        .filter((page) => !page.authenticatedOnly && !page.membersOnly && !isBuiltInScreenAddress(page) && !(pageHref(page) in membershipInfo.redirects))
        .map((page) => ({ path: pageHref(page), lastmod: page.updatedAt })),
      ...articles.map((article) => ({ path: hrefs.article(article.slug), lastmod: article.updatedAt })),
      ...webinars.map((webinar) => ({ path: hrefs.webinar(webinar.slug), lastmod: null })),
      ...bundles.map((bundle) => ({ path: hrefs.bundle(bundle.slug), lastmod: null })),
    ];
    const unique = [...new Map(entries.map((entry) => [entry.path, entry])).values()];
    const urls = unique
      .map(
        ({ path, lastmod }) =>
          `  <url><loc>${xmlEscape(`${config.site.url}${path}`)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""}</url>`,
      )
      .join("\n");
    c.header("Content-Type", "application/xml; charset=UTF-8");
    c.header("Cache-Control", "public, max-age=300");
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
