/** The sitemap's XML (sitemaps.org): a list of addresses, or an index of the files that list them. */
import type { SitemapEntry } from "../domain/content";

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function urlsetXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map(({ path, lastmod }) => `  <url><loc>${xmlEscape(`${siteUrl}${path}`)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""}</url>`)
    .join("\n");
  return `${XML_DECLARATION}\n<urlset xmlns="${NAMESPACE}">\n${urls}\n</urlset>\n`;
}

/** An index of `parts` sitemap files, at /sitemap-1.xml onwards. */
export function sitemapIndexXml(siteUrl: string, parts: number): string {
  const files = Array.from({ length: parts }, (_, index) => `  <sitemap><loc>${xmlEscape(`${siteUrl}${sitemapPartPath(index + 1)}`)}</loc></sitemap>`).join("\n");
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NAMESPACE}">\n${files}\n</sitemapindex>\n`;
}

export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;
