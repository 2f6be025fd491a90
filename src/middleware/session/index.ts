/**
 * Reads the session cookie and publishes the session (or null) as `c.var.session`, plus a
 * memoised `c.var.isMember()` and `c.var.buyer()` (whom prices are for). A cookie that is tampered, expired or revoked is cleared.
 * Responses for a signed-in user are private: they vary by cookie and no shared cache may
 * store them. The one exception is a content-addressed file the route marked `immutable` (a
 * public upload): its bytes are the same for everyone, so a member's browser may keep it too.
 */
import type { MiddlewareHandler } from "hono";
import type { Buyer } from "../../domain/buyer";
import { buyerFor } from "../../services/orders/buyer";
import type { HonoEnv } from "../../types";
import { cookies } from "./cookies";

export function session(): MiddlewareHandler<HonoEnv> {
  return async function session(c, next) {
    const cookie = cookies.session(c);
    const current = cookie ? await c.var.services.auth.currentSession(cookie) : null;
    if (cookie && !current) cookies.clearSession(c);
    c.set("session", current);
    let member: Promise<boolean> | undefined;
    const isMember = () => (current ? (member ??= c.var.services.auth.isMember(current)) : Promise.resolve(false));
    c.set("isMember", isMember);
    let buyer: Promise<Buyer> | undefined;
    c.set("buyer", () => (buyer ??= buyerFor({ userId: current?.userId ?? null, isMember, entitledWebinarIds: c.var.services.orders.entitledWebinarIds })));
    await next();
    c.header("Vary", "Cookie", { append: true });
    if (current && !/\bimmutable\b/.test(c.res.headers.get("Cache-Control") ?? "")) c.header("Cache-Control", "private, no-store");
  };
}
