/** The practitioner search's pure rules: distances, the box, place keys and the search address. */
import { describe, expect, it } from "vitest";
import { boundingBox, chordSquaredFor, formatDistance, haversineKm, kmForChordSquared, unitVector } from "../../../src/shared/geo";
import { placeKey } from "../../../src/shared/place-key";
import { parseSearchQuery } from "../../../src/shared/practitioner-search-query";

const EXETER = { lat: 50.7236, lng: -3.52751 };
const BRISTOL = { lat: 51.45523, lng: -2.59665 };
const chordSquared = (a: typeof EXETER, b: typeof EXETER) => {
  const [u, v] = [unitVector(a), unitVector(b)];
  return (u.x - v.x) ** 2 + (u.y - v.y) ** 2 + (u.z - v.z) ** 2;
};

describe("distances", () => {
  it("measure Exeter to Bristol as about 104 km (65 miles), the same by chord as by haversine", () => {
    const km = haversineKm(EXETER, BRISTOL);
    expect(km).toBeGreaterThan(100);
    expect(km).toBeLessThan(108);
    expect(kmForChordSquared(chordSquared(EXETER, BRISTOL))).toBeCloseTo(km, 6);
    expect(formatDistance(km, "GB")).toMatch(/^6\d miles$/);
    expect(formatDistance(km, "FR")).toMatch(/^10\d km$/);
    expect(formatDistance(1.609344, "GB")).toBe("1 mile");
  });

  it("keep every point within the radius inside the box, and the radius as a squared chord", () => {
    const box = boundingBox(EXETER, 120);
    expect(BRISTOL.lat).toBeGreaterThan(box.latMin);
    expect(BRISTOL.lat).toBeLessThan(box.latMax);
    expect(BRISTOL.lng).toBeGreaterThan(box.lngMin);
    expect(BRISTOL.lng).toBeLessThan(box.lngMax);
    expect(chordSquared(EXETER, BRISTOL)).toBeLessThan(chordSquaredFor(120));
    expect(chordSquared(EXETER, BRISTOL)).toBeGreaterThan(chordSquaredFor(90));
  });
});

describe("place keys", () => {
  it("ignore case, accents, punctuation and saint/st", () => {
    expect(placeKey("  Newcastle-upon-Tyne ")).toBe("newcastle upon tyne");
    expect(placeKey("St. Ives")).toBe(placeKey("Saint Ives"));
    expect(placeKey("Ynys Môn")).toBe("ynys mon");
  });
});

describe("the search address", () => {
  it("reads a place, a distance, filters and a page key", () => {
    const parsed = parseSearchQuery({ place: " Exeter ", radius: "50", service: "sports-injuries", after: "0.000123_42" });
    expect(parsed).toEqual({
      ok: true,
      query: { place: "Exeter", near: null, radius: 50, filters: { service: "sports-injuries", condition: null, language: null, appointment: null, sees: null, access: null }, after: { chord: 0.000123, id: 42 } },
    });
    expect(parseSearchQuery({ language: " Welsh " })).toMatchObject({ ok: true, query: { filters: { language: "welsh" } } });
    expect(parseSearchQuery({ near: "50.72,-3.53" })).toMatchObject({ ok: true, query: { near: { lat: 50.72, lng: -3.53 } } });
  });

  it("refuses what it cannot read, naming the field", () => {
    expect(parseSearchQuery({ place: "x".repeat(81) })).toMatchObject({ ok: false, field: "place" });
    expect(parseSearchQuery({ radius: "26" })).toMatchObject({ ok: false, field: "radius" });
    expect(parseSearchQuery({ access: "DROP TABLE" })).toMatchObject({ ok: false, field: "access" });
    expect(parseSearchQuery({ after: "1_2_3" })).toMatchObject({ ok: false, field: "after" });
    expect(parseSearchQuery({ near: "200,0" })).toMatchObject({ ok: false, field: "place" });
  });
});
