/**
 * Every staff route has a role rule: the staff area's own route table is read, so a new /staff route
 * without an entry in the map fails here, and so does an entry no route has any more.
 */
import { describe, expect, it } from "vitest";
import { staffArea } from "../../../src/staff-area";
import { STAFF_ROLES, type StaffRole } from "../../../src/domain/staff";
import { isChange, roleMay, STAFF_ROUTE_AREAS, staffAreaOf, staffHome, type StaffAccessArea } from "../../../src/services/staff/staff-access";

const staffRoutes = () => {
  const routes = staffArea().routes.filter((route) => route.path.startsWith("/staff/") && route.method !== "ALL" && !route.path.endsWith("*"));
  return [...new Map(routes.map((route) => [`${route.method} ${route.path}`, route])).values()];
};

describe("the map of staff routes to areas", () => {
  it("covers every /staff route the app serves", () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) expect(STAFF_ROUTE_AREAS[route.path], `${route.method} ${route.path} has no role rule`).toBeDefined();
  });

  it("names no route the app does not serve", () => {
    const served = new Set(staffRoutes().map((route) => route.path));
    for (const pattern of Object.keys(STAFF_ROUTE_AREAS)) expect(served.has(pattern), pattern).toBe(true);
  });

  it.each([
    ["/staff/applications", "membership"],
    ["/staff/applications/abc/payment", "membership"],
    ["/staff/members/import", "membership"],
    ["/staff/members/email%3Aa%40b.example", "membership"],
    ["/staff/members.csv", "membership"],
    ["/staff/emails/", "membership"],
    ["/staff/orders/o-1/cancel", "finance"],
    ["/staff/receipts/GH-2026-00001", "finance"],
    ["/staff/finance", "finance"],
    ["/staff/finance.csv", "finance"],
    ["/staff/finance/vat", "finance"],
    ["/staff/dashboard", "reports"],
    ["/staff/messages", "communications"],
    ["/staff/messages/new", "communications"],
    ["/staff/messages/m-1/cancel", "communications"],
    ["/staff/members/u-1/suppression", "communications"],
    ["/staff/team", "team"],
    ["/staff/team/a%40b.example/remove", "team"],
    ["/staff/verify", "second-factor"],
    ["/staff/second-factor", "second-factor"],
  ] as const)("reads %s as %s", (path, area) => {
    expect(staffAreaOf(path)).toBe(area);
  });

  it.each(["/staff", "/staff/", "/staff/nothing", "/staff/applications/a/b/c", "/staff/team/a/unknown", "/staff/orders//cancel", "/staffing"])("refuses %s, which no route has", (path) => {
    expect(staffAreaOf(path)).toBeNull();
  });
});

describe("what each role may do", () => {
  // [role, area, may view, may change]
  const MATRIX: [StaffRole, StaffAccessArea, boolean, boolean][] = [
    ["admin", "membership", true, true],
    ["admin", "finance", true, true],
    ["admin", "team", true, true],
    ["membership", "membership", true, true],
    ["membership", "finance", false, false],
    ["membership", "team", false, false],
    ["finance", "membership", false, false],
    ["finance", "finance", true, true],
    ["finance", "team", false, false],
    ["read_only", "membership", true, false],
    ["read_only", "finance", true, false],
    ["read_only", "team", false, false],
    // The dashboard: every role reads it; nobody changes anything there (it has no forms).
    ["admin", "reports", true, true],
    ["membership", "reports", true, false],
    ["finance", "reports", true, false],
    ["read_only", "reports", true, false],
    // Bulk messages: whoever writes to members (membership staff, administrators); finance never sees them.
    ["admin", "communications", true, true],
    ["membership", "communications", true, true],
    ["finance", "communications", false, false],
    ["read_only", "communications", true, false],
  ];
  it.each(MATRIX)("%s on %s: view %s, change %s", (role, area, view, change) => {
    expect(roleMay(role, area, false)).toBe(view);
    expect(roleMay(role, area, true)).toBe(change);
  });

  it("lets every role set up and pass the second factor", () => {
    for (const role of STAFF_ROLES) expect(roleMay(role, "second-factor", true)).toBe(true);
  });

  it("counts anything but GET and HEAD as a change", () => {
    expect(["GET", "HEAD", "get"].map(isChange)).toEqual([false, false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(isChange)).toEqual([true, true, true, true]);
  });

  it("starts each role on a list it may see", () => {
    for (const role of STAFF_ROLES) expect(roleMay(role, staffAreaOf(staffHome(role))!, false), role).toBe(true);
  });
});
