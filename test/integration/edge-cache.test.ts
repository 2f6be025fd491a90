/**
 * The edge cache for anonymous pages (middleware/edge-cache): what every visitor without a
 * session sees is kept in the Cache API and served without rendering; nothing personal ever
 * goes in, nothing kept ever reaches a signed-in user, and a purge retires every kept page
 * (served, for a bounded time, while it is rendered again).
 */
import { describe, expect, it } from "vitest";
import { clearContentCache, purgeHeaders } from "../support/worker/helpers";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";

const visitor = () => new TestBrowser();

async function twice(path: string) {
  const first = await visitor().fetch(path);
  const firstBody = await first.text();
  const second = await visitor().fetch(path);
  return { first, firstBody, second, secondBody: await second.text() };
}

/** The nonces React's streaming scripts carry. */
const scriptNonces = (html: string) => [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("the edge cache", () => {
  it("keeps a visitor's page and serves the next visitor from it, with the browser headers of the original", async () => {
    await clearContentCache();
    const { first, firstBody, second, secondBody } = await twice("/about");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Edge-Cache")).toBe("miss");
    expect(second.headers.get("X-Edge-Cache")).toBe("hit");
    expect(second.status).toBe(200);
    expect(secondBody).toBe(firstBody);
    for (const response of [first, second]) {
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      expect(response.headers.get("Vary")).toMatch(/Cookie/);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("serves a kept page with the security headers it was stored with, its CSP nonce matching its own scripts only", async () => {
    await clearContentCache();
    // The home page streams its webinars list (a Suspense boundary with React's inline scripts).
    const { first, second, secondBody } = await twice("/");
    expect(second.headers.get("X-Edge-Cache")).toBe("hit");
    for (const header of ["Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Strict-Transport-Security"]) {
      expect(second.headers.get(header), header).toBe(first.headers.get(header));
    }
    const nonces = scriptNonces(secondBody);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([cspNonce(second)]));
    // Every fresh render has its own nonce: the kept page's authorises nothing anywhere else.
    const fresh = await visitor().fetch("/login");
    expect(cspNonce(fresh)).toBeTruthy();
    expect(cspNonce(fresh)).not.toBe(cspNonce(second));
  });

  it("never serves a signed-in user from it, and never keeps what a signed-in user sees", async () => {
    await clearContentCache();
    await visitor().fetch("/");
    const user = await createUser();
    await makeMember(user);
    const member = new TestBrowser();
    await member.signIn(user.email, user.password);
    const own = await member.fetch("/");
    expect(own.headers.get("X-Edge-Cache")).toBeNull();
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await own.text()).toContain("Your account");

    await clearContentCache();
    const memberFirst = await member.fetch("/webinars");
    expect(await memberFirst.text()).toContain("Your account");
    const afterMember = await visitor().fetch("/webinars");
    expect(afterMember.headers.get("X-Edge-Cache")).toBe("miss");
    const html = await afterMember.text();
    expect(html).not.toContain("Your account");
    expect(html).not.toContain(user.email);
  });

  it.each(["/login", "/join", "/password-reset", "/cart"])("never keeps %s (it carries a CSRF token or the visitor's own cart)", async (path) => {
    await clearContentCache();
    const { first, second } = await twice(path);
    expect(first.headers.get("X-Edge-Cache")).toBeNull();
    expect(second.headers.get("X-Edge-Cache")).toBeNull();
  });

  it("never keeps a gated page's redirect, and keeps 'no such page' for visitors", async () => {
    await clearContentCache();
    const gated = await twice("/user/membership");
    expect(gated.second.status).toBe(303);
    expect(gated.second.headers.get("X-Edge-Cache")).toBeNull();
    const missing = await twice("/no-such-page-here");
    expect(missing.second.status).toBe(404);
    expect(missing.second.headers.get("X-Edge-Cache")).toBe("hit");
    expect(missing.second.headers.get("Cache-Control")).toBe("no-store");
  });

  it("retires every kept page when the CMS webhook purges (served while it is rendered again)", async () => {
    await clearContentCache();
    await twice("/about");
    const purge = await visitor().fetch("/api/cache/purge", {
      method: "POST",
      headers: purgeHeaders(),
      body: JSON.stringify({ event: "entry.publish", model: "footer" }),
    });
    expect(purge.status).toBe(200);
    expect((await visitor().fetch("/about")).headers.get("X-Edge-Cache")).toBe("stale");
  });

  it("retires a kept webinars page when a webinar is published", async () => {
    await clearContentCache();
    // (A copy kept by an earlier test is served while it is rendered again: wait for the new one.)
    await expect.poll(async () => (await visitor().fetch("/webinars")).headers.get("X-Edge-Cache"), { timeout: 10_000 }).toBe("hit");
    const purge = await visitor().fetch("/api/cache/purge", {
      method: "POST",
      headers: purgeHeaders(),
      body: JSON.stringify({ event: "entry.publish", model: "webinar", entry: { id: 1, documentId: "any-webinar", slug: "any-webinar" } }),
    });
    expect(purge.status).toBe(200);
    expect((await visitor().fetch("/webinars")).headers.get("X-Edge-Cache")).not.toBe("hit");
  });

  it("is not used for a request carrying a session cookie, even a stale one", async () => {
    await clearContentCache();
    await twice("/about");
    const stale = await visitor().fetch("/about", { headers: { Cookie: "guildhall_session=forged.value" } });
    expect(stale.headers.get("X-Edge-Cache")).toBeNull();
  });
});
