/** The content version the edge cache keys pages by: remembered for a second, replaced at once by a purge. */
import { describe, expect, it } from "vitest";
import { createContentVersionStore } from "../../src/adapters/kv/content-version";

/** A KV namespace in memory that counts its reads. */
function memoryKv() {
  const values = new Map<string, string>();
  const kv = {
    reads: 0,
    async get(key: string) {
      kv.reads += 1;
      return values.get(key) ?? null;
    },
    async put(key: string, value: string) {
      values.set(key, value);
    },
    set: (key: string, value: string) => values.set(key, value),
  };
  return kv;
}

describe("the content version", () => {
  it("is read from KV at most once a second per isolate", async () => {
    const kv = memoryKv();
    let now = 1_000_000;
    const store = createContentVersionStore(kv as unknown as KVNamespace, () => now);
    expect(await store.current()).toBe("initial");
    kv.set("content-version", "changed elsewhere");
    now += 999;
    expect(await store.current()).toBe("initial");
    expect(kv.reads).toBe(1);
    now += 1;
    expect(await store.current()).toBe("changed elsewhere");
    expect(kv.reads).toBe(2);
  });

  it("takes a purge in this isolate at once, with a value never used before", async () => {
    const kv = memoryKv();
    const store = createContentVersionStore(kv as unknown as KVNamespace, () => 5_000_000);
    const before = await store.current();
    const bumped = await store.bump();
    expect(bumped).not.toBe(before);
    expect(await store.current()).toBe(bumped);
    expect(await store.bump()).not.toBe(bumped);
  });
});
