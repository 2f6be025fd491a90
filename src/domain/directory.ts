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

/** A search of the directory: each filter matches part of the shown value, case-insensitively. */
export interface DirectorySearch {
  name: string | null;
  town: string | null;
  specialisation: string | null;
  /** 1-based. */
  page: number;
}

export interface DirectoryPage {
  listings: DirectoryListing[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many members one directory page lists. */
export const DIRECTORY_PAGE_SIZE = 20;
