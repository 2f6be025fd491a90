/** POST /api/cache/purge: authorisation, payloads, and what it does to KV and D1. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createContentGenerationsStore } from "../../src/adapters/kv/content-generations";
import { cacheKey, derivedKey } from "../../src/services/cache/cache-key";
import { generationOf } from "../../src/services/cache/generations";
import { cpdFiles } from "../support/worker/demo-media";
import { clearContentCache, cmsCalls, fetchWith, purgeHeaders, resetFakeCms, totalCalls } from "../support/worker/helpers";

/** The webhook, waiting for what it does after answering (it loads the purged content again), so no test sees another's. */
const purge = (init: RequestInit) => fetchWith({}, "/api/cache/purge", { method: "POST", ...init });

/** The generation of each operation now (a purge moves those it affects). */
async function generations(...operations: string[]): Promise<Record<string, number>> {
  const current = await createContentGenerationsStore(env.CONTENT_CACHE).read();
  return Object.fromEntries(operations.map((operation) => [operation, generationOf(current, operation)]));
}

beforeEach(async () => {
  await clearContentCache();
  await resetFakeCms();
  await env.DB.exec("DELETE FROM purge_log");
});

describe("purge authorisation", () => {
  it.each([
    ["no Authorization header", {}],
    ["a wrong secret", { Authorization: "Bearer not-the-secret-at-all" }],
    ["a secret that only shares a prefix", { Authorization: `Bearer ${env.CACHE_PURGE_SECRET.slice(0, -1)}` }],
    ["the right secret with another scheme", { Authorization: `Basic ${env.CACHE_PURGE_SECRET}` }],
    ["an empty bearer token", { Authorization: "Bearer " }],
  ])("refuses %s with 401 and purges nothing", async (_name, headers) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const before = await generations("footer");
    const response = await purge({ headers, body: JSON.stringify({ model: "footer" }) });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    expect(await generations("footer")).toEqual(before);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM purge_log").first<{ n: number }>())?.n).toBe(0);
  });
});

describe("purge", () => {
  it("purges only what a Strapi webhook's model affects, leaves cached entries as they are, and logs it in D1", async () => {
    const webinarKey = await cacheKey("webinar", { slug: "a" });
    const stored = JSON.stringify({ value: "webinar", fetchedAt: Date.now(), generation: 0 });
    await env.CONTENT_CACHE.put(webinarKey, stored);
    const before = await generations("webinar", "footer");
    const response = await purge({
      headers: purgeHeaders(),
      body: JSON.stringify({ event: "entry.publish", model: "webinar", uid: "api::webinar.webinar", entry: { id: 1 } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { version: number };
    expect(body).toMatchObject({ purged: true, model: "webinar", operations: expect.arrayContaining(["webinar", "webinars"]) });
    expect(await generations("webinar", "footer")).toEqual({ webinar: body.version, footer: before.footer });
    expect(body.version).toBeGreaterThan(before.webinar!);
    // Outdated by its generation, not rewritten: it still stands in if the CMS is down.
    expect(await env.CONTENT_CACHE.get(webinarKey)).toBe(stored);
    const row = await env.DB.prepare("SELECT event, model FROM purge_log").first();
    expect(row).toEqual({ event: "entry.publish", model: "webinar" });
  });

  it("purges everything for an empty body or a media event", async () => {
    const everything = ["footer", "webinars", "homepage", "article", "derived"];
    const all = await purge({ headers: purgeHeaders(), body: "" });
    expect(all.status).toBe(200);
    const { version } = (await all.json()) as { version: number };
    expect(Object.values(await generations(...everything))).toEqual(everything.map(() => version));

    const media = await purge({ headers: purgeHeaders(), body: JSON.stringify({ event: "media.update", media: { id: 3 } }) });
    const mediaBody = (await media.json()) as { model: null; version: number };
    expect(mediaBody).toMatchObject({ model: null });
    expect(Object.values(await generations(...everything))).toEqual(everything.map(() => mediaBody.version));
  });

  it("refuses a body that is not JSON with a clear 400", async () => {
    const response = await purge({ headers: purgeHeaders(), body: "model=webinar" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "BAD_REQUEST", message: "The purge request body must be JSON (a Strapi webhook payload) or empty" },
    });
  });

  it("refuses a payload whose model is not a string", async () => {
    const response = await purge({ headers: purgeHeaders(), body: JSON.stringify({ model: 42 }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("model");
  });

  it("makes the next page view fetch fresh content from the CMS", async () => {
    const viaProxy = { CMS_URL: `${env.FAKE_CMS_URL}/proxy` };
    await fetchWith(viaProxy, "/");
    await fetchWith(viaProxy, "/");
    expect((await cmsCalls()).footer).toBe(1);
    await fetchWith(viaProxy, "/api/cache/purge", {
      method: "POST",
      headers: purgeHeaders(),
      body: JSON.stringify({ event: "entry.update", model: "footer" }),
    });
    await fetchWith(viaProxy, "/");
    const calls = await cmsCalls();
    expect(calls.footer).toBe(2);
    expect(calls.homepage).toBe(1);
  });
});

describe("the index of files used only on gated pages (media access)", () => {
  const viaProxy = { CMS_URL: `${env.FAKE_CMS_URL}/proxy` };
  const builtAt = async () => (await env.CONTENT_CACHE.get<{ fetchedAt: number }>(derivedKey("gatedMedia"), "json"))?.fetchedAt;

  it("is built once from the cached content, costs no CMS call on a warm cache, and is rebuilt after a purge", async () => {
    const { membersFile } = await cpdFiles();
    // A visitor's request for a members-only file: answered from the index alone (404).
    expect((await fetchWith(viaProxy, membersFile)).status).toBe(404);
    expect((await cmsCalls()).allGeneralPages).toBe(1);
    const first = await builtAt();
    expect(first).toBeGreaterThan(0);

    await resetFakeCms();
    for (let i = 0; i < 5; i++) expect((await fetchWith(viaProxy, membersFile)).status).toBe(404);
    expect(totalCalls(await cmsCalls())).toBe(0);
    expect(await builtAt()).toBe(first);

    await fetchWith(viaProxy, "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body: JSON.stringify({ event: "entry.update", model: "general-page" }) });
    expect((await fetchWith(viaProxy, membersFile)).status).toBe(404);
    expect((await cmsCalls()).allGeneralPages).toBe(1);
    expect(await builtAt()).toBeGreaterThan(first!);
  });
});
