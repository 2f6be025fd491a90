import { createContext, useContext } from "react";

/** The staff area's lists, linked from each other so staff can find them all. */
export type StaffArea = "applications" | "members" | "orders" | "events" | "finance" | "dashboard" | "emails" | "messages" | "import" | "team";

export const STAFF_NAV_LINKS: readonly { area: StaffArea; href: string; label: string }[] = [
  { area: "applications", href: "/staff/applications", label: "Membership applications" },
  { area: "members", href: "/staff/members", label: "Members" },
  { area: "orders", href: "/staff/orders", label: "Webinar orders" },
  { area: "events", href: "/staff/events", label: "Events" },
  { area: "finance", href: "/staff/finance", label: "Finance" },
  { area: "dashboard", href: "/staff/dashboard", label: "Dashboard" },
  { area: "emails", href: "/staff/emails", label: "E-mails" },
  { area: "messages", href: "/staff/messages", label: "Messages" },
  { area: "import", href: "/staff/members/import", label: "Import members" },
  { area: "team", href: "/staff/team", label: "Team" },
];

/**
 * The links the signed-in staff member's role may open (set by the renderer from the one access
 * rule); null shows them all. A link that would only answer 403 is not offered.
 */
export const StaffNavAllowed = createContext<ReadonlySet<string> | null>(null);

export function StaffNav({ current }: { current: StaffArea }) {
  const allowed = useContext(StaffNavAllowed);
  const links = STAFF_NAV_LINKS.filter(({ href }) => allowed === null || allowed.has(href));
  return (
    <nav className="staff-tabs staff-nav" aria-label="Staff area">
      <ul>
        {links.map(({ area, href, label }) => (
          <li key={area}>
            {/* "true", not "page": the status tabs below mark the page itself. */}
            <a href={href} aria-current={area === current ? "true" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
