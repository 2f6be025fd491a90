/**
 * The edge cache for anonymous pages: a page that is the same for every visitor without a
 * session is kept in the Workers Cache API (`caches.default`, per location) and served from it
 * without rendering. The rules (who may be served, which key, how long) are in
 * services/cache/edge-cache-policy.ts; a route opts a response in with `c.set("edgeCacheTtl")`
 * (renderScreen's `shareable`). A kept page carries what content it was built from (the
 * operations, documents and derived values its render read) and the content version its render
 * began under: a purge of any of those retires it, and a purge of anything else leaves it in
 * place, so an editor's change to one page re-renders that page and what lists it, not every
 * page (decision 0073). A page rendered with content a purge has outdated (served while its
 * replacement loads), or without content that failed to load, is never kept: the next visitor's
 * render gets the new content.
 *
 * A page a purge retired is served as it was kept (`X-Edge-Cache: stale`) for at most
 * `CACHE_MAX_OUTDATED_SECONDS` after that purge, while it is rendered again in the background
 * (`waitUntil`) from current content, whose loads the content loader objects share with every
 * other isolate; once that render is kept, it is served instead. So after a publish no visitor
 * waits on a render. Within an isolate one such render per page runs at a time. Only anonymous
 * pages are ever kept, so a private page or an editor's draft is never served this way.
 *
 * It runs before the security headers: a kept page is stored with the headers it was served
 * with, and served again exactly as it was, bytes and headers, with no other middleware run.
 * That includes its Content-Security-Policy nonce, which authorises only React's streaming
 * scripts in these same stored bytes (CMS HTML can hold no script): no other response ever
 * carries it, so a kept page grants no script anything a fresh render would not.
 */
import type { ExecutionContext, MiddlewareHandler } from "hono";
import { assetUrls } from "../../assets";
import { log } from "../../log";
import {
  CONTENT_DEPENDS_HEADER,
  CONTENT_STAMP_HEADER,
  edgeCacheKey,
  isEdgeCacheable,
  isKeptPageCurrent,
  keptPageStamp,
  mayServeOutdated,
  SHAREABLE_STATUSES,
} from "../../services/cache/edge-cache-policy";
import { rendersCurrentContentOnly, withCurrentContent } from "../../services/cache/read-through";
import type { Bindings } from "../../env";
import type { HonoEnv } from "../../types";
import { contentGenerations } from "../../wiring/content";
import { practitionerGeneration } from "../../wiring/practitioners";

/**
 * Pages that show D1 data as well as content: their key also holds that data's generation, which
 * every write that changes what they show moves (migrations/0050: the listings' triggers).
 */
const PRACTITIONER_PAGES = /^\/find-a-practitioner(?:\/|$)/;

/** Carries the browser's Cache-Control through the cache, which needs its own. */
const BROWSER_CACHE_CONTROL = "X-Guildhall-Browser-Cache-Control";
const BROWSER_VARY = "X-Guildhall-Browser-Vary";

/** The deployed build: new code or assets must never be served a page rendered by the old. */
const buildOf = (version: { id?: string } | undefined) => `${version?.id ?? "local"}:${assetUrls.stylesheet}`;

/** The app itself, which renders a retired page again in the background. */
export type RenderAgain = (request: Request, env: Bindings, ctx: ExecutionContext) => Response | Promise<Response>;

/** The pages this isolate is rendering again now, by cache key: one render each at a time. */
const renderingAgain = new Set<string>();

export function edgeCache({ renderAgain }: { renderAgain: RenderAgain }): MiddlewareHandler<HonoEnv> {
  return async function edgeCache(c, next) {
    if (!isEdgeCacheable({ method: c.req.method, cookie: c.req.header("Cookie") ?? null })) return next();
    const cache = caches.default;
    // This request is the background render of a retired page: it is to replace the kept copy.
    const replacing = rendersCurrentContentOnly();
    let key: Request;
    let version: number;
    try {
      const generations = await contentGenerations(c.var.config).current();
      version = generations.version;
      const data = PRACTITIONER_PAGES.test(c.req.path) ? `p${await practitionerGeneration(c.var.config)}` : "";
      key = new Request(edgeCacheKey(new URL(c.req.url), buildOf(c.env.CF_VERSION_METADATA), data));
      const kept = replacing ? undefined : await cache.match(key);
      if (kept && isKeptPageCurrent(generations, kept.headers)) return fromCache(kept, "hit");
      if (kept && mayServeOutdated(generations, kept.headers, Date.now(), c.var.config.cache.maxOutdatedMs)) {
        renderInBackground(c.req.raw, key.url, (request) => renderAgain(request, c.env, c.executionCtx), c.executionCtx);
        return fromCache(kept, "stale");
      }
      // An outdated copy is left to be replaced by this render's.
      if (kept) await kept.body?.cancel();
    } catch (error) {
      // The cache is an optimisation: without it the page is rendered as usual.
      log.warn("edge_cache.read_failed", { path: c.req.path, error });
      return next();
    }

    await next();
    const ttl = c.get("edgeCacheTtl");
    const response = c.res;
    if (!ttl || !SHAREABLE_STATUSES.has(response.status) || response.headers.has("Set-Cookie")) return;
    const headers = new Headers(response.headers);
    headers.set(BROWSER_CACHE_CONTROL, response.headers.get("Cache-Control") ?? "no-store");
    headers.set("Cache-Control", `public, s-maxage=${ttl}`);
    const vary = response.headers.get("Vary");
    if (vary) headers.set(BROWSER_VARY, vary);
    headers.delete("Vary");
    const copy = response.clone();
    // Only once the page has streamed in full is it known whether any of it was outdated content.
    const keep = async () => {
      const body = await copy.arrayBuffer();
      if (c.get("outdatedContent")) return;
      for (const [name, value] of Object.entries(keptPageStamp(version, c.get("contentDependencies") ?? []))) headers.set(name, value);
      await cache.put(key, new Response(body, { status: copy.status, headers }));
    };
    c.executionCtx.waitUntil(keep().catch((error: unknown) => log.warn("edge_cache.write_failed", { path: c.req.path, error })));
    c.header("X-Edge-Cache", "miss");
  };
}

/**
 * Renders `original`'s page again after the response, as a visitor without cookies would get it,
 * from current content only (outdated copies are loaded, not served: nobody is waiting). That
 * render keeps its page through this same middleware, as any render does.
 */
function renderInBackground(original: Request, cacheKey: string, render: (request: Request) => Response | Promise<Response>, ctx: ExecutionContext): void {
  if (renderingAgain.has(cacheKey)) return;
  renderingAgain.add(cacheKey);
  const headers = new Headers(original.headers);
  headers.delete("Cookie");
  headers.delete("Authorization");
  const request = new Request(original.url, { method: "GET", headers });
  const rendered = withCurrentContent(async () => {
    const response = await render(request);
    // Read to the end: the kept copy is taken from the same stream.
    await response.arrayBuffer();
  });
  ctx.waitUntil(
    rendered
      .catch((error: unknown) => log.warn("edge_cache.render_again_failed", { path: new URL(original.url).pathname, error }))
      .finally(() => renderingAgain.delete(cacheKey)),
  );
}

function fromCache(kept: Response, status: "hit" | "stale"): Response {
  const headers = new Headers(kept.headers);
  headers.set("Cache-Control", headers.get(BROWSER_CACHE_CONTROL) ?? "no-store");
  headers.delete(BROWSER_CACHE_CONTROL);
  headers.delete(CONTENT_STAMP_HEADER);
  headers.delete(CONTENT_DEPENDS_HEADER);
  const vary = headers.get(BROWSER_VARY);
  headers.delete(BROWSER_VARY);
  if (vary) headers.set("Vary", vary);
  headers.set("X-Edge-Cache", status);
  return new Response(kept.body, { status: kept.status, headers });
}
