/**
 * Which responses the edge cache (the Workers Cache API, per location) may keep, and under what
 * key. Only pages that are the same for every anonymous visitor are kept: a request with a
 * session (or any cookie that changes what is rendered) is never answered from it, and a route
 * opts a response in only when nothing in it is personal (no CSRF token, no viewer's prices).
 * Pure: the middleware (middleware/edge-cache) does the I/O.
 */
import type { ContentGenerations } from "../../adapters/kv/content-generations";
import { generationOfItem, latestPurgeOf } from "./generations";

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
 * and, for pages that show data kept outside the CMS, that data's generation (`variant`). The
 * content is not in the key: a kept page says what content it was built from
 * (`keptPageStamp`), and is retired by a purge of that content alone (`isKeptPageCurrent`).
 */
export function edgeCacheKey(url: URL, build: string, variant: string): string {
  return `${url.origin}/__edge-cache/${encodeURIComponent(build)}/${encodeURIComponent(variant || "content")}${url.pathname}${url.search}`;
}

/** Headers a kept page carries (removed before it is served): the content version its render began under, and what its content depends on. */
export const CONTENT_STAMP_HEADER = "X-Guildhall-Content-Stamp";
export const CONTENT_DEPENDS_HEADER = "X-Guildhall-Content-Depends";

/** Stands for "every purge": a page whose dependencies are too many to list is retired by any purge, as every page once was. */
export const EVERY_PURGE = "*";

/** Past this length the dependencies are not listed (one response header; a page shows at most a few dozen documents). */
const MAX_DEPENDS_LENGTH = 8_000;

/** The headers that record what a page to keep was built from, its render having begun under `version`. */
export function keptPageStamp(version: number, dependsOn: Iterable<string>): Record<string, string> {
  const listed = [...new Set(dependsOn)].sort().join(" ");
  return { [CONTENT_STAMP_HEADER]: String(version), [CONTENT_DEPENDS_HEADER]: listed.length <= MAX_DEPENDS_LENGTH ? listed : EVERY_PURGE };
}

/**
 * Whether a kept page is still what a render would give now: no purge since its render began
 * touched anything it was built from. (Every piece of content in it was current when read, or
 * it was not kept: the edge cache middleware.) A page kept without a stamp is not current.
 */
export function isKeptPageCurrent(generations: ContentGenerations, headers: Headers): boolean {
  const stamp = Number(headers.get(CONTENT_STAMP_HEADER) ?? Number.NaN);
  const dependsOn = headers.get(CONTENT_DEPENDS_HEADER);
  if (!Number.isSafeInteger(stamp) || dependsOn === null) return false;
  const items = dependsOn.split(" ").filter(Boolean);
  if (items.includes(EVERY_PURGE)) return generations.version <= stamp;
  return latestPurgeOf(generations, items) <= stamp;
}

/**
 * Whether an outdated kept page may still be served while it is rendered again in the background
 * (stale-while-revalidate): only while the purge that retired it is less than `maxOutdatedMs`
 * old, the bound the content cache keeps for its own outdated copies. A version is the clock
 * reading of its purge (generations.ts), so the earliest purge of what the page shows since its
 * render began is when it stopped being current. (Only each item's latest purge is known: a
 * second edit of the same thing measures the bound from the second, as the content cache does.)
 * A page without a stamp never is.
 */
export function mayServeOutdated(generations: ContentGenerations, headers: Headers, now: number, maxOutdatedMs: number): boolean {
  const stamp = Number(headers.get(CONTENT_STAMP_HEADER) ?? Number.NaN);
  const dependsOn = headers.get(CONTENT_DEPENDS_HEADER);
  if (!Number.isSafeInteger(stamp) || dependsOn === null) return false;
  const items = dependsOn.split(" ").filter(Boolean);
  const purges = items.includes(EVERY_PURGE) ? [generations.version] : items.map((item) => generationOfItem(generations, item));
  const retiredAt = Math.min(...purges.filter((at) => at > stamp));
  return Number.isFinite(retiredAt) && now - retiredAt < maxOutdatedMs;
}

/** Statuses worth keeping: a page, or the page saying there is none. */
export const SHAREABLE_STATUSES: ReadonlySet<number> = new Set([200, 404]);
