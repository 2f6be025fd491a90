/**
 * One CMS request per purged key for every isolate: two isolates (each its own in-isolate
 * coalescer, as separate isolates have) replacing the same outdated copy share one load through
 * the key's real content loader object, against the real Strapi behind the counting proxy.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { getConfig, type Bindings } from "../../src/env";
import { log } from "../../src/log";
import { createCoalescer } from "../../src/services/cache/coalesce";
import { contentCache } from "../../src/services/cache/content-cache";
import { createContentService } from "../../src/services/content/content-service";
import { clearContentCache, cmsCalls, fetchWith, purgeHeaders, resetFakeCms } from "../support/worker/helpers";

describe("loads shared by every isolate", () => {
  it("replaces a purged copy with one CMS request, however many isolates ask for it at once", async () => {
    await clearContentCache();
    await resetFakeCms();
    const config = getConfig({ ...env, CMS_URL: `${env.FAKE_CMS_URL}/proxy` } as Bindings);
    const background: Promise<unknown>[] = [];
    const cache = contentCache(config.bindings, config.cache, { waitUntil: (p) => background.push(p), log });
    const isolates = Array.from({ length: 3 }, () =>
      createContentService({ cms: createCmsClient(config.cms), cache: { ...cache, coalesce: createCoalescer() }, log }),
    );
    const before = await isolates[0]!.webinars();
    expect(before.length).toBeGreaterThan(0);

    const purge = await fetchWith({}, "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body: JSON.stringify({ event: "entry.publish", model: "webinar" }) });
    expect(purge.status).toBe(200);
    await resetFakeCms();

    const served = await Promise.all(isolates.map((content) => content.webinars()));
    for (const webinars of served) expect(webinars).toEqual(before);
    await Promise.all(background.splice(0));
    expect((await cmsCalls()).webinars).toBe(1);
  });
});

describe("a key nobody has cached", () => {
  it("is loaded with one CMS request when several isolates miss it at once", async () => {
    await clearContentCache();
    await resetFakeCms();
    const config = getConfig({ ...env, CMS_URL: `${env.FAKE_CMS_URL}/proxy` } as Bindings);
    const background: Promise<unknown>[] = [];
    // Each isolate with its own request's cache and its own in-isolate coalescer.
    const isolates = Array.from({ length: 3 }, () => {
      const cache = contentCache(config.bindings, config.cache, { waitUntil: (p) => background.push(p), log });
      return createContentService({ cms: createCmsClient(config.cms), cache: { ...cache, coalesce: createCoalescer() }, log });
    });

    const served = await Promise.all(isolates.map((content) => content.webinars()));
    await Promise.all(background.splice(0));
    expect(served[0]!.length).toBeGreaterThan(0);
    for (const webinars of served) expect(webinars).toEqual(served[0]);
    expect((await cmsCalls()).webinars).toBe(1);
  });
});
