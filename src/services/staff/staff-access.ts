/**
 * Which staff role may do what: every /staff route belongs to one area, and a role may view or
 * change an area. The one map of routes to areas is below; a route missing from it is refused
 * (and a unit test fails), so a new staff page cannot be added without deciding who may use it.
 */
import type { StaffRole } from "../../domain/staff";

/**
 * - membership: applications, members, the member import and the e-mail outbox;
 * - finance: webinar orders, receipts, refunds, credit notes, the ledger and its VAT summary;
 * - events: events' sales, attendees and check-in at the door (administrators and the membership
 *   team run the door; finance and read-only staff see the figures);
 * - reports: the dashboard's figures (members, joins and lapses, revenue), for anyone who runs
 *   the society: administrators, membership, finance and read-only staff;
 * - communications: bulk messages to members (newsletters, announcements), their archive, and
 *   clearing an address's suppression for bulk mail;
 * - team: who is staff, with which role (administrators only);
 * - second-factor: setting up and passing the second factor, open to every staff member before
 *   it is passed (the other areas need it).
 */
export type StaffAccessArea = "membership" | "finance" | "events" | "reports" | "communications" | "team" | "second-factor";

/** Every staff route (Hono's path syntax, `:name` for one segment) and its area. */
export const STAFF_ROUTE_AREAS: Readonly<Record<string, StaffAccessArea>> = {
  "/staff/applications": "membership",
  "/staff/applications.csv": "membership",
  "/staff/applications/:id": "membership",
  "/staff/applications/:id/payment": "membership",
  "/staff/applications/:id/reject": "membership",
  "/staff/applications/:id/approve": "membership",
  "/staff/applications/:id/more-information": "membership",
  "/staff/applications/:id/documents/:documentId": "membership",
  "/staff/applications/:id/personal-data.json": "membership",
  "/staff/members": "membership",
  "/staff/members.csv": "membership",
  "/staff/members/import": "membership",
  "/staff/members/import/:id": "membership",
  "/staff/members/import/:id/import": "membership",
  "/staff/members/import/:id/mapping": "membership",
  "/staff/members/:userId": "membership",
  "/staff/members/:userId/emails/:id/resend": "membership",
  // The membership office: notes, standing, details, members made by hand and merging duplicates.
  "/staff/members/:userId/notes": "membership",
  "/staff/members/:userId/standing/:change": "membership",
  "/staff/members/:userId/details": "membership",
  "/staff/members/new": "membership",
  "/staff/members/duplicates": "membership",
  "/staff/members/merge": "membership",
  "/staff/emails": "membership",
  // Members' public listings (Find a practitioner): the membership team looks after members' standing.
  "/staff/practitioners": "membership",
  "/staff/practitioners.csv": "membership",
  "/staff/practitioners/:id/hide": "membership",
  "/staff/practitioners/:id/show": "membership",
  "/staff/emails/:id/resend": "membership",
  "/staff/emails/resend-failed": "membership",
  // Certificates are members' records: the membership team revokes one.
  "/staff/certificates": "membership",
  "/staff/certificates/:id/revoke": "membership",
  // Background exports: each kind belongs to its list's area, so only staff who may see the list see its files.
  "/staff/exports/members": "membership",
  "/staff/exports/members/:id/file": "membership",
  "/staff/exports/applications": "membership",
  "/staff/exports/applications/:id/file": "membership",
  "/staff/exports/orders": "finance",
  "/staff/exports/orders/:id/file": "finance",
  "/staff/exports/ledger": "finance",
  "/staff/exports/ledger/:id/file": "finance",
  "/staff/orders": "finance",
  "/staff/orders.csv": "finance",
  "/staff/orders/:id": "finance",
  "/staff/orders/:id/payment": "finance",
  "/staff/orders/:id/cancel": "finance",
  "/staff/orders/:id/refund": "finance",
  "/staff/receipts/:number": "finance",
  "/staff/credit-notes/:number": "finance",
  // Refunding a membership payment is money going out: finance, linked from the membership pages.
  "/staff/payments/:id/refund": "finance",
  "/staff/finance": "finance",
  "/staff/finance.csv": "finance",
  "/staff/finance/vat": "finance",
  "/staff/dashboard": "reports",
  "/staff/events": "events",
  "/staff/events/:id": "events",
  "/staff/events/:id/attendees.csv": "events",
  "/staff/events/:id/check-in": "events",
  "/staff/events/:id/badges": "events",
  "/staff/events/:id/sign-in-sheet": "events",
  "/staff/events/:id/attendance": "events",
  "/staff/events/:id/attendance/mark": "events",
  "/staff/events/:id/attendance/import": "events",
  "/staff/events/:id/state": "events",
  "/staff/events/:id/reopen": "events",
  "/staff/events/:id/attendees/:attendee/transfer": "events",
  // Pro-forma invoices ask for money: the finance team issues them, for applications as for orders.
  "/staff/pro-forma/:number": "finance",
  "/staff/applications/:id/pro-forma": "finance",
  "/staff/orders/:id/pro-forma": "finance",
  "/staff/messages": "communications",
  "/staff/messages/new": "communications",
  "/staff/messages/topics": "communications",
  "/staff/messages/topics/:slug": "communications",
  "/staff/messages/topics/:slug/retire": "communications",
  "/staff/messages/:id": "communications",
  "/staff/messages/:id/preview": "communications",
  "/staff/messages/:id/preview/html": "communications",
  "/staff/messages/:id/cancel": "communications",
  "/staff/messages/:id/publish": "communications",
  "/staff/members/:userId/suppression": "communications",
  "/staff/team": "team",
  "/staff/team/:email/role": "team",
  "/staff/team/:email/remove": "team",
  "/staff/team/:email/second-factor": "team",
  "/staff/second-factor": "second-factor",
  "/staff/verify": "second-factor",
};

const matches = (pattern: string, path: string): boolean => {
  const want = pattern.split("/");
  const got = path.split("/");
  return want.length === got.length && want.every((segment, i) => (segment.startsWith(":") ? got[i] !== "" : segment === got[i]));
};

/** The area of a request path; null when no staff route has this shape (refused). */
export function staffAreaOf(path: string): StaffAccessArea | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  // Exact names first (/staff/members/import before /staff/members/:userId).
  const exact = STAFF_ROUTE_AREAS[trimmed];
  if (exact) return exact;
  for (const [pattern, area] of Object.entries(STAFF_ROUTE_AREAS)) if (matches(pattern, trimmed)) return area;
  return null;
}

/** Which areas each role may view, and which it may change. */
const GRANTS: Record<StaffRole, { view: readonly StaffAccessArea[]; change: readonly StaffAccessArea[] }> = {
  admin: { view: ["membership", "finance", "events", "reports", "communications", "team"], change: ["membership", "finance", "events", "reports", "communications", "team"] },
  // The membership team writes to members: newsletters and announcements are theirs too; they also run events at the door.
  membership: { view: ["membership", "events", "reports", "communications"], change: ["membership", "events", "communications"] },
  finance: { view: ["finance", "events", "reports"], change: ["finance"] },
  read_only: { view: ["membership", "finance", "events", "reports", "communications"], change: [] },
};

/** Whether `role` may view (`change` false) or change (`change` true) an area. */
export function roleMay(role: StaffRole, area: StaffAccessArea, change: boolean): boolean {
  if (area === "second-factor") return true;
  return (change ? GRANTS[role].change : GRANTS[role].view).includes(area);
}

/** Whether a request changes something: anything but GET and HEAD. */
export const isChange = (method: string): boolean => !["GET", "HEAD"].includes(method.toUpperCase());

/** Where a staff member starts: the first list their role may see. */
export function staffHome(role: StaffRole): string {
  return role === "finance" ? "/staff/orders" : "/staff/applications";
}
