/**
 * Names every request (Cloudflare's Ray id, or a new id locally): everything logged while it is
 * handled carries the id (src/request-context.ts), the response says it in `X-Request-Id`, and
 * an error page shows it so a member can quote it. First in the app, so nothing runs unnamed.
 */
import type { MiddlewareHandler } from "hono";
import { requestIdFor, withRequestId } from "../../request-context";
import type { HonoEnv } from "../../types";

export function requestId(): MiddlewareHandler<HonoEnv> {
  return async function requestId(c, next) {
    const id = requestIdFor(c.req.header("CF-Ray"));
    c.set("requestId", id);
    await withRequestId(id, next);
    c.res.headers.set("X-Request-Id", id);
  };
}
