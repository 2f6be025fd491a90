/**
 * What the CMS webhook does after its purge, through the real Strapi and KV: it reads again what
 * every page shows and recomputes the values derived from it (the membership-page index every
 * page's links pass through) itself, so no visitor's request pays for them. A recomputed value
 * that came out different moves its marker at once, which retires the pages kept at the edge
 * that show it; one that came out the same leaves them kept.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Bindings } from "../../src/env";
import { createContentGenerationsStore } from "../../src/adapters/kv/content-generations";
import { derivedKey } from "../../src/services/cache/cache-key";
import { DERIVED_GENERATION, derivedMarker, generationOf } from "../../src/services/cache/generations";
import { TEST_SECRETS } from "../support/test-secrets";
import { clearContentCache, cmsCalls, fetchWith, purgeHeaders, resetFakeCms } from "../support/worker/helpers";

const run = Date.now().toString(36);
const created: string[] = [];
/** The index of membership information pages (content-service.ts). */
const INDEX = "membership-info-v3";
/** Through the counting proxy in front of the real Strapi. */
const proxied = (): Partial<Bindings> => ({ CMS_URL: `${env.FAKE_CMS_URL}/proxy` });

async function cms<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${env.CMS_URL}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} -> ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

async function publishPage(page: { title: string; slug: string; type: string }) {
  const data = { ...page, blocks: [{ __component: "blocks.text", content: `<p>${page.title}</p>` }] };
  const { data: saved } = await cms<{ data: { documentId: string } }>("/api/general-pages?status=published", { method: "POST", body: JSON.stringify({ data }) });
  created.push(saved.documentId);
  return { ...page, documentId: saved.documentId };
}

/** The CMS webhook for a page, as Strapi sends it; waits for what it does after answering. */
async function webhook(page: { documentId: string; title: string; slug: string; type: string }) {
  const body = JSON.stringify({ event: "entry.publish", model: "general-page", uid: "api::general-page.general-page", entry: { id: 1, ...page } });
  const response = await fetchWith(proxied(), "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body });
  expect(response.status).toBe(200);
}

const generations = () => createContentGenerationsStore(env.CONTENT_CACHE).read();

/** The index as kept in KV: the generation it was computed under. */
const keptIndex = async () => (await env.CONTENT_CACHE.get<{ generation: number }>(derivedKey(INDEX), "json"))!;

const edgeCache = async (path: string) => {
  const response = await fetchWith(proxied(), path);
  await response.text();
  return response.headers.get("X-Edge-Cache");
};

/** A membership whose information address shows no CMS page yet: publishing one there changes the index. */
async function membershipWithoutPage(): Promise<string> {
  const memberships = await cms<{ data: { slug: string }[] }>("/api/memberships?fields[0]=slug&pagination[limit]=100");
  const pages = await cms<{ data: { slug: string }[] }>("/api/general-pages?filters[type][$eq]=Professionals&fields[0]=slug&pagination[limit]=100");
  const taken = new Set(pages.data.map((page) => page.slug));
  const free = memberships.data.find((membership) => !taken.has(`join-${membership.slug}`));
  if (!free) throw new Error("every membership already has a page at its information address");
  return free.slug;
}

beforeEach(async () => {
  await clearContentCache();
});
afterAll(async () => {
  for (const documentId of created) await cms(`/api/general-pages/${documentId}`, { method: "DELETE" }).catch(() => undefined);
});

describe("the CMS webhook after its purge", () => {
  it("recomputes the membership-page index itself, and leaves its marker (and the pages kept at the edge) alone when it came out the same", async () => {
    for (let i = 0; i < 2; i += 1) await fetchWith(proxied(), "/about").then((r) => r.text());
    expect(await edgeCache("/about")).toBe("hit");
    const marker = generationOf(await generations(), derivedMarker(INDEX));

    const page = await publishPage({ title: `An ordinary page ${run}`, slug: `refresh-ordinary-${run}`, type: "Root" });
    await webhook(page);

    // Recomputed under the purge by the webhook, before any visitor came.
    const after = await generations();
    expect(generationOf(after, DERIVED_GENERATION)).toBeGreaterThan(marker);
    expect((await keptIndex()).generation).toBeGreaterThanOrEqual(generationOf(after, DERIVED_GENERATION));
    expect(generationOf(after, derivedMarker(INDEX)), "the index came out the same").toBe(marker);
    expect(await edgeCache("/about"), "nothing /about shows changed").toBe("hit");
  });

  it("moves the index's marker at once when a page changes it, so the kept pages are retired and no visitor recomputes it", async () => {
    for (let i = 0; i < 2; i += 1) await fetchWith(proxied(), "/about").then((r) => r.text());
    expect(await edgeCache("/about")).toBe("hit");
    const marker = generationOf(await generations(), derivedMarker(INDEX));

    const membership = await membershipWithoutPage();
    const page = await publishPage({ title: `About this membership ${run}`, slug: `join-${membership}`, type: "Professionals" });
    await webhook(page);

    expect(generationOf(await generations(), derivedMarker(INDEX)), "the index changed: its marker moved").toBeGreaterThan(marker);
    await resetFakeCms();
    expect(await edgeCache("/about"), "/about's links pass through the index").not.toBe("hit");
    const calls = await cmsCalls();
    for (const input of ["memberships", "pagesPresentingMemberships"]) expect(calls[input] ?? 0, `${input}: the index was recomputed by the webhook`).toBe(0);
  });
});
