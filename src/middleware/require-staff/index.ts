/**
 * The staff area's gate, checked on every request under it: the session's e-mail must be one of
 * STAFF_EMAILS and verified with Firebase (so registering a staff address first gains nothing). Anyone else — a visitor or a signed-in non-staff user — gets the site's ordinary
 * 404, never a redirect to sign in, so the area's existence is not revealed. Registered before
 * the CSRF check, so a stranger's POST is a 404 too rather than a telling 403.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../errors";
import type { HonoEnv } from "../../types";

/** The signed-in staff member's e-mail (lower case), or null when the request is not from staff. */
export function staffEmailOf(c: Context<HonoEnv>): string | null {
  const session = c.var.session;
  const email = session?.emailVerified ? (session.email?.toLowerCase() ?? null) : null;
  return email !== null && c.var.config.membership.staffEmails.includes(email) ? email : null;
}

export function requireStaff(): MiddlewareHandler<HonoEnv> {
  return async function requireStaff(c, next) {
    if (staffEmailOf(c) === null) throw new AppError("NOT_FOUND", "No page at this address");
    await next();
    // Personal data on every staff response, including redirects and error pages.
    c.res.headers.set("Cache-Control", "private, no-store");
    c.res.headers.set("X-Robots-Tag", "noindex");
  };
}
