/** CSRF, rate limits, token sync and emulator mode, as tests. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { createUser, idTokenFor, TestBrowser } from "../support/worker/browser";

const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
};

describe("CSRF protection on state-changing requests", () => {
  const signInFields = { email: "x@guild.example", password: "whatever-1", json: "true" };

  it("refuses a form without the CSRF token", async () => {
    quiet();
    const browser = new TestBrowser();
    await browser.csrfToken();
    const response = await browser.fetch("/api/auth/callback/credentials", { method: "POST", body: new URLSearchParams(signInFields) });
    expect(response.status).toBe(403);
  });

  it("refuses a token made for another browser's cookie", async () => {
    quiet();
    const token = await new TestBrowser().csrfToken();
    const browser = new TestBrowser();
    await browser.csrfToken();
    const response = await browser.fetch("/api/auth/callback/credentials", {
      method: "POST",
      body: new URLSearchParams({ ...signInFields, csrfToken: token }),
    });
    expect(response.status).toBe(403);
  });

  it("refuses a cross-site Origin even with a valid token", async () => {
    quiet();
    const browser = new TestBrowser();
    const response = await browser.post("/api/auth/callback/credentials", signInFields, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });

  it("refuses a request with neither Origin nor Referer", async () => {
    quiet();
    const browser = new TestBrowser();
    const body = new URLSearchParams({ ...signInFields, csrfToken: await browser.csrfToken() });
    const headers = new Headers({ Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ") });
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request("http://localhost/api/auth/callback/credentials", { method: "POST", body, headers }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(403);
  });

  it("refuses Sec-Fetch-Site: cross-site", async () => {
    quiet();
    const response = await new TestBrowser().post("/api/auth/callback/credentials", signInFields, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  it("protects sign-out, password reset, password change and token sync too", async () => {
    quiet();
    const browser = new TestBrowser();
    for (const [method, path] of [
      ["POST", "/api/auth/signout"],
      ["POST", "/password-reset"],
      ["POST", "/user/password"],
      ["POST", "/api/auth/token"],
      ["DELETE", "/api/auth/token"],
    ] as const) {
      const response = await browser.fetch(path, { method, headers: { Origin: "https://evil.example" } });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it("a 403 tells the user what to do", async () => {
    quiet();
    const response = await new TestBrowser().fetch("/password-reset", { method: "POST", body: new URLSearchParams({ email: "a@b.example" }) });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Your form expired. Please go back, reload the page and try again.");
  });
});

describe("rate limiting", () => {
  it("limits sign-in attempts per e-mail address, whatever the client address", async () => {
    quiet();
    const user = await createUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await new TestBrowser().post("/api/auth/callback/credentials", { email: user.email, password: "wrong-password-1", json: "true" });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits attempts per client address across e-mail addresses", async () => {
    quiet();
    const browser = new TestBrowser();
    let last = 0;
    for (let attempt = 0; attempt < 22; attempt++) {
      const response = await browser.post("/api/auth/callback/credentials", { email: `probe-${attempt}@guild.example`, password: "x-password-1", json: "true" });
      last = response.status;
      if (last === 429) break;
    }
    expect(last).toBe(429);
  });

  it("limits password-reset requests per e-mail address", async () => {
    quiet();
    const email = `reset-probe-${Date.now()}@guild.example`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await new TestBrowser().post("/password-reset", { email })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("token sync endpoint", () => {
  it("POST with a fresh ID token mints the session; DELETE clears it", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    const token = await idTokenFor(user.email, user.password);
    const response = await browser.fetch("/api/auth/token", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "X-CSRF-Token": await browser.csrfToken() },
    });
    expect(response.status).toBe(200);
    expect(browser.sessionCookie).toBeTruthy();
    expect(await (await browser.fetch("/api/auth/session")).json()).toMatchObject({ user: { email: user.email } });

    const again = await browser.fetch("/api/auth/token", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "X-CSRF-Token": await browser.csrfToken() },
    });
    expect(again.headers.getSetCookie().some((c) => c.startsWith("guildhall_session="))).toBe(false);

    const cleared = await browser.fetch("/api/auth/token", { method: "DELETE", headers: { "X-CSRF-Token": await browser.csrfToken() } });
    expect(cleared.status).toBe(204);
    expect(browser.sessionCookie).toBeUndefined();
  });

  it("signing out sticks: a sign-in from before the sign-out cannot be synced back into a session", async () => {
    quiet();
    const user = await createUser();
    const browser = new TestBrowser();
    const token = await idTokenFor(user.email, user.password);
    await browser.signIn(user.email, user.password);
    const signOut = await browser.post("/api/auth/signout", {});
    expect(signOut.headers.getSetCookie().some((c) => c.startsWith("guildhall_signed_out_at="))).toBe(true);
    const resync = await browser.fetch("/api/auth/token", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "X-CSRF-Token": await browser.csrfToken() },
    });
    expect(resync.status).toBe(401);
    expect(browser.sessionCookie).toBeUndefined();
    await browser.signIn(user.email, user.password);
    expect(browser.cookies.has("guildhall_signed_out_at")).toBe(false);
  });

  it("refuses a missing or forged token", async () => {
    quiet();
    const browser = new TestBrowser();
    const csrf = await browser.csrfToken();
    expect((await browser.fetch("/api/auth/token", { method: "POST", headers: { "X-CSRF-Token": csrf } })).status).toBe(401);
    const forged = await browser.fetch("/api/auth/token", { method: "POST", headers: { Authorization: "Bearer a.b.c", "X-CSRF-Token": csrf } });
    expect(forged.status).toBe(401);
  });
});

describe("emulator mode is explicit", () => {
  it("without FIREBASE_AUTH_EMULATOR_HOST the emulator's unsigned tokens are refused", async () => {
    quiet();
    const user = await createUser();
    const token = await idTokenFor(user.email, user.password);
    const browser = new TestBrowser();
    const csrf = await browser.csrfToken();
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/api/auth/token", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "X-CSRF-Token": csrf,
        Origin: "http://localhost",
        Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    const response = await worker.fetch(request, { ...env, FIREBASE_AUTH_EMULATOR_HOST: undefined }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(401);
  });
});
