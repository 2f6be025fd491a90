/**
 * Webinars and bundles, priced for whoever is looking (`c.var.buyer()`). A signed-in user's
 * page shows their own prices and what they own, so it is private; a visitor's is public, and
 * follows the clock (prices and states change at the webinars' dates). `/webinars/{slug}` is
 * shared with general pages of type Webinars (the link rule): such a page wins, then a webinar
 * of that slug (docs/decisions/0004).
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { hrefs } from "../shared/links";
import { logCatalogueWarnings } from "../services/orders/pricing-warnings";
import { entitlementFor, webinarAccess } from "../services/orders/webinar-access";
import type { HonoEnv } from "../types";
import { BundleContent } from "../views/pages/bundle-content";
import { BundleListContent } from "../views/pages/bundle-list-content";
import { WebinarContent } from "../views/pages/webinar-content";
import { WebinarListContent } from "../views/pages/webinar-list-content";
import { bundlesContaining } from "../views/webinars/webinar-card-list";

/** What every webinar screen shares: "Add to cart" needs the cart island. */
const priced = (c: Context<HonoEnv>) => ({
  section: "webinars" as const,
  isPrivate: c.var.session !== null,
  shareable: "clock" as const,
  islands: ["cart" as const],
});

export const webinarRoutes = new Hono<HonoEnv>()
  .get("/webinars", async (c) => {
    const { site } = c.var;
    const { content } = c.var.services;
    const [layout, webinars, bundles, buyer] = await Promise.all([content.layout(), content.webinars(), content.webinarBundles(), c.var.buyer()]);
    logCatalogueWarnings(webinars, bundles, site.now);
    return c.render(<WebinarListContent webinars={webinars} bundles={bundles} buyer={buyer} now={site.now} />, {
      layout,
      head: { pageTitle: "Webinars", pageDescription: "Live webinars and recordings for physiotherapists and members." },
      ...priced(c),
    });
  })
  .get("/webinars/bundles", async (c) => {
    const { site } = c.var;
    const { content } = c.var.services;
    const [layout, bundles, buyer] = await Promise.all([content.layout(), content.webinarBundles(), c.var.buyer()]);
    logCatalogueWarnings([], bundles, site.now);
    return c.render(<BundleListContent bundles={bundles} buyer={buyer} now={site.now} />, { layout, head: { pageTitle: "Webinar bundles" }, ...priced(c) });
  })
  .get("/webinars/bundles/:slug", async (c) => {
    const { site } = c.var;
    const { content } = c.var.services;
    const [layout, bundle, buyer] = await Promise.all([content.layout(), content.webinarBundle(c.req.param("slug")), c.var.buyer()]);
    if (!bundle) throw new AppError("NOT_FOUND", "No such webinar bundle");
    logCatalogueWarnings([], [bundle], site.now);
    return c.render(<BundleContent bundle={bundle} buyer={buyer} now={site.now} />, {
      layout,
      head: { pageTitle: bundle.bundleName, pageDescription: bundle.description },
      ...priced(c),
    });
  })
  .get("/webinars/:slug", async (c, next) => {
    const slug = c.req.param("slug");
    const { site, session } = c.var;
    const { content } = c.var.services;
    const [pages, webinar] = await Promise.all([content.allGeneralPageSlugs(), content.webinar(slug)]);
    // A general page of type Webinars with this slug: the general pages' route (registered last) answers.
    if (pages.some((page) => page.type === "Webinars" && page.slug === slug)) return next();
    if (!webinar) throw new AppError("NOT_FOUND", "No such webinar");
    const [layout, bundles, buyer] = await Promise.all([content.layout(), content.webinarBundles(), c.var.buyer()]);
    logCatalogueWarnings([webinar], [], site.now);
    // The only place a webinar's Zoom and Vimeo links are read: granted to the entitled only.
    const access = webinarAccess(webinar, webinar.access, entitlementFor(webinar, buyer.viewer, buyer.owned, site.now), site.now);
    // Opening the recording page while entitled adds the webinar to the CPD log, marked as only that.
    if (access.kind === "recording" && session) await c.var.services.cpd.attendance.openedRecording(session.userId, webinar);
    return c.render(
      <WebinarContent
        webinar={webinar}
        buyer={buyer}
        now={site.now}
        coveringBundleIds={bundlesContaining(bundles, webinar.id)}
        access={access}
        signedIn={session !== null}
        csrfToken={access.kind === "live" ? await c.var.csrfToken() : null}
      />,
      {
        layout,
        head: { pageTitle: webinar.name, pageSeo: { metaTitle: null, metaDescription: null, shareImage: webinar.image }, ogType: "article" },
        ...priced(c),
      },
    );
  })
  /**
   * Joining live: remembers that the link was handed out (the 14-day cancellation closes), records
   * attendance in the CPD log once the session has started, then sends the entitled viewer on to
   * the webinar's Zoom link (from the CMS, never from the request). Anyone else, or outside the
   * live window, goes back to the webinar's page, which says why.
   */
  .post("/webinars/:slug/join", async (c) => {
    const { site, session } = c.var;
    const { content } = c.var.services;
    const webinar = await content.webinar(c.req.param("slug"));
    if (!webinar) throw new AppError("NOT_FOUND", "No such webinar");
    const buyer = await c.var.buyer();
    const access = webinarAccess(webinar, webinar.access, entitlementFor(webinar, buyer.viewer, buyer.owned, site.now), site.now);
    if (access.kind !== "live" || !session) return c.redirect(hrefs.webinar(webinar.slug), 303);
    await c.var.services.cpd.attendance.joined(session.userId, webinar, site.now);
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(access.zoomUrl, 303);
  });
