/**
 * Find a practitioner, for the public: a search from a place, from the visitor's approximate
 * location (the request's, from Cloudflare) or from the browser's precise one; the results the
 * nearest first within the chosen distance, filtered, a page at a time; and a listing's profile.
 * Only listings that may be shown now are ever returned (the store asks at query time).
 */
import type { Listability, PractitionerListingStore } from "../../adapters/d1/practitioner-listings";
import type { PractitionerSettings } from "../../adapters/cms/operations/practitioners";
import type { PractitionerPhotoFiles } from "../../adapters/r2/practitioner-photos";
import { SEARCH_PAGE_SIZE, type FindAnswer, type PracticeLocation, type PublicListing, type SearchOrigin, type SearchPage } from "../../domain/practitioners";
import { boundingBox, chordSquaredFor, haversineKm, KM_PER_MILE, kmForChordSquared } from "../../shared/geo";
import type { SearchQuery } from "../../shared/practitioner-search-query";
import { placeLabel } from "../../shared/place-label";
import type { PlaceFinder } from "./place-finder";

export type { FindAnswer };

/** Where the request comes from, as Cloudflare tells (request.cf); null when it does not. */
export interface ApproximateLocation {
  lat: number;
  lng: number;
  country: string;
  city: string | null;
}

export interface FindDeps {
  store: PractitionerListingStore;
  photos: Pick<PractitionerPhotoFiles, "read">;
  places: PlaceFinder;
  settings: () => Promise<PractitionerSettings>;
  graceDays: number;
  now: () => Date;
}

/** The rings a search widens through before its radius (km): 5, 15 and 40 miles. */
const RINGS_KM = [8, 24, 64];

/** Profiles the sitemap reads per statement. */
const SITEMAP_PAGE = 5_000;

const POSTCODE_NOTICE = "We cannot look up postcodes yet. Please search by your town instead";

export function createFindService(deps: FindDeps) {
  const who = async (): Promise<Listability> => ({ now: deps.now(), graceDays: deps.graceDays, listableSlugs: (await deps.settings()).listableMemberships });

  async function search(origin: SearchOrigin, query: SearchQuery): Promise<SearchPage> {
    const km = origin.country === "GB" ? query.radius * KM_PER_MILE : query.radius;
    const listability = await who();
    // Rings outwards from the key: the rows after the key within a smaller ring are the nearest
    // after it within the radius too, so a ring that fills the page is the answer, and a dense
    // city with a wide radius reads its few nearest miles, not the whole region.
    const afterKm = query.after ? kmForChordSquared(query.after.chord) : 0;
    const rings = [...RINGS_KM.filter((ring) => ring > afterKm && ring < km), km];
    let rows: { id: number; chord: number }[] = [];
    for (const ring of rings) {
      rows = await deps.store.search(
        {
          origin: origin.position,
          box: boundingBox(origin.position, ring),
          maxChordSquared: chordSquaredFor(ring),
          after: query.after,
          filters: query.filters,
          limit: SEARCH_PAGE_SIZE + 1,
        },
        listability,
      );
      if (rows.length > SEARCH_PAGE_SIZE) break;
    }
    const shown = rows.slice(0, SEARCH_PAGE_SIZE);
    const listings = await deps.store.publicListings(
      shown.map((r) => r.id),
      listability,
    );
    const results = listings.map((listing) => {
      const nearest = nearestLocation(listing.locations, origin);
      return { listing, nearest: nearest.location, distanceKm: nearest.km };
    });
    const last = shown.at(-1);
    return { results, next: rows.length > SEARCH_PAGE_SIZE && last ? { chord: last.chord, id: last.id } : null };
  }

  return {
    /**
     * The answer to a search: results from the place typed, else from `near`; a prompt when there
     * is nothing to search from; "we could not find that place" with suggestions.
     */
    async find(query: SearchQuery, approximate: ApproximateLocation | null): Promise<FindAnswer> {
      let notice: string | null = null;
      if (query.place) {
        const answer = await deps.places.find(query.place);
        if (answer.kind === "found") {
          const origin = { position: { lat: answer.place.lat, lng: answer.place.lng }, label: placeLabel(answer.place), country: answer.place.country };
          return { kind: "results", origin, page: await search(origin, query), others: answer.others, notice: null };
        }
        if (answer.kind === "unknown") return { kind: "unknown-place", suggestions: answer.suggestions };
        notice = POSTCODE_NOTICE;
      }
      if (query.near !== null && typeof query.near === "object") {
        const origin = { position: query.near, label: "your location", country: approximate?.country ?? "GB" };
        return { kind: "results", origin, page: await search(origin, query), others: [], notice };
      }
      if (approximate && (query.near === "me" || notice !== null || !query.place)) {
        const origin = {
          position: { lat: approximate.lat, lng: approximate.lng },
          label: approximate.city ? `near ${approximate.city} (your approximate location)` : "your approximate location",
          country: approximate.country,
        };
        return { kind: "results", origin, page: await search(origin, query), others: [], notice: notice ? `${notice}. Showing practitioners near your approximate location.` : null };
      }
      return { kind: "prompt", notice: notice ? `${notice}.` : query.near === "me" ? "We could not tell where you are. Please search by your town." : null };
    },

    /** A listing's public profile, or null when there is none that may be shown. */
    async profile(id: number): Promise<PublicListing | null> {
      const [listing] = await deps.store.publicListings([id], await who());
      return listing ?? null;
    },

    /**
     * A shown listing's photo at this version, or null: a listing hidden, unlisted or lapsed has
     * no photo for anyone, and an old version (a replaced photo) is gone.
     */
    async photo(id: number, version: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; type: string } | null> {
      const found = await deps.store.publicPhoto(id, version, await who());
      if (!found) return null;
      const file = await deps.photos.read(found.key);
      return file ? { ...file, type: found.type } : null;
    },

    /** Every profile shown now, for the sitemap: read by id a bounded page at a time. */
    async sitemapEntries(): Promise<{ path: string; lastmod: string | null }[]> {
      const listability = await who();
      const entries: { path: string; lastmod: string | null }[] = [];
      for (let after = 0; ; ) {
        const page = await deps.store.listableIds(after, SITEMAP_PAGE, listability);
        entries.push(...page.map((row) => ({ path: `/find-a-practitioner/${row.id}`, lastmod: row.updatedAt })));
        if (page.length < SITEMAP_PAGE) return entries;
        after = page.at(-1)!.id;
      }
    },

    lists: () => deps.settings(),
  };
}

export type FindService = ReturnType<typeof createFindService>;

function nearestLocation(locations: PracticeLocation[], origin: SearchOrigin): { location: PracticeLocation; km: number } {
  let best: { location: PracticeLocation; km: number } | null = null;
  for (const location of locations) {
    if (!location.position) continue;
    const km = haversineKm(origin.position, location.position);
    if (!best || km < best.km) best = { location, km };
  }
  return best ?? { location: locations[0]!, km: Number.NaN };
}

