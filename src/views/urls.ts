/**
 * URLs that come from CMS fields (external links, social links, flipbook links) are checked
 * before they become an href: only web, mail and phone links, or a site path, are linked.
 */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** The URL as given if it is safe to link to, else null (for example `javascript:` or `data:`). */
export function safeHref(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith("/")) return value.startsWith("//") || value.startsWith("/\\") ? null : value;
  try {
    return SAFE_PROTOCOLS.has(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a (safe) href leaves the site: an absolute http(s) URL on another origin. */
export function isExternal(href: string, siteUrl: string): boolean {
  if (href.startsWith("/")) return false;
  try {
    const url = new URL(href);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== new URL(siteUrl).origin;
  } catch {
    return false;
  }
}
