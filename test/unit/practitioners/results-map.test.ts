/** The results map's geometry: offsets from the search's point, the ring's round distance, directions in words. */
import { describe, expect, it } from "vitest";
import { compass, offsetKm, outerRingKm } from "../../../src/views/practitioners/results-map";

const EXETER = { lat: 50.7236, lng: -3.52751 };
const BRISTOL = { lat: 51.45523, lng: -2.59665 };

describe("the results map", () => {
  it("places Bristol about 104 km north-east of Exeter", () => {
    const o = offsetKm(EXETER, BRISTOL);
    expect(Math.hypot(o.east, o.north)).toBeGreaterThan(100);
    expect(Math.hypot(o.east, o.north)).toBeLessThan(108);
    expect(compass(o)).toBe("north-east");
    expect(compass(offsetKm(BRISTOL, EXETER))).toBe("south-west");
    expect(compass({ east: 0.1, north: 0.1 })).toBe("here");
  });

  it("draws its outer ring at the first round distance holding every marker, in miles in Great Britain", () => {
    expect(outerRingKm(104, "GB") / 1.609344).toBe(100);
    expect(outerRingKm(3, "GB") / 1.609344).toBe(2);
    expect(outerRingKm(30, "FR")).toBe(50);
  });
});
