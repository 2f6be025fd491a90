/**
 * What every screen route shares: the request's SiteContext, the blocks' context, and
 * rendering a screen inside the site layout with the right caching and indexing headers.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { assetUrls } from "../assets";
import type { Block, LayoutData, SidebarGroup } from "../domain/content";
import { pageHref } from "../shared/links";
import { shopperFor } from "../services/orders/shopper";
import { buildHead, type HeadInput } from "../views/head-data";
import { edgeCacheTtl, SHARED_PAGE_CACHE_CONTROL, type Shareable } from "../services/cache/edge-cache-policy";
import type { HonoEnv } from "../types";
import type { BlockContext } from "../views/blocks/block-context";
import type { IslandName, SiteContext } from "../views/site-context";
import { VISITOR, type Buyer } from "../views/webinars/buyer";
import { SitePage } from "../views/site-page";

/** Islands on every page: the header's cart badge. */
const LAYOUT_ISLANDS: readonly IslandName[] = ["cart-badge"];

export function siteContext(c: Context<HonoEnv>): SiteContext {
  const { site } = c.var.config;
  const session = c.var.session;
  return {
    name: site.name,
    url: site.url,
    currentPath: c.req.path,
    assets: assetUrls,
    now: new Date(),
    viewer: { signedIn: session !== null, email: session?.email ?? null },
  };
}

/**
 * The blocks' context (made by `loadBlockContext`). `infoPages` maps a membership slug to its
 * information page's href; the webinars list loads only if a block needs it.
 */
function blockContext(
  c: Context<HonoEnv>,
  site: SiteContext,
  options: { infoPages?: Map<string, string>; embedBase?: string; buyer: Buyer },
): BlockContext {
  const content = c.var.content;
  let webinars: ReturnType<BlockContext["webinars"]> | undefined;
  const { infoPages, embedBase, buyer } = options;
  return {
    site,
    webinars: () => (webinars ??= content.webinars()),
    buyer,
    membershipInfoHref: (slug) => infoPages?.get(slug) ?? null,
    ...(embedBase ? { embedUrl: (blockId: string) => `${embedBase}/${encodeURIComponent(blockId)}` } : {}),
  };
}

export interface LoadedBlocks {
  ctx: BlockContext;
  /** The blocks show this user's own prices: the page must be private (never in a shared cache). */
  personal: boolean;
  /** The islands the blocks need ("cart" for webinars-list blocks' "Add to cart"). */
  islands: IslandName[];
  /** How a visitor's page with these blocks may be shared: webinar prices and states follow the clock. */
  shareable: Shareable;
}

/**
 * The blocks' context with what the blocks need loaded first: membership information pages for
 * membership blocks, and, for webinars-list blocks, who is looking (their prices and what they
 * own). A page without webinars-list blocks prices nothing, so it keeps the visitor's terms and
 * stays public.
 */
export async function loadBlockContext(
  c: Context<HonoEnv>,
  site: SiteContext,
  blocks: readonly Block[],
  options: { embedBase?: string } = {},
): Promise<LoadedBlocks> {
  const pricesWebinars = blocks.some((block) => block.kind === "webinars-list");
  const [infoPages, buyer] = await Promise.all([infoPagesFor(c, blocks), pricesWebinars ? shopperFor(c) : VISITOR]);
  return {
    ctx: blockContext(c, site, { ...options, infoPages, buyer }),
    personal: pricesWebinars && c.var.session !== null,
    islands: pricesWebinars ? ["cart"] : [],
    shareable: pricesWebinars ? "clock" : "content",
  };
}

/** Membership slug -> href of its information page, loaded only when `blocks` link memberships. */
async function infoPagesFor(c: Context<HonoEnv>, blocks: readonly Block[]): Promise<Map<string, string> | undefined> {
  return blocks.some((block) => block.kind === "membership-settings") ? membershipInfoHrefs(c) : undefined;
}

/** Membership slug -> href of its information page. */
export async function membershipInfoHrefs(c: Context<HonoEnv>): Promise<Map<string, string>> {
  const pages = await c.var.content.membershipInfoPages();
  return new Map([...pages].map(([slug, page]) => [slug, pageHref(page)]));
}

export interface ScreenOptions {
  layout: LayoutData;
  site: SiteContext;
  head?: Omit<HeadInput, "site" | "path" | "globalSeo" | "global" | "defaultShareImage">;
  section: SidebarGroup | null;
  /** Personal or gated content: never stored by a shared cache, never indexed. */
  isPrivate?: boolean;
  /**
   * The page is the same for every visitor without a session (no CSRF token, no viewer's own
   * prices), so the edge cache may keep it: "clock" when what it shows also follows the time.
   */
  shareable?: Shareable;
  status?: ContentfulStatusCode;
  islands?: readonly IslandName[];
  children: ReactNode;
}

export function renderScreen(c: Context<HonoEnv>, options: ScreenOptions): Response | Promise<Response> {
  const { layout, site } = options;
  const noindex = options.isPrivate === true || options.head?.noindex === true || (options.status ?? 200) !== 200;
  const head = buildHead({
    ...options.head,
    site,
    path: site.currentPath,
    globalSeo: layout.globalSeo,
    global: layout.global,
    defaultShareImage: site.assets.defaultShareImage,
    noindex,
  });
  c.status(options.status ?? 200);
  c.header("Cache-Control", options.isPrivate ? "private, no-store" : SHARED_PAGE_CACHE_CONTROL);
  if (options.shareable && !options.isPrivate && !c.var.session) {
    c.set("edgeCacheTtl", edgeCacheTtl(options.shareable, c.var.config.edgeCache.ttlSeconds));
  }
  if (noindex) c.header("X-Robots-Tag", "noindex");
  return c.render(
    <SitePage site={site} layout={layout} head={head} section={options.section} islands={[...LAYOUT_ISLANDS, ...(options.islands ?? [])]}>
      {options.children}
    </SitePage>,
  );
}
