/**
 * Who may fetch a CMS upload (`/uploads/{file}`). A file used only on gated general pages
 * (authenticatedOnly or membersOnly) goes only to viewers who may see one of those pages; a file
 * used anywhere public (the home page, public pages, articles, webinars, bundles, memberships,
 * the join page, the shared layout, any page's SEO image) is public, even if a gated page uses
 * it too. "Used" means a block's media (with its renditions) or an `/uploads/…` link or image in
 * its rich text.
 *
 * The index of gated files is computed from the content service's cached operations and kept
 * in the same cache as a derived value, so it is rebuilt once per freshness window or after a
 * purge, not per request.
 */
import type { ContentService } from "./content-service";
import type { GeneralPage } from "../../domain/content";

/** Who may fetch a gated file: anyone signed in, or members only. */
export type MediaAudience = "signed-in" | "members";

/** File name -> who may fetch it, for files used only on gated pages. Any other file is public. */
export type GatedMedia = Record<string, MediaAudience>;

/** What the media route does with a request for a file. */
export type MediaAccess =
  /** Anyone: shared caches may keep it. */
  | "public"
  /** This viewer may have it, but no shared cache may keep it. */
  | "private"
  /** A visitor asked for a gated file: answered as if it did not exist. */
  | "hidden"
  /** A signed-in non-member asked for a members-only file. */
  | "forbidden";

export interface MediaViewer {
  signedIn: boolean;
  isMember: () => Promise<boolean>;
}

const UPLOAD = /\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]{0,254})/g;

/** Every upload a piece of content refers to: media URLs, their renditions, links and images in rich text. */
export function uploadsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    for (const match of value.matchAll(UPLOAD)) found.add(match[1]!);
  } else if (Array.isArray(value)) {
    for (const item of value) uploadsIn(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) uploadsIn(item, found);
  }
  return found;
}

const audienceOf = (page: GeneralPage): MediaAudience | null => (page.membersOnly ? "members" : page.authenticatedOnly ? "signed-in" : null);

/** The files on gated pages' blocks, each with the least strict audience of the pages using it. */
export function filesOnGatedPages(pages: readonly GeneralPage[]): Map<string, MediaAudience> {
  const gated = new Map<string, MediaAudience>();
  for (const page of pages) {
    const audience = audienceOf(page);
    if (!audience) continue;
    for (const file of uploadsIn(page.blocks)) {
      if (gated.get(file) !== "signed-in") gated.set(file, audience);
    }
  }
  return gated;
}

/** Removes from `gated` every file that public content uses. */
export function dropPublic(gated: Map<string, MediaAudience>, publicContent: unknown): void {
  for (const file of uploadsIn(publicContent)) gated.delete(file);
}

/** The content operations the index is built from. */
export type MediaSources = Pick<
  ContentService,
  "allGeneralPages" | "homepage" | "layout" | "allArticles" | "webinars" | "webinarBundles" | "memberships" | "joinPage"
>;

/** Builds the index of gated files from the cached content. */
export async function loadGatedMedia(content: MediaSources): Promise<GatedMedia> {
  const [pages, homepage, layout, articles, webinars, bundles, memberships, joinPage] = await Promise.all([
    content.allGeneralPages(),
    content.homepage(),
    content.layout(),
    content.allArticles(),
    content.webinars(),
    content.webinarBundles(),
    content.memberships(),
    content.joinPage(),
  ]);
  const gated = filesOnGatedPages(pages);
  if (gated.size === 0) return {};
  const publicPages = pages.filter((page) => audienceOf(page) === null);
  // Articles come with their blocks: one paged read, however many there are.
  dropPublic(gated, [publicPages, pages.map((page) => page.seo), homepage, layout, articles, webinars, bundles, memberships, joinPage]);
  return Object.fromEntries(gated);
}

/** Whether `viewer` may fetch the upload `file`, and how it may be cached. */
export async function mediaAccess(content: MediaSources & Pick<ContentService, "derived">, file: string, viewer: MediaViewer): Promise<MediaAccess> {
  const gated = await content.derived("gatedMedia", () => loadGatedMedia(content));
  const audience = Object.hasOwn(gated, file) ? gated[file] : undefined;
  if (!audience) return "public";
  if (!viewer.signedIn) return "hidden";
  if (audience === "members" && !(await viewer.isMember())) return "forbidden";
  return "private";
}
