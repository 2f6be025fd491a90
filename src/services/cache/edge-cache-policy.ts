/**
 * Which responses the edge cache (the Workers Cache API, per location) may keep, and under what
 * key. Only pages that are the same for every anonymous visitor are kept: a request with a
 * session (or any cookie that changes what is rendered) is never answered from it, and a route
 * opts a response in only when nothing in it is personal (no CSRF token, no viewer's prices).
 * Pure: the middleware (middleware/edge-cache) does the I/O.
 */

/** Cookies whose presence changes the page: their requests never touch the edge cache. */
export const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?guildhall_(?:session|preview)=/;

/** How long a page whose state follows the clock (webinar prices, "starts in…") may be kept. */
export const CLOCK_DEPENDENT_TTL_SECONDS = 60;

/** What browsers are told about a shared page: always ask again (the edge answers fast). */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** The kind of sharing a route asks for: content that only a publish changes, or content that also follows the clock. */
export type Shareable = "content" | "clock";

export function isEdgeCacheable(request: { method: string; cookie: string | null }): boolean {
  return request.method === "GET" && !PERSONAL_COOKIE.test(request.cookie ?? "");
}

/**
 * How long the edge may keep a page: its kind's time, cut to `secondsLeft` when something it shows
 * stops being true then (a listing whose membership ends). Zero means do not keep it.
 */
export function edgeCacheTtl(shareable: Shareable, contentTtlSeconds: number, secondsLeft: number = Number.POSITIVE_INFINITY): number {
  const ttl = shareable === "clock" ? Math.min(CLOCK_DEPENDENT_TTL_SECONDS, contentTtlSeconds) : contentTtlSeconds;
  return Math.max(0, Math.min(ttl, Math.floor(secondsLeft)));
}

/**
 * The cache key: the page's address under the build (new code or assets never meet old pages)
 * and the content version (a purge moves every page to new keys).
 */
export function edgeCacheKey(url: URL, build: string, contentVersion: string): string {
  return `${url.origin}/__edge-cache/${encodeURIComponent(build)}/${encodeURIComponent(contentVersion)}${url.pathname}${url.search}`;
}

/** Statuses worth keeping: a page, or the page saying there is none. */
export const SHAREABLE_STATUSES: ReadonlySet<number> = new Set([200, 404]);
