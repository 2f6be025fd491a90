/**
 * Webinars and bundles, priced for whoever is looking (services/orders/shopper.ts). A signed-in
 * user's page shows their own prices and what they own, so it is private; a visitor's is public.
 * `/webinars/{slug}` is shared with general pages of type Webinars (the link rule): such a page
 * wins, then a webinar of that slug (docs/decisions/0004).
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { logPricingWarnings, shopperFor } from "../services/orders/shopper";
import { entitlementFor, webinarAccess } from "../services/orders/webinar-access";
import type { WebinarBundle, WebinarSummary } from "../domain/content";
import { quoteCart } from "../shared/pricing/cart-quote";
import type { HonoEnv } from "../types";
import { BundleContent } from "../views/pages/bundle-content";
import { BundleListContent } from "../views/pages/bundle-list-content";
import { WebinarContent } from "../views/pages/webinar-content";
import { WebinarListContent } from "../views/pages/webinar-list-content";
import { bundlesContaining } from "../views/webinars/webinar-card-list";
import { renderGeneralPage } from "./pages";
import { renderScreen, siteContext } from "./screen";

/** What every webinar screen shares: the viewer's prices make a signed-in page private, and "Add to cart" needs the cart island. */
/** Prices are the viewer's: private for a signed-in user; a visitor's follow the clock. */
const priced = (c: Context<HonoEnv>) => ({
  section: "webinars" as const,
  isPrivate: c.var.session !== null,
  shareable: "clock" as const,
  islands: ["cart" as const],
});

/** Logs the CMS pricing problems of what a screen prices, each once, for an editor to fix. */
function logPricing(webinars: readonly WebinarSummary[], bundles: readonly WebinarBundle[], now: Date): void {
  const items = [...webinars.map((w) => ({ kind: "webinar" as const, id: w.id })), ...bundles.map((b) => ({ kind: "bundle" as const, id: b.id }))];
  logPricingWarnings(quoteCart(items, { webinars, bundles }, "visitor", now, new Set()).warnings);
}

export const webinarRoutes = new Hono<HonoEnv>()
  .get("/webinars", async (c) => {
    const { content } = c.var;
    const [layout, webinars, bundles, buyer] = await Promise.all([content.layout(), content.webinars(), content.webinarBundles(), shopperFor(c)]);
    const site = siteContext(c);
    logPricing(webinars, bundles, site.now);
    return renderScreen(c, {
      layout,
      site,
      head: { pageTitle: "Webinars", pageDescription: "Live webinars and recordings for physiotherapists and members." },
      ...priced(c),
      children: <WebinarListContent webinars={webinars} bundles={bundles} buyer={buyer} now={site.now} />,
    });
  })
  .get("/webinars/bundles", async (c) => {
    const [layout, bundles, buyer] = await Promise.all([c.var.content.layout(), c.var.content.webinarBundles(), shopperFor(c)]);
    const site = siteContext(c);
    logPricing([], bundles, site.now);
    return renderScreen(c, {
      layout,
      site,
      head: { pageTitle: "Webinar bundles" },
      ...priced(c),
      children: <BundleListContent bundles={bundles} buyer={buyer} now={site.now} />,
    });
  })
  .get("/webinars/bundles/:slug", async (c) => {
    const [layout, bundle, buyer] = await Promise.all([c.var.content.layout(), c.var.content.webinarBundle(c.req.param("slug")), shopperFor(c)]);
    if (!bundle) throw new AppError("NOT_FOUND", "No such webinar bundle");
    const site = siteContext(c);
    logPricing([], [bundle], site.now);
    return renderScreen(c, {
      layout,
      site,
      head: { pageTitle: bundle.bundleName, pageDescription: bundle.description },
      ...priced(c),
      children: <BundleContent bundle={bundle} buyer={buyer} now={site.now} />,
    });
  })
  .get("/webinars/:slug", async (c) => {
    const slug = c.req.param("slug");
    const { content } = c.var;
    const [pages, webinar] = await Promise.all([content.allGeneralPageSlugs(), content.webinar(slug)]);
    if (pages.some((page) => page.type === "Webinars" && page.slug === slug)) return renderGeneralPage(c, "Webinars", slug);
    if (!webinar) throw new AppError("NOT_FOUND", "No such webinar");
    const [layout, bundles, buyer] = await Promise.all([content.layout(), content.webinarBundles(), shopperFor(c)]);
    const site = siteContext(c);
    logPricing([webinar], [], site.now);
    return renderScreen(c, {
      layout,
      site,
      head: {
        pageTitle: webinar.name,
        pageSeo: { metaTitle: null, metaDescription: null, shareImage: webinar.image },
        ogType: "article",
      },
      ...priced(c),
      children: (
        <WebinarContent
          webinar={webinar}
          buyer={buyer}
          now={site.now}
          coveringBundleIds={bundlesContaining(bundles, webinar.id)}
          // The only place a webinar's Zoom and Vimeo links are read: granted to the entitled only.
          access={webinarAccess(webinar, webinar.access, entitlementFor(webinar, buyer.viewer, buyer.owned, site.now), site.now)}
          signedIn={c.var.session !== null}
        />
      ),
    });
  });
