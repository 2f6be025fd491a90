/** POST /api/cache/purge: authorisation, payloads, and what it does to KV and D1. */
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cacheKey, derivedKey } from "../../src/services/cache/cache-key";
import { cpdFiles } from "../support/worker/demo-media";
import { clearContentCache, cmsCalls, fetchWith, purgeHeaders, resetFakeCms, totalCalls } from "../support/worker/helpers";

const purge = (init: RequestInit) => SELF.fetch("http://localhost/api/cache/purge", { method: "POST", ...init });

async function seed(operation: string, variables: Record<string, unknown> = {}) {
  const key = await cacheKey(operation, variables);
  await env.CONTENT_CACHE.put(key, JSON.stringify({ value: operation, fetchedAt: Date.now(), invalidated: false }));
  return key;
}

const entry = async (key: string) =>
  (await env.CONTENT_CACHE.get<{ invalidated: boolean; value: unknown }>(key, "json"))!;

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
    const key = await seed("footer");
    const response = await purge({ headers, body: JSON.stringify({ model: "footer" }) });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    expect((await entry(key)).invalidated).toBe(false);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM purge_log").first<{ n: number }>())?.n).toBe(0);
  });
});

describe("purge", () => {
  it("purges only what a Strapi webhook's model affects, and logs it in D1", async () => {
    const webinarKey = await seed("webinar", { slug: "a" });
    const footerKey = await seed("footer");
    const response = await purge({
      headers: purgeHeaders(),
      body: JSON.stringify({ event: "entry.publish", model: "webinar", uid: "api::webinar.webinar", entry: { id: 1 } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ purged: true, model: "webinar", invalidated: 1 });
    expect((await entry(webinarKey)).invalidated).toBe(true);
    expect((await entry(webinarKey)).value).toBe("webinar");
    expect((await entry(footerKey)).invalidated).toBe(false);
    const row = await env.DB.prepare("SELECT event, model, invalidated FROM purge_log").first();
    expect(row).toEqual({ event: "entry.publish", model: "webinar", invalidated: 1 });
  });

  it("purges everything for an empty body or a media event", async () => {
    const keys = await Promise.all([seed("footer"), seed("webinars"), seed("homepage")]);
    expect((await purge({ headers: purgeHeaders(), body: "" })).status).toBe(200);
    for (const key of keys) expect((await entry(key)).invalidated).toBe(true);

    const again = await Promise.all([seed("footer"), seed("article", { slug: "x" })]);
    const media = await purge({ headers: purgeHeaders(), body: JSON.stringify({ event: "media.update", media: { id: 3 } }) });
    expect(await media.json()).toMatchObject({ model: null });
    for (const key of again) expect((await entry(key)).invalidated).toBe(true);
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
