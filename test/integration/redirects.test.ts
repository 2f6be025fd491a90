/**
 * Old addresses keep working: redirects an editor saves in the real Strapi (through its REST API,
 * as the admin panel does) answer where the site would otherwise say "page not found": a chain
 * step by step, a loop and an unmarked off-site target refused (the 404 page instead), a page that
 * exists never redirected, and the CMS refusing an address that is not a path.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../support/test-secrets";
import { clearContentCache, fetchWith } from "../support/worker/helpers";

const created: string[] = [];

async function asEditor(method: string, path: string, data?: unknown): Promise<Response> {
  return fetch(`${env.CMS_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
    ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
  });
}

async function saveRedirect(from: string, to: string, extra: { permanent?: boolean; external?: boolean } = {}): Promise<void> {
  const response = await asEditor("POST", "/api/redirects", { from, to, ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  created.push(String(((await response.json()) as { data: { documentId: string } }).data.documentId));
}

const get = (path: string, init?: RequestInit) => fetchWith({}, path, { redirect: "manual", ...init });

beforeAll(async () => {
  await saveRedirect("/test-redirects/old-about", "/webinars");
  await saveRedirect("/test-redirects/chain-1", "/test-redirects/chain-2");
  await saveRedirect("/test-redirects/chain-2", "/test-redirects/chain-3", { permanent: false });
  await saveRedirect("/test-redirects/chain-3", "/cart");
  await saveRedirect("/test-redirects/loop-a", "/test-redirects/loop-b");
  await saveRedirect("/test-redirects/loop-b", "/test-redirects/loop-a");
  await saveRedirect("/test-redirects/journal", "https://journal.example/issue-4");
  await saveRedirect("/test-redirects/journal-external", "https://journal.example/issue-4", { external: true });
  await saveRedirect("/webinars", "/cart");
  await clearContentCache();
});

afterAll(async () => {
  for (const documentId of created) await asEditor("DELETE", `/api/redirects/${documentId}`);
  await clearContentCache();
});

describe("the editors' redirects", () => {
  it("send an old address on with a 301 that browsers keep for an hour, with the visitor's query string", async () => {
    const response = await get("/Test-Redirects/Old-About/?from=journal");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/webinars?from=journal");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toBe("");
  });

  it("lead along a chain one step at a time, each with its own status, to the page at its end", async () => {
    const steps: [number, string | null][] = [];
    let path = "/test-redirects/chain-1";
    for (let hop = 0; hop < 5; hop++) {
      const response = await get(path);
      steps.push([response.status, response.headers.get("Location")]);
      if (response.status !== 301 && response.status !== 302) break;
      if (response.status === 302) expect(response.headers.get("Cache-Control")).toBe("no-store");
      path = response.headers.get("Location")!;
    }
    expect(steps).toEqual([
      [301, "/test-redirects/chain-2"],
      [302, "/test-redirects/chain-3"],
      [301, "/cart"],
      [200, null],
    ]);
  });

  it("answer HEAD as GET, and leave other methods alone", async () => {
    expect((await get("/test-redirects/old-about", { method: "HEAD" })).status).toBe(301);
    expect((await get("/test-redirects/old-about", { method: "POST" })).status).not.toBe(301);
  });

  it("refuse a loop: the visitor gets the 404 page, not a browser's redirect-loop error", async () => {
    const response = await get("/test-redirects/loop-a");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<html");
  });

  it("refuse a target on another site unless the editor marked it external", async () => {
    expect((await get("/test-redirects/journal")).status).toBe(404);
    const external = await get("/test-redirects/journal-external");
    expect(external.status).toBe(301);
    expect(external.headers.get("Location")).toBe("https://journal.example/issue-4");
  });

  it("come with the demo society: its old website's addresses lead to pages that exist", async () => {
    for (const [from, to] of <[string, string][]>[
      ["/about-us", "/about"],
      ["/about/history.html", "/about/our-history"],
      ["/find-a-physio", "/patients/find-a-physiotherapist"],
    ]) {
      const response = await get(from);
      expect([response.status, response.headers.get("Location")], from).toEqual([301, to]);
      expect((await get(to)).status, to).toBe(200);
    }
  });

  it("never hide a page that exists", async () => {
    const response = await get("/webinars");
    expect(response.status).toBe(200);
  });

  it("are refused by the CMS, with the reason, when the old address is not a path on this site", async () => {
    for (const from of ["old-about", "https://elsewhere.example/x", "/with space"]) {
      const response = await asEditor("POST", "/api/redirects", { from, to: "/webinars" });
      expect(response.status, from).toBe(400);
      expect(((await response.json()) as { error: { name: string } }).error.name).toBe("ValidationError");
    }
  });

  it("are refused by the CMS when an old address already has one", async () => {
    const response = await asEditor("POST", "/api/redirects", { from: "/test-redirects/old-about", to: "/cart" });
    expect(response.status).toBe(400);
  });
});
