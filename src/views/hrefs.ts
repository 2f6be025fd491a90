/**
 * Where the site's own screens live (docs/decisions/0004). General pages are linked with
 * `pageHref` from src/shared/links.ts; these are the screens that are not general pages.
 */
const segment = (slug: string) => encodeURIComponent(slug);

export const hrefs = {
  home: "/",
  articles: "/articles",
  article: (slug: string) => `/articles/${segment(slug)}`,
  webinars: "/webinars",
  webinar: (slug: string) => `/webinars/${segment(slug)}`,
  bundles: "/webinars/bundles",
  bundle: (slug: string) => `/webinars/bundles/${segment(slug)}`,
  memberships: "/memberships",
  join: "/join",
  /** The join form with a membership chosen in advance. */
  joinAs: (membershipSlug: string) => `/join?membership=${encodeURIComponent(membershipSlug)}`,
  signIn: "/login",
  cart: "/cart",
} as const;
