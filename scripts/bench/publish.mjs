// The content cache's purge and an editor's publish, measured (`npm run bench`):
//   - purge at scale: with 100, 1,000 and 10,000 cached entries in KV, how long the CMS webhook's
//     purge takes to answer and how many KV keys it rewrote (compared before and after: an
//     entry's expiry, which every write sets anew, and the value of the keys without one; reads
//     cannot be observed from outside, so the report names what the purge reads by design);
//   - publish under load: with the site serving a steady anonymous load, the footer (on every
//     page) is edited and published through the CMS, whose webhook purges the Worker; reported are
//     the CMS requests in the window after the publish, page times (p50/p99) in that window
//     against the window before, and the seconds until the edit shows on a visitor's page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keepAliveAgent, percentile, request } from "./load.mjs";
import { ROOT } from "../lib/worker.mjs";

export const PURGE_SIZES = [100, 1_000, 10_000];

/** The cache key's version as the Worker's source says (src/services/cache/cache-key.ts), so seeded entries are the ones it reads. */
function cacheKeyVersion() {
  const source = readFileSync(join(ROOT, "src", "services", "cache", "cache-key.ts"), "utf8");
  const match = /CACHE_KEY_VERSION = "(v\d+)"/.exec(source);
  if (!match) throw new Error("src/services/cache/cache-key.ts names no CACHE_KEY_VERSION");
  return match[1];
}

async function inChunks(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * Every key with what shows it was written: a cached entry's expiry (every write of an entry
 * sets a new one, and listing is cheap), and the value itself for the few keys without one.
 */
async function everyValue(kv) {
  const values = new Map();
  let cursor;
  const unexpiring = [];
  do {
    const page = await kv.list({ cursor });
    for (const key of page.keys) {
      if (key.expiration === undefined) unexpiring.push(key.name);
      else values.set(key.name, `expires ${key.expiration}`);
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  await inChunks(unexpiring, 50, async (name) => values.set(name, await kv.get(name)));
  return values;
}

/**
 * Purge time and KV keys rewritten, with `sizes` cached general pages in KV (as many pages' views
 * would leave them), each purging everything (an empty webhook body, as for a media change).
 */
export async function benchPurgeAtScale({ worker, purgeSecret, sizes = PURGE_SIZES, step }) {
  const kv = await worker.mf.getKVNamespace("CONTENT_CACHE");
  const prefix = `content:${cacheKeyVersion()}:generalPage:`;
  const runs = [];
  for (const size of sizes) {
    step(`purge with ${size.toLocaleString("en-GB")} cached entries: seeding KV`);
    const fetchedAt = Date.now();
    const keys = Array.from({ length: size }, (_, i) => `${prefix}${String(i).padStart(64, "0")}`);
    await inChunks(keys, 200, (key, i) =>
      kv.put(key, JSON.stringify({ value: { slug: `bench-page-${i}`, title: "A page" }, fetchedAt, generation: 0, invalidated: false }), {
        expirationTtl: 3_600,
      }),
    );
    const before = await everyValue(kv);
    step(`purge with ${size.toLocaleString("en-GB")} cached entries: POST /api/cache/purge`);
    const started = performance.now();
    const response = await fetch(`${worker.url}/api/cache/purge`, {
      method: "POST",
      headers: { Authorization: `Bearer ${purgeSecret}`, "Content-Type": "application/json" },
      body: "",
    });
    const ms = performance.now() - started;
    const body = await response.text();
    const after = await everyValue(kv);
    const rewritten = [...after].filter(([key, value]) => before.get(key) !== value).length;
    runs.push({ entries: size, keysInKv: before.size, status: response.status, ms, keysRewritten: rewritten, body: body.slice(0, 200) });
    await inChunks(keys, 200, (key) => kv.delete(key));
    // KV takes one write a second to a key: the next purge is not made to queue behind this one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
  return { runs };
}

/** Closed-loop load over `urls` in turn, recording when each request started (ms since `origin`). */
function steadyLoad({ urls, connections, origin, headers = {} }) {
  const agent = keepAliveAgent(connections);
  const samples = [];
  let stopped = false;
  let next = 0;
  const done = Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stopped) {
        const url = urls[next++ % urls.length];
        const at = performance.now() - origin;
        const result = await request(agent, url, { headers });
        samples.push({ at, ms: result.ms, status: result.status });
      }
    }),
  );
  return {
    samples,
    async stop() {
      stopped = true;
      await done;
      agent.destroy();
    },
  };
}

function window(samples, from, to) {
  const inside = samples.filter((s) => s.at >= from && s.at < to);
  const sorted = Float64Array.from(inside.map((s) => s.ms)).sort();
  const failed = inside.filter((s) => s.status < 200 || s.status > 299).length;
  return { requests: inside.length, failed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

/**
 * What an editor publishes: the footer (on every page: a layout change, which retires every
 * page) or one general page's title (a page outside the load: every page under load should stay
 * kept). Returns the page where the edit shows, the marker it shows, and how to undo it.
 */
async function editFor(edit, { cmsUrl, headers }) {
  const marker = `Edited ${Date.now()} under load`;
  if (edit === "footer") {
    const api = `${cmsUrl}/api/footer?status=published`;
    const original = (await (await fetch(`${cmsUrl}/api/footer`, { headers })).json()).data.address;
    return {
      path: "/about",
      marker,
      publish: () => fetch(api, { method: "PUT", headers, body: JSON.stringify({ data: { address: marker } }) }),
      undo: () => fetch(api, { method: "PUT", headers, body: JSON.stringify({ data: { address: original } }) }),
    };
  }
  const query = "filters[type][$eq]=Root&filters[slug][$ne]=about&sort=slug&pagination[pageSize]=1&fields[0]=title&fields[1]=slug";
  const page = (await (await fetch(`${cmsUrl}/api/general-pages?${query}`, { headers })).json()).data?.[0];
  if (!page) throw new Error("The CMS has no Root general page other than /about to edit.");
  const api = `${cmsUrl}/api/general-pages/${page.documentId}?status=published`;
  return {
    path: `/${page.slug}`,
    marker,
    publish: () => fetch(api, { method: "PUT", headers, body: JSON.stringify({ data: { title: marker } }) }),
    undo: () => fetch(api, { method: "PUT", headers, body: JSON.stringify({ data: { title: page.title } }) }),
  };
}

/**
 * A publish under load: `windowMs` of steady load, then an edit (`edit`: the footer, or one
 * general page outside the load) published through the CMS (its webhook purges the Worker),
 * then `windowMs` more. The CMS proxy's count is reset at the publish, so it counts the
 * requests the publish caused; the edit's first appearance is polled on a page outside the load.
 */
export async function benchPublishUnderLoad({ cmsUrl, workerUrl, proxy, editorToken, connections, windowMs, step, edit = "footer" }) {
  const headers = { Authorization: `Bearer ${editorToken}`, "Content-Type": "application/json" };
  const change = await editFor(edit, { cmsUrl, headers });
  const urls = ["/", "/about", "/webinars"].map((path) => `${workerUrl}${path}`);
  for (const url of [...urls, `${workerUrl}${change.path}`]) await fetch(url).then((r) => r.text());

  const origin = performance.now();
  step(`publish under load: ${connections} connections for ${windowMs / 1000} s, then a publish (${edit}), then ${windowMs / 1000} s`);
  const load = steadyLoad({ urls, connections, origin });
  await new Promise((resolve) => setTimeout(resolve, windowMs));

  const { marker } = change;
  proxy.reset();
  const publishedAt = performance.now() - origin;
  const put = await change.publish();
  if (!put.ok) throw new Error(`Publishing the ${edit} through the CMS failed: HTTP ${put.status}`);
  let visibleAt = null;
  while (performance.now() - origin < publishedAt + windowMs) {
    if (visibleAt === null && (await (await fetch(`${workerUrl}${change.path}`)).text()).includes(marker)) visibleAt = performance.now() - origin;
    await new Promise((resolve) => setTimeout(resolve, visibleAt === null ? 100 : 1_000));
  }
  await load.stop();
  const cmsCalls = proxy.snapshot();
  await change.undo();

  const before = window(load.samples, publishedAt - windowMs, publishedAt);
  const after = window(load.samples, publishedAt, publishedAt + windowMs);
  const maxPerOperation = Math.max(0, ...Object.values(cmsCalls.byOperation));
  return {
    edit,
    connections,
    windowSeconds: windowMs / 1000,
    paths: urls.map((url) => new URL(url).pathname),
    before,
    after,
    p99Ratio: after.p99 / before.p99,
    visibleAfterSeconds: visibleAt === null ? null : (visibleAt - publishedAt) / 1000,
    cmsCalls,
    targets: {
      oneCmsRequestPerOperation: maxPerOperation <= 1,
      p99AtMostTwiceBefore: after.p99 <= 2 * before.p99,
    },
  };
}
