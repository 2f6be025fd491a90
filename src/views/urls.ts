/**
 * URLs that come from CMS fields (external links, social links, flipbook links) are checked
 * before they become an href: only web, mail and phone links, or a site path, are linked.
 *
 * Both checks read a URL the way a browser's URL parser does, since that is where the link will
 * lead: it removes tabs and newlines anywhere and C0 controls and spaces at either end, so
 * "/\t/evil.example" is "//evil.example", another host; and it reads "\" as "/" in web URLs.
 */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

const TAB_OR_NEWLINE = /[\t\n\r]/g;
const CONTROL_OR_SPACE_AT_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const CONTROL = /[\u0000-\u001f\u007f]/;
/** `//host`, `/\host`, `\/host`, `\\host`: another host, written to look like a path. */
const ANOTHER_HOST = /^[/\\]{2}/;

/** The URL as a browser's parser reads it before anything else. */
const asBrowserReads = (url: string) => url.replace(TAB_OR_NEWLINE, "").replace(CONTROL_OR_SPACE_AT_ENDS, "");

/**
 * The URL, as a browser reads it, if it is safe to link to; else null (for example `javascript:`,
 * `data:`, another host written as a path, or any control character left inside).
 */
export function safeHref(url: string | null | undefined): string | null {
  const value = asBrowserReads(url ?? "");
  if (!value || CONTROL.test(value)) return null;
  // No site path starts with a backslash: browsers read it as "/", and two of them as another host.
  if (value.startsWith("\\")) return null;
  if (value.startsWith("/")) return ANOTHER_HOST.test(value) ? null : value;
  try {
    return SAFE_PROTOCOLS.has(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a link leaves the site: it resolves, on a page of the site, to another web origin. */
export function isExternal(href: string, siteUrl: string): boolean {
  const site = new URL(siteUrl);
  try {
    const url = new URL(asBrowserReads(href), site);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== site.origin;
  } catch {
    return false;
  }
}
