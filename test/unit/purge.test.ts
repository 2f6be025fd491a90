import { describe, expect, it } from "vitest";
import type { PurgeLog, PurgeLogEntry } from "../../src/adapters/d1/purge-log";
import type { ContentVersionStore } from "../../src/adapters/kv/content-version";
import { ALL_OPERATIONS } from "../../src/adapters/cms/operations";
import { cacheKey, derivedKey } from "../../src/services/cache/cache-key";
import { operationsForModel, purgeContent } from "../../src/services/content/purge";
import { createMemoryStore, createRecordingLog } from "../support/worker/memory-store";

/** A content version in memory, counting its bumps. */
function memoryVersion(): ContentVersionStore & { bumps: number } {
  const version = { bumps: 0, current: async () => String(version.bumps), bump: async () => String(++version.bumps) };
  return version;
}

function memoryPurgeLog(): PurgeLog & { entries: PurgeLogEntry[] } {
  const entries: PurgeLogEntry[] = [];
  return { entries, record: async (e) => void entries.push(e), recent: async () => [] };
}

describe("operationsForModel", () => {
  it("maps a webinar change to every operation that shows webinars", () => {
    const ops = operationsForModel("webinar");
    expect(ops).toEqual(expect.arrayContaining(["webinars", "webinar", "webinarBundles", "homepage", "generalPage"]));
    expect(ops).not.toContain("footer");
  });

  it("maps a general page change to navigation, sidebar and footer too (they link to pages)", () => {
    expect(operationsForModel("general-page")).toEqual(
      expect.arrayContaining(["navigation", "sidebar", "footer", "generalPage", "allGeneralPageSlugs"]),
    );
  });

  it("purges everything for an unknown model or none", () => {
    const all = ALL_OPERATIONS.map((op) => op.name);
    expect(operationsForModel(null)).toEqual(all);
    expect(operationsForModel("something-new")).toEqual(all);
  });
});

describe("purgeContent", () => {
  it("invalidates the affected entries, keeps them for stale-if-error, and leaves others alone", async () => {
    const store = createMemoryStore();
    const { log } = createRecordingLog();
    const footerKey = await cacheKey("footer", {});
    const webinarKey = await cacheKey("webinar", { slug: "a" });
    for (const key of [footerKey, webinarKey]) store.entries.set(key, { value: key, fetchedAt: 1, invalidated: false });
    const purgeLog = memoryPurgeLog();
    const contentVersion = memoryVersion();

    const result = await purgeContent({ store, contentVersion, log, purgeLog, ttlSeconds: 3600 }, { model: "webinar", event: "entry.publish" });

    expect(result.invalidated).toBe(1);
    expect(store.entries.get(webinarKey)).toMatchObject({ value: webinarKey, invalidated: true });
    expect(store.entries.get(footerKey)).toMatchObject({ invalidated: false });
    // Every page kept at the edge moves to new keys: any page may show a webinar.
    expect(contentVersion.bumps).toBe(1);
    expect(purgeLog.entries).toEqual([
      expect.objectContaining({ model: "webinar", event: "entry.publish", invalidated: 1 }),
    ]);
  });

  it("invalidates values derived from several operations whatever model changed", async () => {
    const store = createMemoryStore();
    const { log } = createRecordingLog();
    const key = derivedKey("gatedMedia");
    store.entries.set(key, { value: {}, fetchedAt: 1, invalidated: false });
    await purgeContent({ store, contentVersion: memoryVersion(), log, purgeLog: memoryPurgeLog(), ttlSeconds: 3600 }, { model: "footer", event: "entry.update" });
    expect(store.entries.get(key)).toMatchObject({ invalidated: true });
  });

  it("still purges when the purge log cannot be written", async () => {
    const store = createMemoryStore();
    const { log, lines } = createRecordingLog();
    const key = await cacheKey("footer", {});
    store.entries.set(key, { value: 1, fetchedAt: 1, invalidated: false });
    const failingLog: PurgeLog = {
      record: async () => {
        throw new Error("D1 unavailable");
      },
      recent: async () => [],
    };
    const result = await purgeContent({ store, contentVersion: memoryVersion(), log, purgeLog: failingLog, ttlSeconds: 60 }, { model: null, event: null });
    expect(result.invalidated).toBe(1);
    expect(lines.some((l) => l.event === "cache.purge_log_failed")).toBe(true);
  });
});
