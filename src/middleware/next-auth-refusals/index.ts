/**
 * NextAuth's browser client reads every JSON answer of sign-in and sign-out as `new URL(data.url)`.
 * When the CSRF check (which runs before the routes) refuses such a request, the error handler's
 * plain JSON error would make that client throw; this middleware, around the session API's
 * posts, answers it instead in the session API's own shape: 403 with `error=MissingCSRF` in an
 * absolute `url` (and `ok`, `status`, `error` for our own island). Form posts without `json=true`
 * keep the error page.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "../../errors";
import { signInErrorUrl } from "../../services/auth/next-auth-urls";
import type { HonoEnv } from "../../types";

export function nextAuthRefusals(): MiddlewareHandler<HonoEnv> {
  return async function nextAuthRefusals(c, next) {
    await next();
    const error = c.error;
    if (c.req.method !== "POST" || !(error instanceof AppError) || error.code !== "FORBIDDEN" || !error.details?.csrf) return;
    if (!(await asksForJson(c.req.header("Content-Type") ?? "", () => c.req.parseBody()))) return;
    const failure = "MissingCSRF" as const;
    c.res = c.json({ ok: false, status: 403, error: failure, url: signInErrorUrl(failure, c.var.config.site.url) }, 403);
  };
}

async function asksForJson(type: string, body: () => Promise<Record<string, unknown>>): Promise<boolean> {
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  return (await body().catch(() => ({}) as Record<string, unknown>)).json === "true";
}
