/**
 * The session API against the real NextAuth v4 browser client (`next-auth/react`, a dev
 * dependency), as a client of the original site calls it: in real Chromium, on a page of a real
 * `wrangler dev` with the Firebase Auth emulator the global setup started.
 *
 * The client is bundled here with esbuild (what a site's own build would do) and evaluated in the
 * page, on the site's origin, so its requests are same-origin and carry the site's cookies. The
 * whole call sequence: providers, csrf, a wrong password (error CredentialsSignin, status 401), a
 * right one (ok, an absolute url), session, sign-out, session gone; then the same with a hostile
 * callbackUrl, which must come back as the site's own URL; and the client's error log, which it
 * posts to _log as a beacon.
 */
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";

const SITE_URL = siteWorkerUrl(WORKER_SLOTS.nextAuth);
const EMULATOR_URL = `http://${inject("firebaseEmulatorHost")}`;
const stack = useBrowserStack(WORKER_SLOTS.nextAuth, { vars: { SITE_URL } });

/** next-auth/react's functions, bundled for the browser and exposed as `window.NextAuthClient`. */
async function bundledClient(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { getProviders, getCsrfToken, getSession, signIn, signOut } from "next-auth/react";`,
      resolveDir: process.cwd(),
      loader: "js",
    },
    bundle: true,
    write: false,
    format: "iife",
    globalName: "NextAuthClient",
    platform: "browser",
    // The client reads NEXTAUTH_URL at load; unset, its API base path is /api/auth, as on the site.
    define: { "process.env.NODE_ENV": '"production"', "process.env.NEXTAUTH_URL": "undefined", "process.env.VERCEL_URL": "undefined", "process.env.NEXTAUTH_URL_INTERNAL": "undefined" },
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

async function createAccount(): Promise<{ email: string; password: string }> {
  const email = `next-auth-${Date.now()}@e2e.guildhall.example`;
  const password = "NextAuth-client-1";
  const response = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signUp ${email}: ${response.status} ${await response.text()}`);
  return { email, password };
}

/** The client functions called here (named, not imported: next-auth's types pull in Next.js's globals). */
type Call = "getProviders" | "getCsrfToken" | "getSession" | "signIn" | "signOut";

describe("the real next-auth/react client against the session API", () => {
  let page: Page;
  let watch: PageWatch;
  let blocked: string[];
  let account: { email: string; password: string };
  let client: string;

  beforeAll(async () => {
    [client, account] = await Promise.all([bundledClient(), createAccount()]);
    const opened = await openContext(stack.browser, DESKTOP);
    blocked = opened.blocked;
    page = await opened.context.newPage();
    watch = await watchPage(page);
    // Any page of the site: the client then runs on its origin.
    await page.goto(stack.url("/about"), { waitUntil: "load" });
    await page.evaluate(client);
    // What loading the page itself reported (its images, say) is other tests' business.
    watch.take();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  /** Calls one of the client's functions in the page and returns what it resolved to. */
  const call = (name: Call, ...args: unknown[]) =>
    page.evaluate(
      ([fn, fnArgs]) => (window as unknown as { NextAuthClient: Record<string, (...a: unknown[]) => Promise<unknown>> }).NextAuthClient[fn]!(...fnArgs),
      [name, args] as const,
    );

  it.each([
    ["a callbackUrl on the site", `${SITE_URL}/webinars`, `${SITE_URL}/webinars`],
    ["a hostile callbackUrl", "https://evil.example/steal", `${SITE_URL}/`],
  ])("signs in, reads the session and signs out, with %s", async (_case, callbackUrl, landsOn) => {
    expect(await call("getProviders")).toMatchObject({ credentials: { id: "credentials", type: "credentials" } });
    expect(await call("getCsrfToken")).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const wrong = await call("signIn", "credentials", { redirect: false, email: account.email, password: "not-the-password", callbackUrl });
    expect(wrong).toEqual({ error: "CredentialsSignin", status: 401, ok: false, url: null });
    expect(await call("getSession")).toBeNull();

    const right = await call("signIn", "credentials", { redirect: false, email: account.email, password: account.password, callbackUrl });
    expect(right).toEqual({ error: null, status: 200, ok: true, url: landsOn });
    expect(await call("getSession")).toEqual({ user: { email: account.email }, expires: expect.any(String) });

    expect(await call("signOut", { redirect: false, callbackUrl })).toEqual({ url: `${SITE_URL}/` });
    expect(await call("getSession")).toBeNull();

    // Only the browser's own note of the 401 answer; nothing left loopback.
    expect(watch.take([/status of 401/])).toEqual(NO_PROBLEMS);
    expect(blocked).toEqual([]);
  });

  it("posts its error log to _log, which accepts it", async () => {
    // The session endpoint unreachable once: the client logs CLIENT_FETCH_ERROR with a beacon.
    await page.route("**/api/auth/session", (route) => route.abort("connectionrefused"), { times: 1 });
    const logged = page.waitForResponse((response) => response.url() === `${SITE_URL}/api/auth/_log`);
    expect(await call("getSession")).toBeNull();
    expect((await logged).status()).toBe(204);
    expect(watch.take([/CLIENT_FETCH_ERROR/, /ERR_CONNECTION_REFUSED/]).pageErrors).toEqual([]);
  });
});
