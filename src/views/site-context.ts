/** What every view needs to know about the site and the request it renders for. */

/** Interactive parts that ship JavaScript (see the islands convention in docs/decisions). */
export type IslandName = "cart-badge" | "cart" | "auth" | "membership" | "join" | "search" | "find-practitioner" | "check-in" | "message-autosave" | "practice-photo";

/** Hashed URLs of the client build. */
export interface AssetUrls {
  stylesheet: string;
  island(name: IslandName): string;
  /** The share image used when neither the page nor the global SEO has one. */
  defaultShareImage: string;
}

export interface SiteContext {
  /** The short product name (SITE_NAME). */
  name: string;
  /** Absolute origin, no trailing slash (SITE_URL). */
  url: string;
  /** The request's path, without query, used to mark the current page in navigation. */
  currentPath: string;
  assets: AssetUrls;
  /** The request's clock: webinar states (upcoming, free, archived) are relative to it. */
  now: Date;
  /** Who is looking: a visitor, or a signed-in user (by e-mail). */
  viewer?: { signedIn: boolean; email: string | null };
  /** An editor's draft preview: drafts are shown, under a bar that says so, with a way out. */
  preview?: boolean;
}
