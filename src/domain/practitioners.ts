/**
 * Find a practitioner: a member's public listing, its practices, and what a search returns
 * (docs/decisions/0054-find-a-practitioner.md). Types only.
 */

/** The kinds of choice a listing offers, each a filter of the search. */
export const TAG_KINDS = ["service", "condition", "language", "appointment", "sees", "access"] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/** One choice: its key (in addresses and the database) and the words shown. */
export interface Choice {
  value: string;
  label: string;
}

/** Who a practitioner sees: fixed, not the editors' to change. */
export const SEES_CHOICES: readonly Choice[] = [
  { value: "adults", label: "Adults" },
  { value: "children", label: "Children and young people" },
];

/** What the premises offer: fixed. */
export const ACCESS_CHOICES: readonly Choice[] = [
  { value: "step-free", label: "Step-free access" },
  { value: "accessible-toilet", label: "Accessible toilet" },
  { value: "parking", label: "Parking nearby" },
];

/** The editors' lists (CMS: Practitioner settings), each a list of choices. */
export interface PractitionerLists {
  services: Choice[];
  conditions: Choice[];
  appointments: Choice[];
}

/** Where a practice is on the map, and how it got there. */
export interface Position {
  lat: number;
  lng: number;
}
export type PlacedBy = "town" | "member" | "none";

export interface PracticeLocation {
  name: string;
  address: string;
  town: string;
  postcode: string | null;
  phone: string | null;
  website: string | null;
  bookingUrl: string | null;
  position: Position | null;
  placedBy: PlacedBy;
}

/** The kinds of photo a listing may have (checked by the file's bytes). */
export type PhotoContentType = "image/jpeg" | "image/png" | "image/webp";

/** A listing's photo as pages show it: its version (in its address) and size in pixels. */
export interface ListingPhoto {
  version: string;
  width: number;
  height: number;
}

/** What a member writes in their listing (/user/practice). */
export interface PracticeListing {
  displayName: string;
  professionalTitle: string | null;
  bio: string | null;
  contactEmail: string;
  locations: PracticeLocation[];
  tags: Record<TagKind, Choice[]>;
  /** Set on /user/practice apart from the rest of the listing (an upload); null when there is none. */
  photo?: ListingPhoto | null;
}

/** The member's own listing and its state. */
export interface OwnListing {
  id: number | null;
  listed: boolean;
  hidden: { reason: string; at: string } | null;
  listing: PracticeListing;
}

/** Where a member's listing stands: whether the public sees it now, and if not, why. */
export interface PracticeStanding {
  own: OwnListing;
  shownNow: boolean;
  /** Their membership type may be listed publicly. */
  typeAllowed: boolean;
}

/** The mark the society stands behind on every profile. */
export interface MembershipMark {
  memberNumber: number | null;
  checkedOn: string;
}

/** A listing as the public sees it: never the contact address, never a hidden or lapsed member. */
export interface PublicListing {
  id: number;
  displayName: string;
  professionalTitle: string | null;
  bio: string | null;
  memberNumber: number | null;
  locations: PracticeLocation[];
  tags: Record<TagKind, Choice[]>;
  photo: ListingPhoto | null;
  /**
   * When the listing stops being shown by the clock alone (its membership's period plus grace
   * ends), or null when no end is set. Never shown: it bounds how long a kept page may be served.
   */
  shownUntil: string | null;
}

/** A search's point: where it is measured from, and what the visitor gave for it. */
export interface SearchOrigin {
  position: Position;
  /** In words, for the page ("Exeter, Devon", "your approximate location"). */
  label: string;
  /** GB distances in miles; elsewhere in kilometres. */
  country: string;
}

export interface SearchFilters {
  service: string | null;
  condition: string | null;
  language: string | null;
  appointment: string | null;
  sees: string | null;
  access: string | null;
}

/** The key of the last result seen: its chord (distance) and listing id. */
export interface SearchKey {
  chord: number;
  id: number;
}

export interface SearchResult {
  listing: PublicListing;
  /** The nearest practice's distance in kilometres. */
  distanceKm: number;
  nearest: PracticeLocation;
}

export interface SearchPage {
  results: SearchResult[];
  next: SearchKey | null;
}

/** A place in the gazetteer. */
export interface Place {
  name: string;
  county: string | null;
  country: string;
  lat: number;
  lng: number;
}

/** What a search answers: results, a prompt for a place, or "we could not find that place". */
export type FindAnswer =
  | { kind: "results"; origin: SearchOrigin; page: SearchPage; others: Place[]; notice: string | null }
  | { kind: "prompt"; notice: string | null }
  | { kind: "unknown-place"; suggestions: Place[] };

/** A listing in the staff's list. */
export interface StaffListingRow {
  id: number;
  displayName: string;
  userId: string;
  memberNumber: number | null;
  membershipStatus: string | null;
  listed: boolean;
  shown: boolean;
  hiddenReason: string | null;
  towns: string;
  contacts30Days: number;
  contactsAll: number;
  updatedAt: string;
}

/** The radii a visitor may choose, in miles (GB) or kilometres. */
export const RADII = [5, 10, 25, 50, 100] as const;
export const DEFAULT_RADIUS = 25;
export const SEARCH_PAGE_SIZE = 10;
export const MAX_LOCATIONS = 3;
