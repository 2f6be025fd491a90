/**
 * CSRF protection for every state-changing request (POST, PUT, PATCH, DELETE): the request must
 * come from this site (Origin, else Referer; Sec-Fetch-Site must not be cross-site) and carry the
 * CSRF token (form field `csrfToken` or header `X-CSRF-Token`) that matches the CSRF cookie.
 * Server-to-server endpoints authenticated by their own secret are exempt. Endpoints a browser
 * posts to without being able to add a token (NextAuth's client logs with `navigator.sendBeacon`)
 * need only come from this site (`originOnly`); they must change nothing but a log.
 *
 * It also publishes `c.var.csrfToken()`, the token a page puts in its forms (made on first use,
 * with its cookie).
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../errors";
import { log } from "../../log";
import { csrfTokenFor, csrfTokenMatches, newCsrfSecret } from "../../services/auth/csrf";
import type { HonoEnv } from "../../types";
import { cookies } from "../session/cookies";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrf(options: { exempt: readonly string[]; originOnly?: readonly string[] }): MiddlewareHandler<HonoEnv> {
  const exempt = new Set(options.exempt);
  const originOnly = new Set(options.originOnly ?? []);
  return async function csrf(c, next) {
    let formToken: Promise<string> | undefined;
    c.set("csrfToken", () => (formToken ??= formTokenFor(c)));
    if (SAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next();
    if (!fromThisSite(c)) {
      log.warn("csrf.refused", { path: c.req.path, reason: "origin", origin: c.req.header("Origin") ?? null });
      throw new AppError("FORBIDDEN", "This request did not come from this site.", { details: { csrf: "origin" } });
    }
    if (originOnly.has(c.req.path)) return next();
    const token = c.req.header("X-CSRF-Token") ?? (await submittedToken(c));
    if (!(await csrfTokenMatches(token, cookies.csrf(c), c.var.config.auth.sessionSecret))) {
      log.warn("csrf.refused", { path: c.req.path, reason: token ? "token mismatch" : "no token" });
      throw new AppError("FORBIDDEN", "Your form expired. Please go back, reload the page and try again.", { details: { csrf: "token" } });
    }
    return next();
  };
}

/** The CSRF token for this browser's forms, creating its cookie on first use. */
function formTokenFor(c: Context<HonoEnv>): Promise<string> {
  let secret = cookies.csrf(c);
  if (!secret) {
    secret = newCsrfSecret();
    cookies.setCsrf(c, secret);
  }
  return csrfTokenFor(secret, c.var.config.auth.sessionSecret);
}

function fromThisSite(c: Context<HonoEnv>): boolean {
  if (c.req.header("Sec-Fetch-Site") === "cross-site") return false;
  const allowed = new Set([new URL(c.req.url).origin, new URL(c.var.config.site.url).origin]);
  const origin = c.req.header("Origin");
  if (origin) return allowed.has(origin);
  const referer = c.req.header("Referer");
  if (!referer) return false;
  try {
    return allowed.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

async function submittedToken(c: Context<HonoEnv>): Promise<string | undefined> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return undefined;
  const body = await c.req.parseBody();
  return typeof body.csrfToken === "string" ? body.csrfToken : undefined;
}
