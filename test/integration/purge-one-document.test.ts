/**
 * Purging one document, through the real Strapi: an editor's change to one general page (or
 * article) outdates only what shows it. Another page's cached answer and the shared layout's
 * stay current and are served without asking the CMS; the changed page shows the edit; a page
 * moved to a new address leaves its old one and appears at its new one, where a "not found" was
 * cached.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bindings } from "../../src/env";
import { TEST_SECRETS } from "../support/test-secrets";
import { clearContentCache, cmsCalls, fetchWith, purgeHeaders, resetFakeCms } from "../support/worker/helpers";

const run = Date.now().toString(36);
const created: string[] = [];
/** Through the counting proxy in front of the real Strapi. */
const proxied = (): Partial<Bindings> => ({ CMS_URL: `${env.FAKE_CMS_URL}/proxy` });
const LAYOUT = ["global", "globalSeo", "sidebar", "footer", "navigation"];

interface Page {
  documentId: string;
  slug: string;
  type: string;
  title: string;
}

async function cms(path: string, init: RequestInit = {}) {
  const response = await fetch(`${env.CMS_URL}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} -> ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as { data: { documentId: string } });
}

async function publishPage(name: string): Promise<Page> {
  const page = { title: `Page ${name} ${run}`, slug: `one-document-${name}-${run}`, type: "Root" };
  const data = { ...page, blocks: [{ __component: "blocks.text", content: `<p>The text of page ${name}.</p>` }] };
  const documentId = (await cms("/api/general-pages?status=published", { method: "POST", body: JSON.stringify({ data }) }))!.data.documentId;
  created.push(documentId);
  return { ...page, documentId };
}

async function edit(page: Page, change: Partial<Pick<Page, "title" | "slug">>): Promise<Page> {
  await cms(`/api/general-pages/${page.documentId}?status=published`, { method: "PUT", body: JSON.stringify({ data: change }) });
  return { ...page, ...change };
}

/** The CMS webhook for that page, as Strapi sends it (the entry as it is now). */
async function webhook(page: Page): Promise<void> {
  const entry = { id: 1, documentId: page.documentId, title: page.title, slug: page.slug, type: page.type };
  const body = JSON.stringify({ event: "entry.publish", model: "general-page", uid: "api::general-page.general-page", entry });
  const response = await fetchWith(proxied(), "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body });
  expect(response.status).toBe(200);
}

const view = async (path: string) => {
  const response = await fetchWith(proxied(), path);
  return { status: response.status, html: await response.text() };
};

/** How the edge cache answered a visitor's view of `path`. */
const edgeCache = async (path: string) => {
  const response = await fetchWith(proxied(), path);
  await response.text();
  return response.headers.get("X-Edge-Cache");
};

let a: Page;
let b: Page;
beforeAll(async () => {
  [a, b] = [await publishPage("a"), await publishPage("b")];
}, 60_000);
afterAll(async () => {
  for (const documentId of created) await cms(`/api/general-pages/${documentId}`, { method: "DELETE" }).catch(() => undefined);
});
beforeEach(async () => {
  await clearContentCache();
});

describe("editing one page", () => {
  it("leaves another page's cached copy and the layout current (served without the CMS), and the edited page shows the edit", async () => {
    for (const page of [a, b]) expect((await view(`/${page.slug}`)).status).toBe(200);
    await resetFakeCms();

    a = await edit(a, { title: `Page a edited ${run}` });
    await webhook(a);

    const other = await view(`/${b.slug}`);
    expect(other.status).toBe(200);
    expect(other.html).toContain(b.title);
    const calls = await cmsCalls();
    expect(calls.generalPage ?? 0, "page B's cached answer is a hit").toBe(0);
    for (const operation of LAYOUT) expect(calls[operation] ?? 0, operation).toBe(0);

    // The edited page: the previous copy while the new one loads, then the edit.
    await view(`/${a.slug}`);
    expect((await view(`/${a.slug}`)).html).toContain(a.title);
    expect((await cmsCalls()).generalPage).toBe(1);
  });

  it("leaves another page's copy kept at the edge in place, and renders only the edited page again", async () => {
    for (const page of [a, b]) expect((await view(`/${page.slug}`)).status).toBe(200);
    expect(await edgeCache(`/${b.slug}`)).toBe("hit");
    expect(await edgeCache(`/${a.slug}`)).toBe("hit");

    a = await edit(a, { title: `Page a edited again ${run}` });
    await webhook(a);

    expect(await edgeCache(`/${b.slug}`), "page B was kept and nothing it shows changed").toBe("hit");
    expect(await edgeCache(`/${a.slug}`), "page A is rendered again (its kept copy served meanwhile)").toBe("stale");
  });

  it("serves the edited page's retired copy at once while it is rendered again in the background, then the edit", async () => {
    const before = a.title;
    for (let i = 0; i < 2; i += 1) await view(`/${a.slug}`);
    expect(await edgeCache(`/${a.slug}`)).toBe("hit");

    a = await edit(a, { title: `Page a edited for the background ${run}` });
    await webhook(a);

    // The visitor is answered with the kept page; its render again runs after the response.
    const first = await fetchWith(proxied(), `/${a.slug}`);
    const firstHtml = await first.text();
    expect(first.headers.get("X-Edge-Cache")).toBe("stale");
    expect(firstHtml).toContain(before);
    expect(firstHtml).not.toContain(a.title);
    // An editor's draft preview (its cookie) is never given the kept page.
    const preview = await fetchWith(proxied(), `/${a.slug}`, { headers: { Cookie: "guildhall_preview=anything" } });
    await preview.text();
    expect(preview.headers.get("X-Edge-Cache")).toBeNull();

    // That render, from the edit, was kept: the next visitor gets it from the edge.
    const next = await fetchWith(proxied(), `/${a.slug}`);
    expect(next.headers.get("X-Edge-Cache")).toBe("hit");
    expect(await next.text()).toContain(a.title);
  });

  it("renders a retired page while the visitor waits once its purge is CACHE_MAX_OUTDATED_SECONDS old", async () => {
    for (let i = 0; i < 2; i += 1) await view(`/${a.slug}`);
    a = await edit(a, { title: `Page a edited past the bound ${run}` });
    await webhook(a);

    const noOutdated: Partial<Bindings> = { ...proxied(), CACHE_MAX_OUTDATED_SECONDS: "0" };
    const response = await fetchWith(noOutdated, `/${a.slug}`);
    expect(response.headers.get("X-Edge-Cache")).toBe("miss");
    expect(await response.text()).toContain(a.title);
  });

  it("retires the page's old address when it moves, and a cached 'not found' at its new one", async () => {
    const to = `one-document-moved-${run}`;
    expect((await view(`/${b.slug}`)).status).toBe(200);
    expect((await view(`/${to}`)).status).toBe(404);

    const from = b.slug;
    b = await edit(b, { slug: to });
    await webhook(b);

    // Each address: its outdated answer while the new one loads, then the new one.
    await view(`/${to}`);
    expect((await view(`/${to}`)).status).toBe(200);
    await view(`/${from}`);
    expect((await view(`/${from}`)).status).toBe(404);
  });
});
