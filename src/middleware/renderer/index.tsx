/**
 * Screens. A route renders with `c.render(content, screen)`: the content inside the site
 * layout, with the caching and indexing headers the screen asks for, streamed. This middleware
 * also publishes the request's site context (`c.var.site`) and `c.var.blocks(blocks)`, which
 * loads what a page's blocks need. Registered after the session, since both depend on who is
 * looking.
 */
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { assetUrls } from "../../assets";
import type { LayoutData, SidebarGroup } from "../../domain/content";
import { edgeCacheTtl, SHARED_PAGE_CACHE_CONTROL, type Shareable } from "../../services/cache/edge-cache-policy";
import type { HonoEnv } from "../../types";
import { buildHead, type HeadInput } from "../../views/head-data";
import type { IslandName, SiteContext } from "../../views/site-context";
import { SitePage } from "../../views/site-page";
import { StaffNavAllowed } from "../../views/staff/staff-nav";
import { loadBlocks } from "./block-context";
import { withScreenPage } from "./screen-page";
import { staffNavAllowed } from "./staff-nav-allowed";
import { streamDocument } from "./stream";

/** Islands on every page: the header's cart badge. */
const LAYOUT_ISLANDS: readonly IslandName[] = ["cart-badge"];

export interface Screen {
  layout: LayoutData;
  head?: Omit<HeadInput, "site" | "path" | "globalSeo" | "global" | "defaultShareImage">;
  /** The sidebar group shown beside the content, or none. */
  section: SidebarGroup | null;
  /** Personal or gated content: never stored by a shared cache, never indexed. */
  isPrivate?: boolean;
  /**
   * The page is the same for every visitor without a session (no CSRF token, no viewer's own
   * prices), so the edge cache may keep it: "clock" when what it shows also follows the time.
   */
  shareable?: Shareable;
  /** The page shows something that stops being true at this moment: the edge keeps it no later. */
  shareUntil?: Date | null;
  status?: ContentfulStatusCode;
  islands?: readonly IslandName[];
  /** The content is itself a CMS general page (routes/pages.tsx), so no editor's page is put around it. */
  isCmsPage?: boolean;
}

declare module "hono" {
  interface ContextRenderer {
    (content: ReactNode, screen: Screen): Response | Promise<Response>;
  }
}

export function renderer(): MiddlewareHandler<HonoEnv> {
  return async function renderer(c, next) {
    const { site: config } = c.var.config;
    const session = c.var.session;
    const site: SiteContext = {
      name: config.name,
      url: config.url,
      currentPath: c.req.path,
      assets: assetUrls,
      now: new Date(),
      viewer: { signedIn: session !== null, email: session?.email ?? null },
      preview: c.var.preview,
    };
    c.set("site", site);
    c.set("blocks", (blocks, options) => loadBlocks(c, blocks, options));
    c.setRenderer(async (content, screen) => {
      const withPage = await withScreenPage(c, content, screen);
      // A draft preview is for the editor who opened it: never shared, never indexed.
      const shown = c.var.preview ? { ...withPage, screen: { ...withPage.screen, isPrivate: true } } : withPage;
      const status = shown.screen.status ?? 200;
      const noindex = shown.screen.isPrivate === true || shown.screen.head?.noindex === true || status !== 200;
      const head = buildHead({
        ...shown.screen.head,
        site,
        path: site.currentPath,
        globalSeo: shown.screen.layout.globalSeo,
        global: shown.screen.layout.global,
        defaultShareImage: site.assets.defaultShareImage,
        noindex,
      });
      c.header("Cache-Control", shown.screen.isPrivate ? "private, no-store" : SHARED_PAGE_CACHE_CONTROL);
      if (noindex) c.header("X-Robots-Tag", "noindex");
      if (shown.screen.shareable && !shown.screen.isPrivate && !session) {
        const secondsLeft = shown.screen.shareUntil ? (shown.screen.shareUntil.getTime() - site.now.getTime()) / 1000 : undefined;
        const ttl = edgeCacheTtl(shown.screen.shareable, c.var.config.edgeCache.ttlSeconds, secondsLeft);
        if (ttl > 0) c.set("edgeCacheTtl", ttl);
      }
      const page = (
        <SitePage site={site} layout={shown.screen.layout} head={head} section={shown.screen.section} islands={[...LAYOUT_ISLANDS, ...(shown.screen.islands ?? [])]}>
          <StaffNavAllowed.Provider value={staffNavAllowed(c.get("staffMember")?.role ?? null)}>{shown.content}</StaffNavAllowed.Provider>
        </SitePage>
      );
      return streamDocument(c, page, status);
    });
    await next();
  };
}
