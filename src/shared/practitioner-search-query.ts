/**
 * The public search's address (/find-a-practitioner?place=…&near=…&radius=…&service=…&after=…),
 * read into a search or refused with a message for the field that is wrong.
 */
import { choiceKey } from "./choice-key";
import { DEFAULT_RADIUS, RADII, TAG_KINDS, type SearchFilters, type SearchKey, type TagKind } from "../domain/practitioners";

export interface SearchQuery {
  place: string;
  /** "me": the request's approximate location; a point: the browser's precise location. */
  near: "me" | { lat: number; lng: number } | null;
  radius: number;
  filters: SearchFilters;
  after: SearchKey | null;
}

export type ParsedSearch = { ok: true; query: SearchQuery } | { ok: false; field: string; message: string; place: string };

const FILTER_VALUE = /^[a-z0-9-]{1,60}$/;
/** Letters (any script), digits, spaces and the punctuation place names and postcodes use. */
const PLACE = /^[\p{L}\p{M}\d .,'’()-]*$/u;

export function parseSearchQuery(q: Record<string, string | undefined>): ParsedSearch {
  const place = (q.place ?? "").trim().replace(/\s+/g, " ");
  const refuse = (field: string, message: string): ParsedSearch => ({ ok: false, field, message, place });
  if (place.length > 80) return refuse("place", "Enter a town or postcode of at most 80 characters");
  if (!PLACE.test(place)) return refuse("place", "Enter a town or postcode using letters, numbers and spaces");

  let near: SearchQuery["near"] = null;
  const nearText = (q.near ?? "").trim();
  if (nearText === "me") near = "me";
  else if (nearText !== "") {
    const match = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/.exec(nearText);
    const lat = match ? Number(match[1]) : Number.NaN;
    const lng = match ? Number(match[2]) : Number.NaN;
    if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) return refuse("place", "The location could not be read: search by town instead");
    near = { lat, lng };
  }

  const radiusText = (q.radius ?? "").trim();
  const radius = radiusText === "" ? DEFAULT_RADIUS : Number(radiusText);
  if (!(RADII as readonly number[]).includes(radius)) return refuse("radius", `Choose a distance of ${RADII.join(", ")} miles`);

  const filters = {} as Record<TagKind, string | null>;
  for (const kind of TAG_KINDS) {
    // A language is typed, not chosen: read it as the key listings keep ("Welsh" -> "welsh").
    const value = kind === "language" ? choiceKey(q[kind] ?? "") : (q[kind] ?? "").trim();
    if (value !== "" && !FILTER_VALUE.test(value)) return refuse(kind, "Choose from the list");
    filters[kind] = value || null;
  }

  let after: SearchKey | null = null;
  if (q.after) {
    const match = /^(\d(?:\.\d{1,20})?(?:e-\d{1,3})?)_(\d{1,12})$/.exec(q.after);
    if (!match) return refuse("after", "This page link is broken: start the search again");
    after = { chord: Number(match[1]), id: Number(match[2]) };
  }
  return { ok: true, query: { place, near, radius, filters, after } };
}

/** The `after` value for a key. */
export const afterParam = (key: SearchKey): string => `${key.chord}_${key.id}`;
