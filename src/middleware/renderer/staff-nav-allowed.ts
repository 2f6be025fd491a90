/** Which staff links a role is shown: those whose area the role may view (one rule: staff-access). */
import type { StaffRole } from "../../domain/staff";
import { roleMay, staffAreaOf } from "../../services/staff/staff-access";
import { STAFF_NAV_LINKS } from "../../views/staff/staff-nav";

/** The hrefs of the staff links `role` may open; null (show all) when no staff member is signed in. */
export function staffNavAllowed(role: StaffRole | null): ReadonlySet<string> | null {
  if (role === null) return null;
  return new Set(
    STAFF_NAV_LINKS.filter(({ href }) => {
      const area = staffAreaOf(href);
      return area !== null && roleMay(role, area, false);
    }).map(({ href }) => href),
  );
}
