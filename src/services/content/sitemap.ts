/**
 * What the sitemap lists: public pages only (general pages that are neither authenticatedOnly
 * nor membersOnly, nor answer with a redirect, nor belong to a built-in screen), articles,
 * webinars and bundles, plus the site's own lists. Every list is read whole (in CMS pages), so
 * every address is listed however many there are.
 *
 * A sitemap file may list at most 50,000 addresses (sitemaps.org). Past that the sitemap is an
 * index of parts, `/sitemap-1.xml` onwards, each of at most that many.
 */
import { isBuiltInScreenAddress } from "../../shared/built-in-screens";
import { hrefs, pageHref } from "../../shared/links";
import type { SitemapEntry } from "../../domain/content";
import type { ContentService } from "./content-service";

export const URLS_PER_SITEMAP = 50_000;

/** The sitemap at /sitemap.xml: every address, or (past the limit) how many parts there are. */
export type Sitemap = { kind: "urls"; entries: SitemapEntry[] } | { kind: "index"; parts: number };

export type SitemapSources = Pick<
  ContentService,
  "allGeneralPageSlugs" | "articleSlugs" | "webinars" | "webinarBundles" | "memberships" | "membershipInfoIndex"
>;

/** Every public address, each once, in a stable order (the site's lists first). */
export async function sitemapEntries(content: SitemapSources): Promise<SitemapEntry[]> {
  const [pages, articles, webinars, bundles, memberships, membershipInfo] = await Promise.all([
    content.allGeneralPageSlugs(),
    content.articleSlugs(),
    content.webinars(),
    content.webinarBundles(),
    content.memberships(),
    content.membershipInfoIndex(),
  ]);
  const entries: SitemapEntry[] = [
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
  return [...new Map(entries.map((entry) => [entry.path, entry])).values()];
}

/** What /sitemap.xml shows for these entries. */
export function sitemapOf(entries: SitemapEntry[], perSitemap = URLS_PER_SITEMAP): Sitemap {
  return entries.length <= perSitemap ? { kind: "urls", entries } : { kind: "index", parts: Math.ceil(entries.length / perSitemap) };
}

/** The entries of part `part` (from 1) of a split sitemap, or null when there is no such part. */
export function sitemapPart(entries: SitemapEntry[], part: number, perSitemap = URLS_PER_SITEMAP): SitemapEntry[] | null {
  const sitemap = sitemapOf(entries, perSitemap);
  if (sitemap.kind !== "index" || !Number.isInteger(part) || part < 1 || part > sitemap.parts) return null;
  return entries.slice((part - 1) * perSitemap, part * perSitemap);
}
