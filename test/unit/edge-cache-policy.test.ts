import { describe, expect, it } from "vitest";
import { NO_GENERATIONS } from "../../src/adapters/kv/content-generations";
import { isKeptPageCurrent, keptPageStamp, mayServeOutdated } from "../../src/services/cache/edge-cache-policy";
import { afterPurge, DERIVED_GENERATION, derivedMarker, generationOf } from "../../src/services/cache/generations";

const kept = (version: number, dependsOn: string[]) => new Headers(keptPageStamp(version, dependsOn));

describe("a page kept at the edge", () => {
  const page = ["footer", "navigation", "generalPage", "tag:doc:page-b", "tag:general-page@root/b", derivedMarker("membership-info")];
  const rendered = afterPurge(NO_GENERATIONS, ["footer"], 1_000);

  it("stays current through a purge of another page, a list it is not in, or a derived value that came out the same", () => {
    const headers = kept(rendered.version, page);
    for (const purged of [["tag:doc:page-a", "tag:general-page@root/a", "allGeneralPages"], ["webinars"]]) {
      expect(isKeptPageCurrent(afterPurge(rendered, purged, 2_000), headers), purged.join()).toBe(true);
    }
  });

  it("is retired by a purge of its layout, its own document or address, or a derived value it shows that changed", () => {
    const headers = kept(rendered.version, page);
    for (const purged of [["footer"], ["tag:doc:page-b"], ["tag:general-page@root/b"], [derivedMarker("membership-info")]]) {
      expect(isKeptPageCurrent(afterPurge(rendered, purged, 2_000), headers), purged.join()).toBe(false);
    }
  });

  it("is retired by any purge when its dependencies were too many to list, and is never current without a stamp", () => {
    const many = Array.from({ length: 2_000 }, (_, i) => `tag:doc:document-${i}`);
    expect(isKeptPageCurrent(rendered, kept(rendered.version, many))).toBe(true);
    expect(isKeptPageCurrent(afterPurge(rendered, ["webinars"], 2_000), kept(rendered.version, many))).toBe(false);
    expect(isKeptPageCurrent(rendered, new Headers())).toBe(false);
  });

  it("a purge of derived values' markers alone does not outdate derived values again", () => {
    const after = afterPurge(rendered, [derivedMarker("membership-info")], 2_000);
    expect(generationOf(after, DERIVED_GENERATION)).toBe(generationOf(rendered, DERIVED_GENERATION));
    expect(generationOf(afterPurge(rendered, ["footer"], 2_000), DERIVED_GENERATION)).toBe(2_000);
  });

  it("may be served while it is rendered again only until the purge that retired it is CACHE_MAX_OUTDATED_SECONDS old", () => {
    const headers = kept(rendered.version, page);
    const retired = afterPurge(rendered, ["tag:doc:page-b"], 10_000);
    expect(mayServeOutdated(retired, headers, 10_000 + 59_999, 60_000)).toBe(true);
    expect(mayServeOutdated(retired, headers, 10_000 + 60_000, 60_000)).toBe(false);
    // Measured from the first purge that retired it, not a later purge of something else it shows.
    const laterAgain = afterPurge(retired, ["footer"], 50_000);
    expect(mayServeOutdated(laterAgain, headers, 10_000 + 60_000, 60_000)).toBe(false);
    // A page still current, or kept without a stamp, is not an outdated page to serve.
    expect(mayServeOutdated(rendered, headers, 2_000, 60_000)).toBe(false);
    expect(mayServeOutdated(retired, new Headers(), 10_001, 60_000)).toBe(false);
  });
});
