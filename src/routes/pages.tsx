/**
 * General pages by the spec's link rule: `/{slug}` for type Root, `/{type}/{slug}` otherwise.
 * Registered last, so the site's own screens (articles, webinars, join…) take precedence.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import type { HonoEnv } from "../types";
import { sectionForPageType } from "../views/layout/sections";
import { MembersOnlyContent } from "../views/auth/members-only-content";
import { GeneralPageContent } from "../views/pages/general-page-content";
import { currentPathAndQuery, signInRedirectUrl } from "./auth-helpers";
import { embedBases } from "./embeds";
import { loadBlockContext, renderScreen, siteContext } from "./screen";

const SLUG = "[A-Za-z0-9][A-Za-z0-9._~-]{0,199}";

async function renderGeneralPage(c: Context<HonoEnv>, type: string, slug: string) {
  const [layout, page] = await Promise.all([c.var.content.layout(), c.var.content.generalPage(type, slug)]);
  if (!page) throw new AppError("NOT_FOUND", `No ${type} page "${slug}"`);
  const gated = page.authenticatedOnly || page.membersOnly;
  // Access tiers (spec §6): visitors sign in first; signed-in non-members are invited to join.
  if (gated && !c.var.session) {
    c.header("Cache-Control", "private, no-store");
    return c.redirect(signInRedirectUrl(currentPathAndQuery(c)), 303);
  }
  const site = siteContext(c);
  const shared = { layout, site, head: { pageSeo: page.seo, pageTitle: page.title }, section: sectionForPageType(page.type), isPrivate: gated };
  if (page.membersOnly && !(await c.var.isMember())) {
    return renderScreen(c, { ...shared, status: 403, children: <MembersOnlyContent title={page.title} email={c.var.session?.email ?? null} /> });
  }
  const blocks = await loadBlockContext(c, site, page.blocks, { embedBase: embedBases.page(page.type, page.slug) });
  return renderScreen(c, {
    ...shared,
    isPrivate: gated || blocks.personal,
    shareable: blocks.shareable,
    islands: blocks.islands,
    children: <GeneralPageContent page={page} ctx={blocks.ctx} />,
  });
}

export const generalPageRoutes = new Hono<HonoEnv>()
  .get(`/:slug{${SLUG}}`, (c) => renderGeneralPage(c, "Root", c.req.param("slug")))
  .get(`/:type{[a-z][a-z0-9-]{0,49}}/:slug{${SLUG}}`, async (c) => {
    const type = c.req.param("type");
    if (type === "root") throw new AppError("NOT_FOUND", "Root pages live at /{slug}");
    return renderGeneralPage(c, type, c.req.param("slug"));
  });

export { renderGeneralPage };
