import { beforeEach, describe, expect, it } from "vitest";
import { readThrough, type CachePolicy, type ReadThroughDeps } from "../../src/services/cache/read-through";
import { createMemoryStore, createRecordingLog } from "../support/worker/memory-store";

const policy: CachePolicy = { freshMs: 60_000, staleWhileRevalidateMs: 600_000, staleIfErrorMs: 3_600_000 };
const KEY = "content:v1:homepage:abc";

function setup() {
  const store = createMemoryStore();
  const { log, lines } = createRecordingLog();
  let clock = 1_000_000;
  const background: Promise<unknown>[] = [];
  const deps: ReadThroughDeps = {
    store,
    policy,
    now: () => clock,
    waitUntil: (p) => background.push(p),
    log,
  };
  return {
    deps,
    store,
    lines,
    advance: (ms: number) => (clock += ms),
    settle: () => Promise.all(background.splice(0)),
  };
}

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

describe("readThrough", () => {
  it("loads on a miss and stores the value", async () => {
    const result = await readThrough(t.deps, KEY, async () => "v1");
    expect(result).toMatchObject({ value: "v1", status: "miss" });
    expect(t.store.entries.get(KEY)).toMatchObject({ value: "v1", invalidated: false });
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
    expect(t.store.entries.get(KEY)).toMatchObject({ value: "v2" });
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
    expect(t.store.entries.get(KEY)).toMatchObject({ value: "v1" });
    expect(t.lines.some((l) => l.event === "cache.revalidate_failed")).toBe(true);
  });

  it("never serves an invalidated (purged) entry while the CMS answers", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    const entry = t.store.entries.get(KEY)!;
    t.store.entries.set(KEY, { ...entry, invalidated: true });
    expect(await readThrough(t.deps, KEY, async () => "v2")).toMatchObject({ value: "v2", status: "miss" });
  });

  it("serves the last good copy when the load fails (stale-if-error), even a purged one", async () => {
    await readThrough(t.deps, KEY, async () => "v1");
    const entry = t.store.entries.get(KEY)!;
    t.store.entries.set(KEY, { ...entry, invalidated: true });
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
      readThrough(t.deps, "k1", async () => (loads++, 1)),
      readThrough(t.deps, "k2", async () => (loads++, 2)),
    ]);
    expect(loads).toBe(2);
  });

  it("treats a failing cache read as a miss and still answers", async () => {
    t.store.failReads = true;
    expect(await readThrough(t.deps, KEY, async () => "v1")).toMatchObject({ value: "v1", status: "miss" });
    expect(t.lines.some((l) => l.event === "cache.read_failed")).toBe(true);
  });
});
