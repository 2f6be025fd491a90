/**
 * Editors preview drafts, end to end against the real Strapi: a page is published, then edited
 * as a draft through Strapi's API (as the admin panel does); the preview shows the draft, while
 * the public page, and every visitor during the preview, still get the published text. Nothing
 * from the preview enters the KV cache or the edge cache.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../support/test-secrets";
import { TestBrowser } from "../support/worker/browser";

const slug = `preview-${Date.now()}`;
const PUBLISHED = "The published words of this page.";
const DRAFT = "The draft words nobody may see yet.";
let documentId: string;

async function cms(path: string, init: RequestInit = {}) {
  const response = await fetch(`${env.CMS_URL}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} -> ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as { data: { documentId: string } });
}

const page = (text: string) => ({ title: "Preview test page", slug, type: "Root", blocks: [{ __component: "blocks.text", content: text }] });
const previewLink = (secret: string, url = `/${slug}`, status = "draft") =>
  `/api/preview?secret=${encodeURIComponent(secret)}&url=${encodeURIComponent(url)}&status=${status}`;

async function editor(): Promise<TestBrowser> {
  const browser = new TestBrowser();
  const response = await browser.fetch(previewLink(TEST_SECRETS.previewSecret));
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe(`/${slug}`);
  return browser;
}

beforeAll(async () => {
  documentId = (await cms("/api/general-pages?status=published", { method: "POST", body: JSON.stringify({ data: page(PUBLISHED) }) }))!.data.documentId;
  // A visitor sees (and so caches) the published page first.
  expect(await (await new TestBrowser().fetch(`/${slug}`)).text()).toContain(PUBLISHED);
  // Saved, not published: Strapi keeps it as the draft.
  await cms(`/api/general-pages/${documentId}`, { method: "PUT", body: JSON.stringify({ data: page(DRAFT) }) });
});

afterAll(async () => {
  if (documentId) await cms(`/api/general-pages/${documentId}`, { method: "DELETE" });
});

describe("draft preview", () => {
  it("a wrong secret is refused with 401 and sets nothing", async () => {
    const browser = new TestBrowser();
    const response = await browser.fetch(previewLink("not-the-secret"));
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("the link sets a short-lived signed HttpOnly cookie and goes only to a path on this site", async () => {
    const browser = new TestBrowser();
    const response = await browser.fetch(previewLink(TEST_SECRETS.previewSecret));
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("guildhall_preview="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=1800/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    for (const hostile of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const away = await new TestBrowser().fetch(previewLink(TEST_SECRETS.previewSecret, hostile));
      expect(away.headers.get("Location"), hostile).toBe("/");
    }
  });

  it("shows the editor the draft, privately, unindexed, under a preview bar with a way out", async () => {
    const browser = await editor();
    const response = await browser.fetch(`/${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("X-Edge-Cache")).toBeNull();
    const html = await response.text();
    expect(html).toContain(DRAFT);
    expect(html).not.toContain(PUBLISHED);
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain("Preview — not published.");
    expect(html).toContain(`href="/api/preview/exit?url=%2F${slug}"`);
  });

  it("never gives a visitor the draft, during the preview or after it (no cache holds it)", async () => {
    const browser = await editor();
    const [draft, ...visitors] = await Promise.all([
      browser.fetch(`/${slug}`).then((r) => r.text()),
      ...Array.from({ length: 3 }, () => new TestBrowser().fetch(`/${slug}`).then((r) => r.text())),
    ]);
    expect(draft).toContain(DRAFT);
    for (const html of visitors) {
      expect(html).toContain(PUBLISHED);
      expect(html).not.toContain(DRAFT);
      expect(html).not.toContain("Preview — not published");
    }
    const after = await new TestBrowser().fetch(`/${slug}`);
    expect(after.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(await after.text()).toContain(PUBLISHED);
  });

  it("a forged or expired cookie is no preview", async () => {
    const browser = new TestBrowser();
    browser.cookies.set("guildhall_preview", `${Math.floor(Date.now() / 1000) + 600}.${"A".repeat(43)}`);
    const html = await (await browser.fetch(`/${slug}`)).text();
    expect(html).toContain(PUBLISHED);
    expect(html).not.toContain("Preview — not published");
  });

  it("exit clears the cookie and returns to the published page", async () => {
    const browser = await editor();
    const exit = await browser.fetch(`/api/preview/exit?url=${encodeURIComponent(`/${slug}`)}`);
    expect(exit.status).toBe(303);
    expect(exit.headers.get("Location")).toBe(`/${slug}`);
    expect(browser.cookies.has("guildhall_preview")).toBe(false);
    expect(await (await browser.fetch(`/${slug}`)).text()).toContain(PUBLISHED);
  });

  it("without PREVIEW_SECRET (preview off) the link is a 404 and a preview cookie does nothing", async () => {
    const signedBefore = await editor();
    const cookie = signedBefore.cookies.get("guildhall_preview")!;
    const off = new TestBrowser({ PREVIEW_SECRET: undefined });
    expect((await off.fetch(previewLink(TEST_SECRETS.previewSecret))).status).toBe(404);
    off.cookies.set("guildhall_preview", cookie);
    const html = await (await off.fetch(`/${slug}`)).text();
    expect(html).toContain(PUBLISHED);
    expect(html).not.toContain(DRAFT);
  });
});
