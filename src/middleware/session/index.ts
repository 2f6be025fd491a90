/**
 * Reads the session cookie and publishes the session (or null) as `c.var.session`, plus a
 * memoised `c.var.isMember()` and `c.var.buyer()` (whom prices are for). A cookie that is tampered, expired or revoked is cleared.
 * Responses for a signed-in user are private: they vary by cookie and no shared cache may
 * store them. The one exception is a content-addressed file the route marked `immutable` (a
 * public upload): its bytes are the same for everyone, so a member's browser may keep it too.
 */
import type { MiddlewareHandler } from "hono";
import type { Buyer } from "../../domain/buyer";
import type { MemberType } from "../../services/membership/member-rule";
import { buyerFor } from "../../services/orders/buyer";
import type { HonoEnv } from "../../types";
import { cookies } from "./cookies";

const NOT_A_MEMBER: MemberType = { member: false, membershipSlug: null };

export function session(): MiddlewareHandler<HonoEnv> {
  return async function session(c, next) {
    const cookie = cookies.session(c);
    const current = cookie ? await c.var.services.auth.currentSession(cookie) : null;
    if (cookie && !current) cookies.clearSession(c);
    c.set("session", current);
    // One reading of the membership serves both "is a member" and "of which type".
    let standing: Promise<MemberType> | undefined;
    const membership = () => (current ? (standing ??= c.var.services.auth.membership(current)) : Promise.resolve(NOT_A_MEMBER));
    c.set("isMember", async () => (await membership()).member);
    let buyer: Promise<Buyer> | undefined;
    c.set("buyer", () => (buyer ??= buyerFor({ userId: current?.userId ?? null, membership, entitledWebinarIds: c.var.services.orders.entitledWebinarIds })));
    await next();
    c.header("Vary", "Cookie", { append: true });
    if (current && !/\bimmutable\b/.test(c.res.headers.get("Cache-Control") ?? "")) c.header("Cache-Control", "private, no-store");
  };
}
