import { describe, expect, it } from "vitest";
import { cacheKey, operationPrefix, stableStringify } from "../../src/services/cache/cache-key";

describe("cache keys", () => {
  it("start with the operation's prefix, under the entry shape's version", async () => {
    const key = await cacheKey("generalPage", { type: "Root", slug: "about" });
    expect(key.startsWith(operationPrefix("generalPage"))).toBe(true);
    expect(key).toMatch(/^content:v3:generalPage:[0-9a-f]{64}$/);
  });

  it("are equal for equal variables in any key order", async () => {
    expect(await cacheKey("generalPage", { type: "Root", slug: "about" })).toBe(
      await cacheKey("generalPage", { slug: "about", type: "Root" }),
    );
  });

  it("differ by variables and by operation", async () => {
    const a = await cacheKey("generalPage", { type: "Root", slug: "about" });
    expect(await cacheKey("generalPage", { type: "Root", slug: "contact" })).not.toBe(a);
    expect(await cacheKey("article", { type: "Root", slug: "about" })).not.toBe(a);
  });

  it("do not let one operation's prefix match another's", () => {
    expect(operationPrefix("webinar")).not.toBe(operationPrefix("webinars").slice(0, operationPrefix("webinar").length));
  });

  it("stableStringify sorts nested keys and drops undefined", () => {
    expect(stableStringify({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe('{"a":{"d":[2,{"e":0,"f":1}]},"b":1}');
  });
});
