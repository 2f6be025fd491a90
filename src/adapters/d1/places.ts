/**
 * The gazetteer in D1 (`places`, loaded by scripts/lib/gazetteer.mjs from GeoNames' data): a
 * place by its normalised name (src/shared/place-key.ts) on an index, and names that start the
 * same way for "did you mean".
 */
import type { Place } from "../../domain/practitioners";

export type { Place };

export interface PlaceStore {
  /** Every place with this key, the likeliest first (one named like its county, then by id). */
  named(nameKey: string): Promise<Place[]>;
  /** Up to `limit` places whose key starts with `prefix`, in name order. */
  startingWith(prefix: string, limit: number): Promise<Place[]>;
}

export function createPlaceStore(db: D1Database): PlaceStore {
  return {
    async named(nameKey) {
      const { results } = await db
        .prepare(
          `SELECT name, county, country, lat, lng FROM places WHERE name_key = ?1
           ORDER BY CASE WHEN lower(county) = ?1 THEN 0 ELSE 1 END, id LIMIT 20`,
        )
        .bind(nameKey)
        .all<Place>();
      return results;
    },
    async startingWith(prefix, limit) {
      const { results } = await db
        .prepare("SELECT name, county, country, lat, lng FROM places WHERE name_key >= ?1 AND name_key < ?1 || '~' ORDER BY name_key, id LIMIT ?2")
        .bind(prefix, limit)
        .all<Place>();
      return results;
    },
  };
}
