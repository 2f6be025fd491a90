/** The staff navigation offers a role only the links it may open (no link that answers 403). */
import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../../src/domain/staff";
import { staffNavAllowed } from "../../../src/middleware/renderer/staff-nav-allowed";
import { roleMay, staffAreaOf } from "../../../src/services/staff/staff-access";
import { STAFF_NAV_LINKS } from "../../../src/views/staff/staff-nav";

describe("staff navigation by role", () => {
  it("shows every link when no staff member is signed in (the view's default)", () => {
    expect(staffNavAllowed(null)).toBeNull();
  });

  it("gives a finance member no team, membership or import links (events are theirs to view)", () => {
    expect([...staffNavAllowed("finance")!].sort()).toEqual(["/staff/dashboard", "/staff/events", "/staff/finance", "/staff/orders"]);
  });

  it("gives an administrator every link", () => {
    expect(staffNavAllowed("admin")!.size).toBe(STAFF_NAV_LINKS.length);
  });

  it("follows the one access rule for every role and link", () => {
    for (const role of STAFF_ROLES)
      for (const { href } of STAFF_NAV_LINKS) expect(staffNavAllowed(role)!.has(href)).toBe(roleMay(role, staffAreaOf(href)!, false));
  });
});
