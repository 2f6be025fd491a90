/**
 * Webinars and bundles. `/webinars/{slug}` is shared with general pages of type Webinars (the
 * link rule): such a page wins, then a webinar of that slug (docs/decisions/0004).
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import type { HonoEnv } from "../types";
import { BundleContent } from "../views/pages/bundle-content";
import { BundleListContent } from "../views/pages/bundle-list-content";
import { WebinarContent } from "../views/pages/webinar-content";
import { WebinarListContent } from "../views/pages/webinar-list-content";
import { renderGeneralPage } from "./pages";
import { renderScreen, siteContext } from "./screen";

export const webinarRoutes = new Hono<HonoEnv>()
  .get("/webinars", async (c) => {
    const { content } = c.var;
    const [layout, webinars, bundles] = await Promise.all([content.layout(), content.webinars(), content.webinarBundles()]);
    const site = siteContext(c);
    return renderScreen(c, {
      layout,
      site,
      head: { pageTitle: "Webinars", pageDescription: "Live webinars and recordings for physiotherapists and members." },
      section: "webinars",
      children: <WebinarListContent webinars={webinars} bundles={bundles} now={site.now} />,
    });
  })
  .get("/webinars/bundles", async (c) => {
    const [layout, bundles] = await Promise.all([c.var.content.layout(), c.var.content.webinarBundles()]);
    return renderScreen(c, {
      layout,
      site: siteContext(c),
      head: { pageTitle: "Webinar bundles" },
      section: "webinars",
      children: <BundleListContent bundles={bundles} />,
    });
  })
  .get("/webinars/bundles/:slug", async (c) => {
    const [layout, bundle] = await Promise.all([c.var.content.layout(), c.var.content.webinarBundle(c.req.param("slug"))]);
    if (!bundle) throw new AppError("NOT_FOUND", "No such webinar bundle");
    const site = siteContext(c);
    return renderScreen(c, {
      layout,
      site,
      head: { pageTitle: bundle.bundleName, pageDescription: bundle.description },
      section: "webinars",
      children: <BundleContent bundle={bundle} now={site.now} />,
    });
  })
  .get("/webinars/:slug", async (c) => {
    const slug = c.req.param("slug");
    const { content } = c.var;
    const [pages, webinar] = await Promise.all([content.allGeneralPageSlugs(), content.webinar(slug)]);
    if (pages.some((page) => page.type === "Webinars" && page.slug === slug)) return renderGeneralPage(c, "Webinars", slug);
    if (!webinar) throw new AppError("NOT_FOUND", "No such webinar");
    const layout = await content.layout();
    const site = siteContext(c);
    return renderScreen(c, {
      layout,
      site,
      head: {
        pageTitle: webinar.name,
        pageSeo: { metaTitle: null, metaDescription: null, shareImage: webinar.image },
        ogType: "article",
      },
      section: "webinars",
      children: <WebinarContent webinar={webinar} now={site.now} />,
    });
  });
