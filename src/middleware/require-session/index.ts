/**
 * The gate of pages that need a session (/user/* and the member directory, mounted once over the
 * user area in app.ts): a visitor is sent to sign in and brought back to the same address
 * afterwards. Never cached. The area's routes are typed SignedInEnv: past this gate, the session
 * is there.
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
