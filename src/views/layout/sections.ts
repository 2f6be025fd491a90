/**
 * Which sidebar group a screen belongs to (docs/decisions/0004). General pages follow their
 * type; the site's own screens have a fixed section.
 */
import type { SidebarGroup } from "../../domain/content";

export const SECTION_LABELS: Record<SidebarGroup, string> = {
  patients: "Patients",
  professionals: "Professionals",
  userSettings: "Your account",
  webinars: "Webinars",
  root: "About us",
};

const BY_PAGE_TYPE: Record<string, SidebarGroup> = {
  root: "root",
  about: "root",
  patients: "patients",
  professionals: "professionals",
  user: "userSettings",
  webinars: "webinars",
};

/** The section of a general page, by its type (case-insensitive); unknown types have none. */
export function sectionForPageType(type: string | null | undefined): SidebarGroup | null {
  const key = type?.trim().toLowerCase() ?? "";
  return Object.hasOwn(BY_PAGE_TYPE, key) ? (BY_PAGE_TYPE[key] ?? null) : null;
}
