/** Purges serialised and debounced: a burst is one publish, publishes a second apart, a failure carried on. */
import { describe, expect, it } from "vitest";
import type { PurgeOutcome } from "../../src/adapters/durable-objects/content-purger";
import { createPurgeBatcher } from "../../src/services/cache/purge-batcher";

/** A clock that only moves when the batcher sleeps. */
function setup() {
  let clock = 1_000_000;
  const published: { at: number; operations: string[] }[] = [];
  let fail = false;
  const batcher = createPurgeBatcher({
    debounceMs: 1_000,
    minIntervalMs: 1_000,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  const publish = async (operations: string[]): Promise<PurgeOutcome> => {
    published.push({ at: clock, operations });
    return fail ? { failed: "KV PUT failed: 429 Too Many Requests" } : { version: clock };
  };
  return { batcher, publish, published, failNext: (value: boolean) => (fail = value), advance: (ms: number) => (clock += ms) };
}

describe("the purge batcher", () => {
  it("publishes a burst of purges once, with every operation, and tells each the same version", async () => {
    const t = setup();
    const outcomes = await Promise.all([
      t.batcher.purge(["footer"], t.publish),
      t.batcher.purge(["webinars", "webinar"], t.publish),
      t.batcher.purge(["footer"], t.publish),
    ]);
    expect(t.published).toEqual([{ at: 1_001_000, operations: ["footer", "webinar", "webinars"] }]);
    expect(new Set(outcomes.map((o) => JSON.stringify(o)))).toEqual(new Set([JSON.stringify({ version: 1_001_000 })]));
  });

  it("never publishes twice within a second, and never two batches at once", async () => {
    const t = setup();
    const first = t.batcher.purge(["footer"], t.publish);
    await first;
    const second = t.batcher.purge(["webinars"], t.publish);
    const third = t.batcher.purge(["homepage"], t.publish);
    await Promise.all([second, third]);
    expect(t.published.map((p) => p.at)).toEqual([1_001_000, 1_002_000]);
    expect(t.published[1]!.operations).toEqual(["homepage", "webinars"]);
  });

  it("reports a failed publish to everyone in the batch, and carries its operations into the next", async () => {
    const t = setup();
    t.failNext(true);
    const failed = await Promise.all([t.batcher.purge(["footer"], t.publish), t.batcher.purge(["webinars"], t.publish)]);
    expect(failed.every((outcome) => "failed" in outcome)).toBe(true);
    t.failNext(false);
    t.advance(5_000);
    expect(await t.batcher.purge(["homepage"], t.publish)).toMatchObject({ version: expect.any(Number) });
    expect(t.published[1]!.operations).toEqual(["footer", "homepage", "webinars"]);
  });

  it("counts a publish that throws as a failure", async () => {
    const t = setup();
    const outcome = await t.batcher.purge(["footer"], async () => Promise.reject(new Error("connection reset")));
    expect(outcome).toEqual({ failed: "connection reset" });
  });
});
