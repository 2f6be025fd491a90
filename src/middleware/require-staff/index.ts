/**
 * The staff area's gate, checked on every request under it, in this order:
 * 1. the session's verified address must be on the staff list (services/staff/staff-team; the
 *    addresses in STAFF_EMAILS become the first administrators). Anyone else — a visitor or a
 *    signed-in non-staff user — gets the site's ordinary 404, never a redirect to sign in, so the
 *    area's existence is not revealed. So does an address no staff route has.
 * 2. the second factor: a member without one is sent to set it up (/staff/second-factor), and a
 *    session that has not passed it to /staff/verify; a form post is refused (403).
 * 3. the role: the route's area (services/staff/staff-access) must be one the member's role may
 *    view (GET) or change (anything else); otherwise 403.
 * Registered once, over /staff/*, before the CSRF check, in the app the staff area's chunk builds
 * (app.ts, staff-area.ts), so a stranger's POST is a 404 too rather than a telling 403. That app's
 * requests have the staff area's services; the staff routes are typed StaffEnv too:
 * past this gate, the session and `c.var.staffMember` are there.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { StaffMember } from "../../domain/staff";
import { AppError } from "../../errors";
import { isChange, roleMay, staffAreaOf } from "../../services/staff/staff-access";
import type { HonoEnv } from "../../types";
import type { StaffAreaServices } from "../../wiring/staff-area";

/** The signed-in staff member this request passed the gate as, or null. */
export function staffMemberOf(c: Context<HonoEnv>): StaffMember | null {
  return c.get("staffMember") ?? null;
}

/** The signed-in staff member's e-mail (lower case), or null when the request is not from staff. */
export function staffEmailOf(c: Context<HonoEnv>): string | null {
  return staffMemberOf(c)?.email ?? null;
}

const ROLE_WORDS = { admin: "administrator", membership: "membership", finance: "finance", read_only: "read-only" } as const;

export function requireStaff(): MiddlewareHandler<HonoEnv> {
  return async function requireStaff(c, next) {
    if (c.get("staffMember")) return next();
    const session = c.var.session;
    // Mounted only in the app the staff area's chunk builds, whose init builds the staff area's
    // services (app.ts): the staff list is among them, not among the public site's.
    const { staffTeam } = c.var.services as StaffAreaServices;
    const member = await staffTeam.memberFor(session);
    const area = staffAreaOf(c.req.path);
    if (!session || !member || !area) throw new AppError("NOT_FOUND", "No page at this address");
    const change = isChange(c.req.method);
    if (area !== "second-factor") {
      if (!member.secondFactorEnrolled || session.secondFactorAt === null) {
        if (change) throw new AppError("FORBIDDEN", "Pass the second factor first (/staff/verify): nothing has been changed.");
        const next = new URL(c.req.url);
        const target = member.secondFactorEnrolled ? "/staff/verify" : "/staff/second-factor";
        return privateResponse(c.redirect(`${target}?callbackUrl=${encodeURIComponent(`${next.pathname}${next.search}`)}`, 303));
      }
      if (!roleMay(member.role, area, change)) {
        throw new AppError("FORBIDDEN", change ? `Your role (${ROLE_WORDS[member.role]}) may not change this.` : `Your role (${ROLE_WORDS[member.role]}) does not include this page.`);
      }
    }
    c.set("staffMember", member);
    try {
      await next();
    } finally {
      privateResponse(c.res);
    }
  };
}

/** Personal data on every staff response, including redirects and error pages. */
function privateResponse(response: Response): Response {
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
