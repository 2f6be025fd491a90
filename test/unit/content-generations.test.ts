/** The content generations: remembered for a second per isolate, replaced at once by a purge published here. */
import { describe, expect, it } from "vitest";
import { createContentGenerationsStore, NO_GENERATIONS } from "../../src/adapters/kv/content-generations";
import { afterPurge, DERIVED_GENERATION, generationOf } from "../../src/services/cache/generations";

/** A KV namespace in memory that counts its reads and writes. */
function memoryKv() {
  const values = new Map<string, string>();
  const kv = {
    reads: 0,
    writes: 0,
    async get(key: string, type?: string) {
      kv.reads += 1;
      const value = values.get(key) ?? null;
      return type === "json" && value !== null ? JSON.parse(value) : value;
    },
    async put(key: string, value: string) {
      kv.writes += 1;
      values.set(key, value);
    },
    set: (key: string, value: string) => values.set(key, value),
  };
  return kv;
}

describe("document tags in the content generations", () => {
  it("take the purge's version, and are dropped once no entry loaded before them can be alive", () => {
    const first = afterPurge(NO_GENERATIONS, ["generalPage", "tag:doc:a"], 1_000);
    expect(first.tags).toEqual({ "tag:doc:a": 1_000 });
    expect(first.operations).not.toHaveProperty("tag:doc:a");
    const second = afterPurge(first, ["tag:doc:b"], 5_000, 3_000);
    expect(second.tags).toEqual({ "tag:doc:b": 5_000 });
  });
});

describe("the content generations", () => {
  it("are read from KV at most once a second per isolate", async () => {
    const kv = memoryKv();
    let now = 1_000_000;
    const store = createContentGenerationsStore(kv as unknown as KVNamespace, () => now);
    expect(await store.current()).toEqual(NO_GENERATIONS);
    kv.set("content-generations", JSON.stringify({ version: 7, operations: { footer: 7 } }));
    now += 999;
    expect(await store.current()).toEqual(NO_GENERATIONS);
    expect(kv.reads).toBe(1);
    now += 1;
    expect(await store.current()).toEqual({ version: 7, operations: { footer: 7 } });
    expect(kv.reads).toBe(2);
  });

  it("take a purge published in this isolate at once, in one write", async () => {
    const kv = memoryKv();
    const store = createContentGenerationsStore(kv as unknown as KVNamespace, () => 5_000_000);
    const next = afterPurge(await store.read(), ["footer"], 5_000_000);
    await store.write(next);
    expect(kv.writes).toBe(1);
    expect(await store.current()).toEqual(next);
  });

  it("count an unreadable stored value as no purge at all", async () => {
    const kv = memoryKv();
    kv.set("content-generations", JSON.stringify({ version: "soon" }));
    expect(await createContentGenerationsStore(kv as unknown as KVNamespace).read()).toEqual(NO_GENERATIONS);
  });
});

describe("a purge's generations", () => {
  it("move the purged operations and the derived values to a new version, and leave the others", () => {
    const before = { version: 10, operations: { footer: 10, webinars: 4 } };
    const after = afterPurge(before, ["webinars"], 5);
    expect(after.version).toBe(11);
    expect(generationOf(after, "webinars")).toBe(11);
    expect(generationOf(after, DERIVED_GENERATION)).toBe(11);
    expect(generationOf(after, "footer")).toBe(10);
    expect(generationOf(after, "homepage")).toBe(0);
  });

  it("never reuse a version, even from a lost or older stored value", () => {
    expect(afterPurge(NO_GENERATIONS, [], 1_700_000_000_000).version).toBe(1_700_000_000_000);
    expect(afterPurge({ version: 1_700_000_000_000, operations: {} }, [], 1_600_000_000_000).version).toBe(1_700_000_000_001);
  });
});
