/**
 * Page metadata: the global SEO merged with the page's own, field by field, the page
 * winning. Pure, so routes can build it before rendering and tests can check every rule.
 */
import type { GlobalSeo, GlobalSettings, Media, Seo } from "../domain/content";

export interface HeadImage {
  /** Absolute, because social networks fetch it from elsewhere. */
  url: string;
  width: number | null;
  height: number | null;
  alt: string | null;
}

export interface HeadData {
  title: string;
  description: string | null;
  /** Absolute URL of the page, without query or fragment. */
  canonical: string;
  image: HeadImage;
  favicon: { url: string; type: string } | null;
  noindex: boolean;
  ogType: "website" | "article";
}

export interface HeadInput {
  site: { name: string; url: string };
  /** The request path; a query or fragment is dropped from the canonical URL. */
  path: string;
  globalSeo: GlobalSeo;
  global: GlobalSettings;
  pageSeo?: Seo | null;
  /** The page's own title (a general page's or article's title, a webinar's name). */
  pageTitle?: string | null;
  /** The page's own summary, used when its SEO has no description. */
  pageDescription?: string | null;
  /** Gated (authenticatedOnly/membersOnly) and error pages are kept out of search results. */
  noindex?: boolean;
  ogType?: "website" | "article";
  /** URL of the bundled default share image (site-relative or absolute). */
  defaultShareImage: string;
}

const FAVICON_TYPES: Record<Media["fileType"], string | null> = {
  png: "image/png",
  svg: "image/svg+xml",
  jpg: "image/jpeg",
  other: null,
};

export function buildHead(input: HeadInput): HeadData {
  const { site, globalSeo, pageSeo } = input;
  const shareImage = pageSeo?.shareImage ?? globalSeo.shareImage;
  return {
    title: firstText(pageSeo?.metaTitle, input.pageTitle, globalSeo.metaTitle) ?? site.name,
    description: firstText(pageSeo?.metaDescription, input.pageDescription, globalSeo.metaDescription),
    canonical: canonicalUrl(site.url, input.path),
    image: shareImage
      ? {
          url: absoluteUrl(site.url, shareImage.url),
          width: shareImage.width,
          height: shareImage.height,
          alt: firstText(shareImage.alternativeText),
        }
      : { url: absoluteUrl(site.url, input.defaultShareImage), width: null, height: null, alt: null },
    favicon: favicon(input.global.favicon),
    noindex: input.noindex ?? false,
    ogType: input.ogType ?? "website",
  };
}

function favicon(media: Media | null): HeadData["favicon"] {
  if (!media) return null;
  const type = FAVICON_TYPES[media.fileType] ?? media.mime;
  return type ? { url: media.url, type } : null;
}

/** The first value that holds more than whitespace, trimmed. */
function firstText(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const text = value?.trim();
    if (text) return text;
  }
  return null;
}

/**
 * The site's origin plus the path, without query or fragment. Leading slashes are collapsed so a
 * request for `//other.example/x` cannot name another host as the canonical page.
 */
function canonicalUrl(origin: string, path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  return `${origin}/${pathname.replace(/^\/+/, "")}`;
}

/** Site-relative URLs become absolute on the site's origin; absolute ones are kept. */
export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin}/`).href;
}
