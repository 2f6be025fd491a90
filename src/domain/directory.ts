/** The member directory: what a member lists about themselves, and what other members may see. */

/** The fields a member may choose to show besides their name. */
export const DIRECTORY_FIELDS = ["town", "workplace", "specialisation", "email", "phone"] as const;
export type DirectoryField = (typeof DIRECTORY_FIELDS)[number];

/** Shown unless the member chooses otherwise: their name (always) and specialisation. */
export const DEFAULT_SHOWN: Readonly<Record<DirectoryField, boolean>> = { town: false, workplace: false, specialisation: true, email: false, phone: false };

/** A member's own directory entry: every value they gave, and which of them show. */
export interface DirectoryEntry {
  displayName: string;
  town: string | null;
  workplace: string | null;
  specialisation: string | null;
  email: string | null;
  phone: string | null;
  show: Record<DirectoryField, boolean>;
}

/** One member as other members see them: a hidden field is null (it never left the database). */
export interface DirectoryListing {
  displayName: string;
  town: string | null;
  workplace: string | null;
  specialisation: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * Where a page of the directory starts or ends: a listed member's entry id, and their name when
 * browsing by name (a search's results come in the order of the search index, by id alone).
 */
export interface DirectoryKey {
  id: number;
  name: string | null;
}

/**
 * A search of the directory: the words typed in the one search box (each matches the start of a
 * word of the name, or of the town or specialisation where their owner shows them), and the page:
 * after or before a key, or the first page when neither is set.
 */
export interface DirectorySearch {
  /** As typed (trimmed), to show in the box again; empty to browse everyone by name. */
  text: string;
  /** The words searched for, each matched as the start of a word. */
  words: string[];
  after: DirectoryKey | null;
  before: DirectoryKey | null;
}

/** One member on a page: what other members may see, and the key of their place in the order. */
export interface DirectoryRow {
  key: DirectoryKey;
  listing: DirectoryListing;
}

/**
 * One page, without a count (counting every match on each page is what made the directory slow):
 * the keys to page on from, or null where there is nothing more that way.
 */
export interface DirectoryPage {
  listings: DirectoryListing[];
  previous: DirectoryKey | null;
  next: DirectoryKey | null;
}

/** How many members one directory page lists. */
export const DIRECTORY_PAGE_SIZE = 20;
