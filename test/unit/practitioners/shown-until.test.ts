/** A kept page of listings is never served past the moment the first of them stops being shown. */
import { describe, expect, it } from "vitest";
import { edgeCacheTtl } from "../../../src/services/cache/edge-cache-policy";
import { soonestShownUntil } from "../../../src/services/practitioners/shown-until";

describe("soonestShownUntil", () => {
  it("is the earliest end among the listings, ignoring those without one", () => {
    expect(soonestShownUntil([{ shownUntil: null }, { shownUntil: "2026-12-28T00:00:00Z" }, { shownUntil: "2026-12-01T00:00:00Z" }])).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(soonestShownUntil([{ shownUntil: null }])).toBeNull();
    expect(soonestShownUntil([])).toBeNull();
  });
});

describe("edgeCacheTtl", () => {
  it("cuts a page's time at the edge to the seconds left before what it shows stops being true", () => {
    expect(edgeCacheTtl("clock", 300)).toBe(60);
    expect(edgeCacheTtl("clock", 300, 3600)).toBe(60);
    expect(edgeCacheTtl("clock", 300, 20.7)).toBe(20);
    expect(edgeCacheTtl("content", 300, 120)).toBe(120);
  });

  it("is zero (not kept at all) when the end is now or past", () => {
    expect(edgeCacheTtl("clock", 300, 0.5)).toBe(0);
    expect(edgeCacheTtl("clock", 300, -10)).toBe(0);
  });
});
