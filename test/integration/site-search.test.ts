/**
 * Site search end to end against the real Strapi: a document published in the CMS is indexed
 * when the webhook's queue message is consumed (the queue's producer is recorded, so each test
 * runs the consumer itself), and /search answers with what the viewer may see. Also: unpublish
 * and delete, hostile and over-long queries, the rebuild, and a CMS outage during a rebuild.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../src/env";
import worker from "../../src/index";
import type { SearchQueueMessage } from "../../src/services/search/indexer";
import { TEST_SECRETS } from "../support/test-secrets";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { fetchWith, purgeHeaders, resetFakeCms } from "../support/worker/helpers";

/** A stand-in for the search queue's producer that keeps what is sent, for the test to consume. */
function recordingQueue() {
  const sent: SearchQueueMessage[] = [];
  const producer = {
    send: async (message: SearchQueueMessage) => void sent.push(message),
    sendBatch: async (messages: Iterable<{ body: SearchQueueMessage }>) => void [...messages].forEach((m) => sent.push(m.body)),
  } as unknown as Queue<SearchQueueMessage>;
  return { sent, producer };
}

let queue = recordingQueue();
const run = Date.now().toString(36);
const created: string[] = [];

async function cms(path: string, init: RequestInit = {}) {
  const response = await fetch(`${env.CMS_URL}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} -> ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as { data: { documentId: string } });
}

/** Publishes a general page in the CMS; returns its documentId. */
async function publishPage(page: { title: string; text: string; membersOnly?: boolean; authenticatedOnly?: boolean; description?: string }) {
  const data = {
    title: page.title,
    slug: `search-${run}-${created.length}`,
    type: "Root",
    membersOnly: page.membersOnly ?? false,
    authenticatedOnly: page.authenticatedOnly ?? false,
    seo: page.description ? { metaTitle: page.title, metaDescription: page.description } : undefined,
    blocks: [{ __component: "blocks.text", content: page.text }],
  };
  const documentId = (await cms("/api/general-pages?status=published", { method: "POST", body: JSON.stringify({ data }) }))!.data.documentId;
  created.push(documentId);
  return documentId;
}

/** Unpublishes through the CMS's admin API, as an editor's "Unpublish" does (the REST API has no unpublish). */
async function unpublish(documentId: string) {
  // The local CMS's first editor account (scripts/lib/cms.mjs: public, local-only defaults).
  const login = await fetch(`${env.CMS_URL}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@guildhall.local", password: "Guildhall-local-admin-1" }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${env.CMS_URL}/content-manager/collection-types/api::general-page.general-page/${documentId}/actions/unpublish`, {
    method: "POST",
    headers: { Authorization: `Bearer ${data.token}`, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(response.status).toBe(200);
}

/** The CMS webhook, as Strapi sends it, through the Worker with the recording queue. */
async function webhook(event: string, documentId: string | null, model = "general-page") {
  const payload = { event, model, uid: `api::${model}.${model}`, entry: documentId ? { id: 1, documentId } : { id: 1 } };
  const response = await fetchWith({ SEARCH_QUEUE: queue.producer }, "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body: JSON.stringify(payload) });
  expect(response.status).toBe(200);
  return (await response.json()) as { search: { queued: boolean } };
}

/** Runs the Worker's queue consumer on everything sent so far (and what that sends), until none is left. */
async function drainQueue(overrides: Partial<Bindings> = {}) {
  const outcomes: { acked: number; retried: number }[] = [];
  while (queue.sent.length > 0) {
    const bodies = queue.sent.splice(0);
    const batch = createMessageBatch<SearchQueueMessage>(
      "guildhall-search",
      bodies.map((body, i) => ({ id: `m-${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, SEARCH_QUEUE: queue.producer, ...overrides }, ctx);
    const result = await getQueueResult(batch, ctx);
    outcomes.push({ acked: result.explicitAcks.length, retried: result.retryMessages.length });
    if (result.retryMessages.length > 0) break;
  }
  return outcomes;
}

const search = async (browser: TestBrowser, q: string, extra = "") => {
  const response = await browser.fetch(`/search?q=${encodeURIComponent(q)}${extra}`);
  const html = await response.text();
  const titles = [...html.matchAll(/class="search-result__title"><a href="[^"]*">([^<]*)</g)].map((m) => m[1]!);
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return { response, html, titles, main };
};

async function signedIn(member: boolean) {
  const user = await createUser();
  if (member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return browser;
}

beforeEach(() => {
  queue = recordingQueue();
});

afterAll(async () => {
  for (const documentId of created) await cms(`/api/general-pages/${documentId}`, { method: "DELETE" }).catch(() => undefined);
});

describe("publishing", () => {
  it("makes a published page searchable once the webhook's queue message is consumed, with a highlighted excerpt", async () => {
    const word = `quokkaphysio${run}`;
    const documentId = await publishPage({ title: `Running clinic ${run}`, text: `<p>Our ${word} sessions help <strong>runners</strong> &amp; walkers.</p>` });
    const member = await signedIn(true);

    expect(await webhook("entry.publish", documentId)).toMatchObject({ search: { queued: true } });
    expect(queue.sent).toEqual([{ kind: "document", model: "general-page", documentId }]);
    // Not before the queue's consumer has run.
    expect((await search(member, word)).titles).toEqual([]);

    expect(await drainQueue()).toEqual([{ acked: 1, retried: 0 }]);
    const { response, titles, main } = await search(new TestBrowser(), word);
    expect(response.status).toBe(200);
    expect(titles).toEqual([`Running clinic ${run}`]);
    expect(main).toContain(`<mark>${word}</mark>`);
    expect(main).toContain("runners &amp; walkers");
    expect(main).not.toContain("<strong>");
    expect(main).toContain('class="search-result__kind">Page<');
    // A prefix finds it too, and a small typo in the title is corrected.
    expect((await search(new TestBrowser(), word.slice(0, 10))).titles).toEqual([`Running clinic ${run}`]);
    const typo = await search(new TestBrowser(), `clinci ${run}`);
    expect(typo.titles).toEqual([`Running clinic ${run}`]);
    expect(typo.main).toMatch(/so these are the results for “clinic/);
  });

  it("drops a page that is unpublished, and one that is deleted", async () => {
    const word = `wallabyknee${run}`;
    const first = await publishPage({ title: `Knee class ${run}`, text: `<p>${word} one</p>` });
    const second = await publishPage({ title: `Ankle class ${run}`, text: `<p>${word} two</p>` });
    await webhook("entry.publish", first);
    await webhook("entry.publish", second);
    await drainQueue();
    const member = await signedIn(true);
    expect((await search(member, word)).titles.sort()).toEqual([`Ankle class ${run}`, `Knee class ${run}`]);

    await unpublish(first);
    await webhook("entry.unpublish", first);
    await cms(`/api/general-pages/${second}`, { method: "DELETE" });
    await webhook("entry.delete", second);
    expect(await drainQueue()).toEqual([{ acked: 2, retried: 0 }]);
    const after = await search(member, word);
    expect(after.titles).toEqual([]);
    expect(after.main).toContain("Nothing on this site matches");
  });

  it("logs and ignores a webhook for a model the index does not follow, or an entry without a documentId", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await webhook("entry.update", "x", "footer")).toMatchObject({ search: { queued: false } });
    expect(await webhook("entry.publish", null)).toMatchObject({ search: { queued: false } });
    expect(queue.sent).toEqual([]);
    expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toContain("search.webhook_malformed");
  });

  it("never indexes a draft", async () => {
    const word = `numbatdraft${run}`;
    const { data } = (await cms("/api/general-pages?status=draft", { method: "POST", body: JSON.stringify({ data: { title: `Draft ${run}`, slug: `search-draft-${run}`, type: "Root", blocks: [{ __component: "blocks.text", content: `<p>${word}</p>` }] } }) }))!;
    created.push(data.documentId);
    await webhook("entry.create", data.documentId);
    await drainQueue();
    expect((await search(await signedIn(true), word)).titles).toEqual([]);
  });
});

describe("who sees what", () => {
  const word = `bilbyaccess${run}`;
  beforeAll(async () => {
    queue = recordingQueue();
    const members = await publishPage({ title: `Members notes ${run}`, text: `<p>${word} for members</p>`, membersOnly: true });
    const signedInOnly = await publishPage({ title: `Signed-in notes ${run}`, text: `<p>${word} for anyone signed in</p>`, authenticatedOnly: true });
    await webhook("entry.publish", members);
    await webhook("entry.publish", signedInOnly);
    await drainQueue();
  });

  it("shows a members-only page, and its text, to members only; a signed-in-only page to anyone signed in", async () => {
    const visitor = await search(new TestBrowser(), word);
    expect(visitor.titles).toEqual([]);
    expect(visitor.main).not.toContain("for members");

    const user = await search(await signedIn(false), word);
    expect(user.titles).toEqual([`Signed-in notes ${run}`]);
    expect(user.main).not.toContain("for members");

    const member = await search(await signedIn(true), word);
    expect(member.titles.sort()).toEqual([`Members notes ${run}`, `Signed-in notes ${run}`]);
    expect(member.main).toContain("<mark>");
  });

  it("never suggests a spelling taken from a page the viewer may not see", async () => {
    const visitor = await search(new TestBrowser(), `Membres notse ${run}`);
    expect(visitor.titles).toEqual([]);
    expect(visitor.main).not.toContain("these are the results for");
  });

  it("keeps a visitor's results at the edge, and never a signed-in user's", async () => {
    const first = await search(new TestBrowser(), `notes ${run}`);
    expect(first.response.headers.get("X-Edge-Cache")).toBe("miss");
    // A page made while the layout's copy was outdated by this file's publishes is not kept
    // (decision 0048): the next visitors are served from the edge once it was made from current content.
    await expect.poll(async () => (await search(new TestBrowser(), `notes ${run}`)).response.headers.get("X-Edge-Cache"), { timeout: 10_000 }).toBe("hit");
    const member = await signedIn(true);
    const own = await search(member, `notes ${run}`);
    expect(own.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.response.headers.get("X-Edge-Cache")).toBeNull();
    expect(own.titles).toContain(`Members notes ${run}`);
  });
});

describe("results kept at the edge", () => {
  it("are retired the moment the index changes, and the next visitors get the new results", async () => {
    const word = `numbatgait${run}`;
    const first = await publishPage({ title: `Gait clinic ${run}`, text: `<p>${word} one</p>` });
    await webhook("entry.publish", first);
    await drainQueue();
    const kept = async () => {
      const { response, titles } = await search(new TestBrowser(), word);
      return { edge: response.headers.get("X-Edge-Cache"), titles };
    };
    await expect.poll(async () => (await kept()).edge, { timeout: 10_000 }).toBe("hit");
    expect((await kept()).titles).toEqual([`Gait clinic ${run}`]);

    const second = await publishPage({ title: `Gait lab ${run}`, text: `<p>${word} two</p>` });
    await webhook("entry.publish", second);
    await drainQueue();

    // Before, the kept results stayed for their minute; now the index's change retired them.
    expect((await kept()).edge).not.toBe("hit");
    await expect.poll(async () => (await kept()).titles.sort(), { timeout: 10_000 }).toEqual([`Gait clinic ${run}`, `Gait lab ${run}`]);
  });
});

describe("queries", () => {
  it.each(['"', "*", 'NEAR(knee "', "OR", "knee OR", "'; DROP TABLE search_documents; --", "title:knee^", "(((", "AND NOT"])(
    "answers the hostile query %j with 200 and a message, never an error",
    async (q) => {
      const { response, main } = await search(new TestBrowser(), q);
      expect(response.status).toBe(200);
      expect(main).toMatch(/There are no words to search for|Nothing on this site matches|search-result__title/);
    },
  );

  it("refuses an over-long query with 400, the reason beside the box and what was typed kept", async () => {
    const q = `knee ${"x".repeat(300)}`;
    const { response, main } = await search(new TestBrowser(), q);
    expect(response.status).toBe(400);
    expect(main).toContain("Your search is 305 characters long: please use at most 200.");
    expect(main).toContain('aria-invalid="true"');
    expect(main).toContain(`value="${q}"`);
  });

  it("refuses a tampered page link with 400", async () => {
    const { response } = await search(new TestBrowser(), "knee", "&after=not-a-cursor");
    expect(response.status).toBe(400);
  });

  it("is limited per client address (429 past the limit)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // A fake limiter that has already counted too many searches: the real one allows 60 a minute.
    const refusing = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const { response } = await search(new TestBrowser({ SEARCH_LIMITER: refusing }), "knee");
    expect(response.status).toBe(429);
  });

  it("pages through many results by key, each result once", async () => {
    const word = `possumpage${run}`;
    for (let i = 0; i < 12; i++) await webhook("entry.publish", await publishPage({ title: `Paged ${i} ${run}`, text: `<p>${word} ${"more ".repeat(i)}</p>` }));
    await drainQueue();
    const titles: string[] = [];
    let path: string | null = `/search?q=${word}`;
    const browser = await signedIn(false);
    while (path) {
      const html = await (await browser.fetch(path)).text();
      titles.push(...[...html.matchAll(/Paged (\d+) /g)].map((m) => m[1]!));
      path = /href="(\/search\?[^"]*after=[^"]*)" rel="next"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;
    }
    expect(titles.sort()).toEqual(Array.from({ length: 12 }, (_, i) => String(i)).sort());
    // Twelve publishes through Strapi, each webhook reading again what most pages show: slow on a busy machine.
  }, 90_000);
});

describe("the rebuild", () => {
  const rebuild = (secret = env.CACHE_PURGE_SECRET) =>
    fetchWith({ SEARCH_QUEUE: queue.producer }, "/api/search/rebuild", { method: "POST", headers: { Authorization: `Bearer ${secret}` } });

  it("is refused without the secret", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await rebuild("not-the-secret-at-all")).status).toBe(401);
    expect(queue.sent).toEqual([]);
  });

  it("indexes every published page, article and webinar, and removes what is no longer published", async () => {
    await env.DB.prepare("INSERT INTO search_documents (doc_key, kind, access, href) VALUES ('general-page:gone', 'page', 'public', '/gone')").run();
    await env.DB.prepare("INSERT INTO search_text (rowid, title, description, body) SELECT id, 'Gone page', '', 'echidnagone' FROM search_documents WHERE doc_key = 'general-page:gone'").run();
    const response = await rebuild();
    expect(response.status).toBe(202);
    await drainQueue();
    const kinds = await env.DB.prepare("SELECT kind, COUNT(*) AS n FROM search_documents GROUP BY kind ORDER BY kind").all<{ kind: string; n: number }>();
    const counts = Object.fromEntries(kinds.results.map((row) => [row.kind, row.n]));
    expect(counts.page).toBeGreaterThan(10);
    expect(counts.article).toBeGreaterThan(0);
    expect(counts.webinar).toBeGreaterThan(0);
    expect((await search(await signedIn(true), "echidnagone")).titles).toEqual([]);
    const webinar = await env.DB.prepare("SELECT href FROM search_documents WHERE kind = 'webinar' LIMIT 1").first<{ href: string }>();
    expect(webinar!.href).toMatch(/^\/webinars\//);
  });

  it("keeps the old index when the CMS fails midway", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await env.DB.prepare("INSERT INTO search_documents (doc_key, kind, access, href) VALUES ('general-page:kept', 'page', 'public', '/kept')").run();
    await env.DB.prepare("INSERT INTO search_text (rowid, title, description, body) SELECT id, 'Kept page', '', 'platypuskept' FROM search_documents WHERE doc_key = 'general-page:kept'").run();
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM search_documents").first<{ n: number }>();
    await resetFakeCms();
    await fetch(`${env.FAKE_CMS_URL}/__toggle?up=0`);
    try {
      expect((await rebuild()).status).toBe(202);
      const outcomes = await drainQueue({ CMS_URL: `${env.FAKE_CMS_URL}/toggle` });
      expect(outcomes.at(-1)).toEqual({ acked: 0, retried: 1 });
    } finally {
      await fetch(`${env.FAKE_CMS_URL}/__toggle?up=1`);
    }
    expect(error.mock.calls.some(([line]) => String(line).includes("search.index_failed"))).toBe(true);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM search_documents").first<{ n: number }>()).toEqual(before);
    expect((await search(await signedIn(true), "platypuskept")).titles).toEqual(["Kept page"]);
  });
});
