import { beforeEach, describe, expect, it } from "vitest";
import type { SharedLoad, SharedLoads } from "../../src/adapters/durable-objects/content-loader";
import { type ContentGenerations, NO_GENERATIONS } from "../../src/adapters/kv/content-generations";
import { createCoalescer } from "../../src/services/cache/coalesce";
import { afterPurge } from "../../src/services/cache/generations";
import { readThrough, type CachePolicy, type CacheSlot, type ReadThroughDeps, sharedMissGate, withCurrentInputs } from "../../src/services/cache/read-through";
import { createSingleFlight } from "../../src/services/cache/single-flight";
import { createMemoryStore, createRecordingLog } from "../support/worker/memory-store";

const policy: CachePolicy = { freshMs: 60_000, staleWhileRevalidateMs: 600_000, staleIfErrorMs: 3_600_000 };
const KEY: CacheSlot = { key: "content:v3:homepage:abc", generation: "homepage" };

function setup() {
  const store = createMemoryStore();
  const { log, lines } = createRecordingLog();
  let clock = 1_000_000;
  let generations: ContentGenerations = NO_GENERATIONS;
  const background: Promise<unknown>[] = [];
  let outdated = 0;
  const deps: ReadThroughDeps = {
    store,
    policy,
    now: () => clock,
    waitUntil: (p) => background.push(p),
    log,
    generations: async () => generations,
    shared: null,
    onOutdated: () => void (outdated += 1),
  };
  return {
    deps,
    store,
    lines,
    advance: (ms: number) => (clock += ms),
    purge: (...operations: string[]) => (generations = afterPurge(generations, operations, clock)),
    outdated: () => outdated,
    settle: () => Promise.all(background.splice(0)),
  };
}

/** Loads shared among "isolates" as the content loader objects share them (one single flight per key). */
function sharedLoads(): SharedLoads & { calls: number } {
  const flights = new Map<string, ReturnType<typeof createSingleFlight>>();
  const shared = {
    calls: 0,
    async load<T>(key: string, wanted: { generation: number; newerThan: number }, load: SharedLoad<T>) {
      shared.calls += 1;
      if (!flights.has(key)) flights.set(key, createSingleFlight({ now: Date.now, rememberMs: 60_000 }));
      return flights.get(key)!.run(wanted, load) as never;
    },
  };
  return shared;
}

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

describe("readThrough", () => {
  it("loads on a miss and stores the value", async () => {
    const result = await readThrough(t.deps, KEY, async () => "v1");
    expect(result).toMatchObject({ value: "v1", status: "miss" });
    expect(t.store.entries.get(KEY.key)).toMatchObject({ value: "v1", generation: 0 });
  });

  it("serves a fresh entry without loading", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.advance(policy.freshMs - 1);
    let loads = 0;
    const result = await readThrough(t.deps, KEY, async () => (loads++, "v2"));
    expect(result).toMatchObject({ value: "v1", status: "fresh" });
    expect(loads).toBe(0);
  });

  it("serves a stale entry at once and refreshes it in the background", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.advance(policy.freshMs);
    const result = await readThrough(t.deps, KEY, async () => "v2");
    expect(result).toMatchObject({ value: "v1", status: "stale" });
    await t.settle();
    expect(t.store.entries.get(KEY.key)).toMatchObject({ value: "v2" });
    expect(await readThrough(t.deps, KEY, async () => "v3")).toMatchObject({ value: "v2", status: "fresh" });
  });

  it("loads synchronously once the stale-while-revalidate window has passed", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.advance(policy.freshMs + policy.staleWhileRevalidateMs);
    expect(await readThrough(t.deps, KEY, async () => "v2")).toMatchObject({ value: "v2", status: "miss" });
  });

  it("logs a failed background refresh and keeps the stale copy", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.advance(policy.freshMs + 1);
    await readThrough(t.deps, KEY, async () => {
      throw new Error("CMS down");
    });
    await t.settle();
    expect(t.store.entries.get(KEY.key)).toMatchObject({ value: "v1" });
    expect(t.lines.some((l) => l.event === "cache.revalidate_failed")).toBe(true);
  });

  it("serves an entry a purge outdated only while one background load replaces it, and says so", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.purge("homepage");
    expect(await readThrough(t.deps, KEY, async () => "v2")).toMatchObject({ value: "v1", status: "outdated" });
    expect(t.outdated()).toBe(1);
    await t.settle();
    expect(await readThrough(t.deps, KEY, async () => "v3")).toMatchObject({ value: "v2", status: "fresh" });
    expect(t.outdated()).toBe(1);
  });

  it("leaves an entry whose operation was not purged current", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.purge("footer");
    expect(await readThrough(t.deps, KEY, async () => "v2")).toMatchObject({ value: "v1", status: "fresh" });
    expect(t.outdated()).toBe(0);
  });

  it("outdates a tagged entry when one of its documents is purged, and only then", async () => {
    const tagged = { ...KEY, tags: () => ["tag:doc:a"] };
    await readThrough(t.deps, tagged, async () => "v1");
    t.purge("tag:doc:b");
    expect(await readThrough(t.deps, tagged, async () => "v2")).toMatchObject({ value: "v1", status: "fresh" });
    t.advance(1);
    t.purge("tag:doc:a");
    expect(await readThrough(t.deps, tagged, async () => "v2")).toMatchObject({ value: "v1", status: "outdated" });
    await t.settle();
    expect(await readThrough(t.deps, tagged, async () => "v3")).toMatchObject({ value: "v2", status: "fresh" });
  });

  it("keeps a load that began before a purge outdated, so the old content is loaded again", async () => {
    t.advance(policy.freshMs);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const before = readThrough(t.deps, KEY, async () => (await gate, "old"));
    await Promise.resolve();
    t.purge("homepage");
    release();
    await before;
    expect(await readThrough(t.deps, KEY, async () => "new")).toMatchObject({ value: "old", status: "outdated" });
    await t.settle();
    expect(await readThrough(t.deps, KEY, async () => "newer")).toMatchObject({ value: "new", status: "fresh" });
  });

  it("makes one load for a purged key between isolates that share loads", async () => {
    const shared = sharedLoads();
    await readThrough(t.deps, KEY, async () => "v1");
    t.purge("homepage");
    let loads = 0;
    const load = async () => (loads++, "v2");
    // Two isolates: each its own coalescer, both the same loader object per key.
    const isolates = [createCoalescer(), createCoalescer()].map((coalesce) => ({ ...t.deps, shared, coalesce }));
    const served = await Promise.all(isolates.map((deps) => readThrough(deps, KEY, load)));
    expect(served.map((r) => r.value)).toEqual(["v1", "v1"]);
    await t.settle();
    expect(loads).toBe(1);
    expect(shared.calls).toBe(2);
  });

  it("replaces a copy on its own when the loader object cannot be reached", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.purge("homepage");
    const unreachable: SharedLoads = { load: async () => Promise.reject(new Error("Durable Object is overloaded")) };
    expect(await readThrough({ ...t.deps, shared: unreachable }, KEY, async () => "v2")).toMatchObject({ value: "v1", status: "outdated" });
    await t.settle();
    expect(t.store.entries.get(KEY.key)).toMatchObject({ value: "v2" });
    expect(t.lines.find((l) => l.event === "cache.shared_load_unavailable")?.level).toBe("warn");
  });

  it("loads a miss in this isolate, not through the loader object", async () => {
    const shared = sharedLoads();
    expect(await readThrough({ ...t.deps, shared }, KEY, async () => "v1")).toMatchObject({ value: "v1", status: "miss" });
    expect(shared.calls).toBe(0);
  });

  it("gives a derived value's computation current inputs only, loading an outdated one", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.purge("homepage");
    const derived = await withCurrentInputs(async () => (await readThrough(t.deps, KEY, async () => "v2")).value);
    expect(derived).toBe("v2");
    expect(t.outdated()).toBe(0);
  });

  it("serves the last good copy when the load fails (stale-if-error), even a purged one", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.purge("homepage");
    t.advance(policy.freshMs + policy.staleWhileRevalidateMs + 1);
    const result = await readThrough(t.deps, KEY, async () => {
      throw new Error("CMS down");
    });
    expect(result).toMatchObject({ value: "v1", status: "stale-if-error" });
    expect(t.lines.find((l) => l.event === "cache.stale_if_error")?.level).toBe("error");
  });

  it("fails when the copy is older than the stale-if-error window", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    t.advance(policy.freshMs + policy.staleIfErrorMs);
    await expect(
      readThrough(t.deps, KEY, async () => {
        throw new Error("CMS down");
      }),
    ).rejects.toThrow("CMS down");
  });

  it("fails when nothing is cached and the load fails", async () => {
    await expect(
      readThrough(t.deps, KEY, async () => {
        throw new Error("CMS down");
      }),
    ).rejects.toThrow("CMS down");
  });

  it("coalesces concurrent misses for one key into one load", async () => {
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return "v1";
    };
    const all = Promise.all(Array.from({ length: 50 }, () => readThrough(t.deps, KEY, load)));
    await Promise.resolve();
    release();
    const results = await all;
    expect(loads).toBe(1);
    expect(results.every((r) => r.value === "v1")).toBe(true);
  });

  it("does not coalesce different keys", async () => {
    let loads = 0;
    await Promise.all([
      readThrough(t.deps, { key: "k1", generation: "homepage" }, async () => (loads++, 1)),
      readThrough(t.deps, { key: "k2", generation: "homepage" }, async () => (loads++, 2)),
    ]);
    expect(loads).toBe(2);
  });

  it("treats a failing cache read as a miss and still answers", async () => {
    t.store.failReads = true;
    expect(await readThrough(t.deps, KEY, async () => "v1")).toMatchObject({ value: "v1", status: "miss" });
    expect(t.lines.some((l) => l.event === "cache.read_failed")).toBe(true);
  });
});

describe("what a request is told it was given (the edge cache keeps pages by it)", () => {
  it("tells each current value's operation and tags, and an outdated or failed one only as outdated", async () => {
    const told: string[][] = [];
    const deps = { ...t.deps, onRead: (items: readonly string[]) => void told.push([...items]) };
    await readThrough(deps, { ...KEY, tags: () => ["tag:doc:a"] }, async () => "v1");
    await readThrough(deps, KEY, async () => "unused");
    expect(told).toEqual([
      ["homepage", "tag:doc:a"],
      ["homepage", "tag:doc:a"],
    ]);

    t.purge("homepage");
    await readThrough(deps, KEY, async () => "v2");
    expect(told).toHaveLength(2);
    expect(t.outdated()).toBe(1);
    await expect(readThrough(deps, { key: "content:v3:footer:x", generation: "footer" }, async () => Promise.reject(new Error("CMS down")))).rejects.toThrow();
    expect(t.outdated()).toBe(2);
  });

  it("tells a derived value by its marker, never by the inputs it was computed from", async () => {
    const told: string[][] = [];
    const deps = { ...t.deps, onRead: (items: readonly string[]) => void told.push([...items]) };
    const derived: CacheSlot = { key: "content:v3:derived:index", generation: "derived", local: true, marker: "derived:index" };
    await readThrough(deps, derived, () => withCurrentInputs(async () => (await readThrough(deps, KEY, async () => "input")).value));
    expect(told).toEqual([["derived:index"]]);
  });

  it("says a derived value changed only when its reload gives something else than the copy it replaces", async () => {
    let changes = 0;
    const derived: CacheSlot = { key: "content:v3:derived:index", generation: "derived", local: true, onChange: () => void (changes += 1) };
    await readThrough(t.deps, derived, async () => ({ pages: ["a"] }));
    expect(changes).toBe(0);

    t.purge("allGeneralPages");
    await readThrough(t.deps, derived, async () => ({ pages: ["a"] }));
    await t.settle();
    expect(changes, "recomputed to the same value").toBe(0);

    t.purge("allGeneralPages");
    await readThrough(t.deps, derived, async () => ({ pages: ["a", "b"] }));
    await t.settle();
    expect(changes).toBe(1);
  });
});

describe("the longest a purge can go unseen", () => {
  it("serves an outdated copy while it is replaced only until maxOutdatedMs after the purge; then waits for the new one", async () => {
    const deps = { ...t.deps, policy: { ...policy, maxOutdatedMs: 30_000 } };
    await readThrough(deps, KEY, async () => "v1");
    t.purge("homepage");
    // The background replacement never lands (its load fails).
    expect(await readThrough(deps, KEY, async () => Promise.reject(new Error("lost")))).toMatchObject({ value: "v1", status: "outdated" });
    await t.settle();

    t.advance(30_000);
    expect(await readThrough(deps, KEY, async () => "v2")).toMatchObject({ value: "v2", status: "miss" });
  });
});

describe("misses shared by every isolate", () => {
  it("loads a request's misses through the loader objects two at a time, and the rest in this isolate", async () => {
    const shared = sharedLoads();
    const deps: ReadThroughDeps = { ...t.deps, shared, sharedMisses: sharedMissGate(), coalesce: createCoalescer() };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reads = ["a", "b", "c", "d"].map((name) =>
      readThrough(deps, { key: `content:v3:${name}:x`, generation: name }, async () => {
        await held;
        return name;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shared.calls).toBe(2);
    release();
    expect((await Promise.all(reads)).map((read) => read.value)).toEqual(["a", "b", "c", "d"]);

    // With the first two done, the gate is open again.
    await readThrough(deps, { key: "content:v3:e:x", generation: "e" }, async () => "e");
    expect(shared.calls).toBe(3);
  });
});
