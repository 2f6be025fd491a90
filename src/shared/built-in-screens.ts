/**
 * The site's own screens that sit at an address the link rule would give a general page
 * (`/{slug}` for Root, `/{type}/{slug}` otherwise). Such a screen always answers there; an
 * editor's CMS page of that type and slug is not hidden but shown around it: its title as the
 * h1, its SEO, and its blocks before and after the screen's own panel (middleware/renderer).
 *
 * Addresses the Worker answers with something that cannot hold blocks (robots.txt, the sitemap,
 * the staff area) are refused as slugs by the CMS itself, with a message to the editor
 * (cms/src/validation/general-page-addresses.js).
 */
import { pageHref } from "./links";

export interface BuiltInScreen {
  /** The general page that belongs to the screen. */
  page: { type: string; slug: string };
  /** Where the screen answers: the page's link-rule address, and any other address of the same screen. */
  paths: readonly string[];
}

const screen = (type: string, slug: string, ...aliases: string[]): BuiltInScreen => ({
  page: { type, slug },
  paths: [pageHref({ type, slug }), ...aliases],
});

export const BUILT_IN_SCREENS: readonly BuiltInScreen[] = [
  screen("Root", "login", "/api/auth/signin"),
  screen("Root", "password-reset"),
  screen("Root", "join"),
  screen("Root", "register"),
  screen("Root", "cart"),
  screen("Root", "articles"),
  screen("Root", "webinars"),
  screen("Root", "memberships"),
  screen("User", "account"),
  screen("User", "profile"),
  screen("User", "password"),
  screen("User", "membership"),
  screen("User", "webinars"),
  screen("User", "receipts"),
  screen("User", "directory"),
  screen("User", "cpd"),
  screen("Webinars", "bundles"),
];

/** The general page that belongs to the built-in screen at `path`, if there is such a screen. */
export function builtInScreenPage(path: string): BuiltInScreen["page"] | null {
  return BUILT_IN_SCREENS.find((s) => s.paths.includes(path))?.page ?? null;
}

/** Whether a general page's address is taken by a built-in screen (which then shows the page's blocks). */
export function isBuiltInScreenAddress(page: { type: string; slug: string }): boolean {
  const href = pageHref(page);
  return BUILT_IN_SCREENS.some((s) => s.paths[0] === href);
}
