/** A content loader object's rule: one load of a key for every caller, whichever isolate asks. */
import { describe, expect, it } from "vitest";
import type { SharedLoadResult } from "../../src/adapters/durable-objects/content-loader";
import type { CacheEntry } from "../../src/adapters/kv/cache-store";
import { createSingleFlight } from "../../src/services/cache/single-flight";

let clock = 1_000_000;
const flightOf = () => createSingleFlight({ now: () => clock, rememberMs: 60_000 });
const loaded = (value: unknown, fetchedAt: number, generation: number): SharedLoadResult<unknown> => ({ entry: { value, fetchedAt, generation } });

function gatedLoad(entry: CacheEntry<unknown>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = Object.assign(
    async (): Promise<SharedLoadResult<unknown>> => {
      load.calls += 1;
      await gate;
      return { entry };
    },
    { calls: 0 },
  );
  return { load, release };
}

describe("a content loader's single flight", () => {
  it("gives every caller wanting a generation the one load under way", async () => {
    const flight = flightOf();
    const a = gatedLoad({ value: "new", fetchedAt: 2_000, generation: 5 });
    const b = gatedLoad({ value: "other", fetchedAt: 2_000, generation: 5 });
    const results = Promise.all([flight.run({ generation: 5, newerThan: 1_000 }, a.load), flight.run({ generation: 5, newerThan: 1_000 }, b.load)]);
    a.release();
    expect(await results).toEqual([loaded("new", 2_000, 5), loaded("new", 2_000, 5)]);
    expect([a.load.calls, b.load.calls]).toEqual([1, 0]);
  });

  it("answers a later caller from the finished load without loading, unless it wants a newer generation or copy", async () => {
    const flight = flightOf();
    await flight.run({ generation: 5, newerThan: 0 }, async () => loaded("v5", 2_000, 5));
    let loads = 0;
    const load = async () => (loads++, loaded("v6", 3_000, 6));
    expect(await flight.run({ generation: 5, newerThan: 1_000 }, load)).toEqual(loaded("v5", 2_000, 5));
    expect(loads).toBe(0);
    expect(await flight.run({ generation: 6, newerThan: 1_000 }, load)).toEqual(loaded("v6", 3_000, 6));
    expect(await flight.run({ generation: 6, newerThan: 3_000 }, load)).toEqual(loaded("v6", 3_000, 6));
    expect(loads).toBe(2);
  });

  it("forgets a finished load once KV has had time to carry it everywhere", async () => {
    const flight = flightOf();
    await flight.run({ generation: 1, newerThan: 0 }, async () => loaded("first", 2_000, 1));
    clock += 60_000;
    expect(await flight.run({ generation: 1, newerThan: 0 }, async () => loaded("again", 3_000, 1))).toEqual(loaded("again", 3_000, 1));
  });

  it("reports a failed load to everyone who shared it, and lets the next caller try again", async () => {
    const flight = flightOf();
    const failing = async (): Promise<SharedLoadResult<unknown>> => ({ failed: "CMS did not answer" });
    const both = await Promise.all([flight.run({ generation: 1, newerThan: 0 }, failing), flight.run({ generation: 1, newerThan: 0 }, failing)]);
    expect(both).toEqual([{ failed: "CMS did not answer" }, { failed: "CMS did not answer" }]);
    expect(await flight.run({ generation: 1, newerThan: 0 }, async () => Promise.reject(new Error("connection reset")))).toEqual({ failed: "connection reset" });
    expect(await flight.run({ generation: 1, newerThan: 0 }, async () => loaded(1, 5, 1))).toEqual(loaded(1, 5, 1));
  });
});
