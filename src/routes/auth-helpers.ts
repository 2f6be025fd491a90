/** Pieces the sign-in, password and account routes share. */
import type { Context } from "hono";
import { AppError } from "../errors";
import { log } from "../log";
import { cookies } from "../middleware/session/cookies";
import { csrfTokenFor, newCsrfSecret } from "../services/auth/csrf";
import type { HonoEnv } from "../types";

/** The CSRF token for this browser's forms, creating its cookie on first use. */
export async function csrfFormToken(c: Context<HonoEnv>): Promise<string> {
  let secret = cookies.csrf(c);
  if (!secret) {
    secret = newCsrfSecret();
    cookies.setCsrf(c, secret);
  }
  return csrfTokenFor(secret, c.var.config.auth.sessionSecret);
}

/** The client's address as Cloudflare reports it. */
export const clientAddress = (c: Context<HonoEnv>): string => c.req.header("CF-Connecting-IP") ?? "unknown";

/**
 * Abuse protection for an auth action: at most so many attempts a minute per client address
 * and per e-mail address (wrangler.toml [[ratelimits]]).
 */
export async function limitAuthAttempts(c: Context<HonoEnv>, action: string, email?: string | null): Promise<void> {
  const { authIpLimiter, authEmailLimiter } = c.var.config.bindings;
  const checks = [authIpLimiter.limit({ key: `${action}:ip:${clientAddress(c)}` })];
  if (email) checks.push(authEmailLimiter.limit({ key: `${action}:email:${email.toLowerCase()}` }));
  const outcomes = await Promise.all(checks);
  if (outcomes.some((outcome) => !outcome.success)) {
    log.warn("auth.rate_limited", { action, client: clientAddress(c) });
    c.header("Retry-After", "60");
    throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a minute and try again.");
  }
}

/** Where a visitor goes when a page needs a session (spec §2). */
export function signInRedirectUrl(callbackPath: string): string {
  return `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackPath)}`;
}

/** The current path and query, for a callbackUrl back here. */
export function currentPathAndQuery(c: Context<HonoEnv>): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}
