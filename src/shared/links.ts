/**
 * The site's one link rule (spec §2): type `Root` gives `/{slug}`, any other type gives
 * `/{type in lower case}/{slug}`, and a missing type or slug gives `/`.
 * Pure and environment-free: the Worker and browser code both import it.
 */
export interface PageLink {
  type?: string | null;
  slug?: string | null;
}

export function pageHref(page: PageLink | null | undefined): string {
  const type = page?.type?.trim();
  const slug = page?.slug?.trim();
  if (!type || !slug) return "/";
  // Slugs are single path segments; encoding keeps "/", "?" or "#" in one from changing the
  // link's meaning (a leading "//" would otherwise point off-site).
  const segment = encodeURIComponent(slug);
  return type === "Root" ? `/${segment}` : `/${encodeURIComponent(type.toLowerCase())}/${segment}`;
}
