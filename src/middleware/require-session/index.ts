/**
 * The gate of pages that need a session (/user/*, paying for an application or order): a visitor
 * is sent to sign in and brought back to the same address afterwards. Never cached.
 */
import type { MiddlewareHandler } from "hono";
import { signInRedirectUrl } from "../../shared/links";
import type { HonoEnv } from "../../types";

export function requireSession(): MiddlewareHandler<HonoEnv> {
  return async function requireSession(c, next) {
    if (!c.var.session) {
      const url = new URL(c.req.url);
      c.header("Cache-Control", "private, no-store");
      return c.redirect(signInRedirectUrl(`${url.pathname}${url.search}`), 303);
    }
    await next();
  };
}
