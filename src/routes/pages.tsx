/**
 * General pages by the site's link rule: `/{slug}` for type Root, `/{type}/{slug}` otherwise.
 * Registered last, so the site's own screens (articles, webinars, join…) take precedence.
 * Access tiers: visitors to a gated page sign in first; signed-in non-members of a members-only
 * page are invited to join (403). `/professionals/join-{membership}` always answers with the
 * membership's information page, and a page shown there answers at its own address with a 301.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { embedBases, signInRedirectUrl } from "../shared/links";
import type { HonoEnv } from "../types";
import { MembersOnlyContent } from "../views/auth/members-only-content";
import { sectionForPageType } from "../views/layout/sections";
import { GeneralPageContent } from "../views/pages/general-page-content";

const SLUG = "[A-Za-z0-9][A-Za-z0-9._~-]{0,199}";

async function renderGeneralPage(c: Context<HonoEnv>, type: string, slug: string) {
  const [layout, found] = await Promise.all([c.var.services.content.layout(), c.var.services.content.pageAt(type, slug)]);
  if (!found) throw new AppError("NOT_FOUND", `No ${type} page "${slug}"`);
  if ("redirect" in found) {
    // The page is shown at a membership's information address; a day's browser cache keeps the door open to moving it again.
    c.header("Cache-Control", "public, max-age=86400");
    return c.redirect(`${found.redirect}${new URL(c.req.url).search}`, 301);
  }
  const { page } = found;
  const gated = page.authenticatedOnly || page.membersOnly;
  if (gated && !c.var.session) {
    const url = new URL(c.req.url);
    c.header("Cache-Control", "private, no-store");
    return c.redirect(signInRedirectUrl(`${url.pathname}${url.search}`), 303);
  }
  const screen = { layout, head: { pageSeo: page.seo, pageTitle: page.title }, section: sectionForPageType(page.type), isPrivate: gated, isCmsPage: true };
  if (page.membersOnly && !(await c.var.isMember())) {
    return c.render(<MembersOnlyContent title={page.title} email={c.var.session?.email ?? null} />, { ...screen, status: 403 });
  }
  const blocks = await c.var.blocks(page.blocks, { embedBase: embedBases.page(page.type, page.slug) });
  return c.render(<GeneralPageContent page={page} ctx={blocks.ctx} />, {
    ...screen,
    isPrivate: gated || blocks.personal,
    shareable: blocks.shareable,
    islands: blocks.islands,
  });
}

export const generalPageRoutes = new Hono<HonoEnv>()
  .get(`/:slug{${SLUG}}`, (c) => renderGeneralPage(c, "Root", c.req.param("slug")))
  .get(`/:type{[a-z][a-z0-9-]{0,49}}/:slug{${SLUG}}`, async (c) => {
    const type = c.req.param("type");
    if (type === "root") throw new AppError("NOT_FOUND", "Root pages live at /{slug}");
    return renderGeneralPage(c, type, c.req.param("slug"));
  });
