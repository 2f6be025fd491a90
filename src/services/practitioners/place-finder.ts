/**
 * Turns what a visitor typed into a point to search from, with the gazetteer (D1 `places`):
 * a town ("Exeter"), or a town with its county ("Newport, Isle of Wight"). UK postcodes are
 * recognised but cannot be placed yet (no open postcode data is shipped: decision 0054), so the
 * visitor is told so and asked for their town. An unknown place gets names that start the same way.
 */
import type { Place, PlaceStore } from "../../adapters/d1/places";
import { placeKey } from "../../shared/place-key";
import { UK_POSTCODE, UK_POSTCODE_DISTRICT } from "../../shared/practice-form";

export type PlaceAnswer =
  | { kind: "found"; place: Place; others: Place[] }
  | { kind: "postcode" }
  | { kind: "unknown"; suggestions: Place[] };

export function createPlaceFinder(places: PlaceStore) {
  return {
    async find(typed: string): Promise<PlaceAnswer> {
      const compact = typed.replace(/\s+/g, "");
      if (UK_POSTCODE.test(typed) || UK_POSTCODE_DISTRICT.test(compact)) {
        // A town can be named like a district ("Ely"? no: districts always hold a digit), so this is a postcode.
        return { kind: "postcode" };
      }
      const [namePart = "", countyPart = ""] = typed.split(",", 2);
      const key = placeKey(namePart);
      if (!key) return { kind: "unknown", suggestions: [] };
      const named = await places.named(key);
      const county = placeKey(countyPart);
      const matching = county ? named.filter((p) => p.county !== null && placeKey(p.county).startsWith(county)) : named;
      const [first, ...others] = matching.length > 0 ? matching : named;
      if (first) return { kind: "found", place: first, others };
      return { kind: "unknown", suggestions: await places.startingWith(key.slice(0, Math.max(3, Math.min(key.length - 1, 5))), 6) };
    },
    /** The town of a practice being saved: the first place of that name, or null. */
    async placeOfTown(town: string): Promise<Place | null> {
      const answer = await this.find(town);
      return answer.kind === "found" ? answer.place : null;
    },
  };
}

export type PlaceFinder = ReturnType<typeof createPlaceFinder>;
