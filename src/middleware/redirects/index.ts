/**
 * The editors' redirects (CMS Redirects; rules in services/content/redirects.ts), asked only
 * when a GET or HEAD would answer 404, so they cost nothing on pages that exist and can never
 * hide one. Innermost middleware: the staff gate and the routes have answered by then.
 *
 * A 301 is kept by browsers for an hour rather than for ever (an editor's mistake must be
 * fixable); a 302 is not kept. When the CMS cannot be read, the visitor gets the 404 page.
 */
import type { MiddlewareHandler } from "hono";
import { log } from "../../log";
import { resolveRedirect } from "../../services/content/redirects";
import type { HonoEnv } from "../../types";

const PERMANENT_REDIRECT_CACHE = "public, max-age=3600";

export function redirects(): MiddlewareHandler<HonoEnv> {
  return async function redirects(c, next) {
    await next();
    if (c.res.status !== 404 || (c.req.method !== "GET" && c.req.method !== "HEAD")) return;

    let rules;
    try {
      rules = await c.var.services.content.redirects();
    } catch (error) {
      log.warn("redirects.unavailable", { message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const outcome = resolveRedirect(rules, new URL(c.req.url), c.var.config.site.url);
    if (outcome === null) return;
    if (outcome.kind === "refused") {
      log.warn("redirects.refused", { reason: outcome.reason, from: outcome.rule.from, to: outcome.rule.to, path: new URL(c.req.url).pathname });
      return;
    }
    await c.res.body?.cancel();
    // Hono copies the old response's headers onto a new one; the 404 page's (its caching above
    // all) must not carry over to the redirect.
    c.res = undefined;
    c.res = new Response(null, {
      status: outcome.status,
      headers: {
        Location: outcome.location,
        "Cache-Control": outcome.status === 301 ? PERMANENT_REDIRECT_CACHE : "no-store",
      },
    });
  };
}
