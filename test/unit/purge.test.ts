import { describe, expect, it } from "vitest";
import type { PurgeCoordinator } from "../../src/adapters/durable-objects/content-purger";
import type { PurgeLog, PurgeLogEntry } from "../../src/adapters/d1/purge-log";
import { type ContentGenerations, type ContentGenerationsStore, NO_GENERATIONS } from "../../src/adapters/kv/content-generations";
import { ALL_OPERATIONS } from "../../src/adapters/cms/operations";
import { AppError } from "../../src/errors";
import { generationOf } from "../../src/services/cache/generations";
import { operationsForModel, purgeContent, type PurgeDeps } from "../../src/services/content/purge";
import { createRecordingLog } from "../support/worker/memory-store";

/** The content generations in memory, counting KV operations. */
function memoryGenerations(): ContentGenerationsStore & { value: ContentGenerations; writes: number; reads: number; failWrites: boolean } {
  const store = {
    value: NO_GENERATIONS,
    writes: 0,
    reads: 0,
    failWrites: false,
    current: async () => store.value,
    read: async () => (store.reads++, store.value),
    write: async (next: ContentGenerations) => {
      if (store.failWrites) throw new Error("KV PUT failed: 429 Too Many Requests");
      store.writes++;
      store.value = next;
    },
  };
  return store;
}

/** A coordinator that publishes every purge at once (batching is purge-batcher's, tested on its own). */
const direct: PurgeCoordinator = { purge: (operations, publish) => publish([...operations]) };

function memoryPurgeLog(): PurgeLog & { entries: PurgeLogEntry[] } {
  const entries: PurgeLogEntry[] = [];
  return { entries, record: async (e) => void entries.push(e) };
}

function setup(overrides: Partial<PurgeDeps> = {}) {
  const generations = memoryGenerations();
  const purgeLog = memoryPurgeLog();
  const { log, lines } = createRecordingLog();
  const deps: PurgeDeps = { coordinator: direct, generations, purgeLog, log, now: () => 1_700_000_000_000, ...overrides };
  return { deps, generations, purgeLog, lines };
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

  it("purges a page named by the webhook by its document and address, not the operations that show pages one by one", () => {
    const ops = operationsForModel("general-page", { documentId: "abc123", slug: "about", type: "Root" });
    expect(ops).toEqual(expect.arrayContaining(["allGeneralPages", "allGeneralPageSlugs", "pagesPresentingMemberships", "tag:doc:abc123", "tag:general-page@root/about"]));
    for (const shownOneByOne of ["generalPage", "article", "homepage", "navigation", "sidebar", "footer", "joinPage"]) expect(ops).not.toContain(shownOneByOne);
    // A model shown only in lists gets no tags: its operations are purged whole.
    expect(operationsForModel("webinar", { documentId: "w1", slug: "w" })).toEqual(operationsForModel("webinar"));
  });

  it("purges everything for an unknown model or none", () => {
    const all = ALL_OPERATIONS.map((op) => op.name);
    expect(operationsForModel(null)).toEqual(all);
    expect(operationsForModel("something-new")).toEqual(all);
  });
});

describe("purgeContent", () => {
  it("outdates the affected operations and the derived values in one KV read and one write, and logs it in D1", async () => {
    const t = setup();
    const result = await purgeContent(t.deps, { model: "webinar", event: "entry.publish" });

    expect(t.generations.reads).toBe(1);
    expect(t.generations.writes).toBe(1);
    expect(result.version).toBe(t.generations.value.version);
    expect(generationOf(t.generations.value, "webinars")).toBe(result.version);
    expect(generationOf(t.generations.value, "derived")).toBe(result.version);
    expect(generationOf(t.generations.value, "footer")).toBe(0);
    expect(t.purgeLog.entries).toEqual([expect.objectContaining({ model: "webinar", event: "entry.publish" })]);
    expect(t.lines.find((l) => l.event === "cache.purged")?.fields).toMatchObject({ cmsEvent: "entry.publish", model: "webinar" });
  });

  it("fails with CACHE_PURGE_FAILED and changes nothing when the generations cannot be written", async () => {
    const t = setup();
    t.generations.failWrites = true;
    const failure = await purgeContent(t.deps, { model: "footer", event: "entry.update" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "CACHE_PURGE_FAILED", status: 503 });
    expect(t.generations.value).toBe(NO_GENERATIONS);
    expect(t.purgeLog.entries).toEqual([]);
    expect(t.lines.find((l) => l.event === "cache.purge_failed")?.fields).toMatchObject({ reason: "KV PUT failed: 429 Too Many Requests" });
  });

  it("fails with CACHE_PURGE_FAILED when the coordinator cannot be reached", async () => {
    const t = setup({ coordinator: { purge: async () => Promise.reject(new Error("Durable Object reset")) } });
    await expect(purgeContent(t.deps, { model: null, event: null })).rejects.toMatchObject({ code: "CACHE_PURGE_FAILED" });
    expect(t.generations.writes).toBe(0);
  });

  it("still purges when the purge log cannot be written", async () => {
    const t = setup({ purgeLog: { record: async () => Promise.reject(new Error("D1 unavailable")) } });
    const result = await purgeContent(t.deps, { model: null, event: null });
    expect(result.version).toBe(t.generations.value.version);
    expect(t.lines.some((l) => l.event === "cache.purge_log_failed")).toBe(true);
  });
});
