/**
 * Reads the session cookie and publishes the session (or null) as `c.var.session`, plus a
 * memoised `c.var.isMember()`. A cookie that is tampered, expired or revoked is cleared.
 * Responses for a signed-in user are private: they vary by cookie and no shared cache may
 * store them. The one exception is a content-addressed file the route marked `immutable` (a
 * public upload): its bytes are the same for everyone, so a member's browser may keep it too.
 */
import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "../../types";
import { cookies } from "./cookies";

export function session(): MiddlewareHandler<HonoEnv> {
  return async function session(c, next) {
    const cookie = cookies.session(c);
    const current = cookie ? await c.var.auth.currentSession(cookie) : null;
    if (cookie && !current) cookies.clearSession(c);
    c.set("session", current);
    let member: Promise<boolean> | undefined;
    c.set("isMember", () => (current ? (member ??= c.var.auth.isMember(current)) : Promise.resolve(false)));
    await next();
    c.header("Vary", "Cookie", { append: true });
    if (current && !/\bimmutable\b/.test(c.res.headers.get("Cache-Control") ?? "")) c.header("Cache-Control", "private, no-store");
  };
}
