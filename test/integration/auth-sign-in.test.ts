/** Sign-in, the session layer's REST surface and the session lifecycle, against the Firebase Auth emulator. */
import { describe, expect, it, vi } from "vitest";
import { createUser, idTokenFor, TestBrowser } from "../support/worker/browser";

const quiet = () => vi.spyOn(console, "warn").mockImplementation(() => undefined);

describe("credentials sign-in (no JavaScript)", () => {
  it("signs in, sets a signed HttpOnly session cookie and the logged-in-previously cookie, and goes to the callbackUrl", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    const response = await browser.signIn(user.email, user.password, "/webinars");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/webinars");
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("guildhall_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//i);
    expect(session).toMatch(/Expires=/i);
    expect(session).not.toMatch(/Secure/i); // plain-http localhost only
    expect(cookies.some((c) => c.startsWith("guildhall_logged_in_previously=1"))).toBe(true);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");

    const me = await browser.fetch("/api/auth/session");
    expect(await me.json()).toMatchObject({ user: { email: user.email } });
  });

  it("defaults to / and refuses a foreign callbackUrl", async () => {
    const user = await createUser();
    for (const callbackUrl of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "%2F%2Fevil.example"]) {
      const response = await new TestBrowser().signIn(user.email, user.password, callbackUrl);
      expect(response.headers.get("Location"), callbackUrl).toBe("/");
    }
  });

  it("a wrong password goes back to the form with the error and the e-mail kept", async () => {
    quiet();
    const user = await createUser();
    const browser = new TestBrowser();
    const response = await browser.signIn(user.email, "not-the-password", "/webinars");
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/login");
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "CredentialsSignin", callbackUrl: "/webinars", email: user.email });
    expect(browser.sessionCookie).toBeUndefined();

    const page = await (await browser.fetch(`${location.pathname}${location.search}`)).text();
    expect(page).toContain("Something went wrong. Please try again later");
    expect(page).toContain("Check your e-mail address and password.");
    expect(page).toContain(`value="${user.email}"`);
    expect(page).not.toContain("not-the-password");
  });

  it("missing fields are an invalid request, not a crash", async () => {
    quiet();
    const response = await new TestBrowser().post("/api/auth/callback/credentials", { email: "", json: "true" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      status: 400,
      error: "InvalidRequest",
      url: "http://localhost:8787/api/auth/signin?error=InvalidRequest&provider=credentials",
    });
  });
});

describe("credentials sign-in (json, no automatic redirect), in NextAuth v4's wire format", () => {
  it("answers 200 with the destination as an absolute URL", async () => {
    const user = await createUser();
    const response = await new TestBrowser().post("/api/auth/callback/credentials", {
      email: user.email,
      password: user.password,
      callbackUrl: "/articles",
      json: "true",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, status: 200, error: null, url: "http://localhost:8787/articles" });
  });

  it("answers a hostile callbackUrl with the site's own home page", async () => {
    const user = await createUser();
    for (const callbackUrl of ["https://evil.example/", "//evil.example", "http://localhost:8787.evil.example/"]) {
      const response = await new TestBrowser().post("/api/auth/callback/credentials", { email: user.email, password: user.password, callbackUrl, json: "true" });
      expect(((await response.json()) as { url: string }).url, callbackUrl).toBe("http://localhost:8787/");
    }
  });

  it.each([
    ["a wrong password", async () => (await createUser()).email, "wrong-password-1"],
    ["an unknown user", async () => `nobody-${Date.now()}@guild.example`, "whatever-password"],
  ])("%s: 401 CredentialsSignin, the same answer either way", async (_case, emailFor, password) => {
    quiet();
    const browser = new TestBrowser();
    const response = await browser.post("/api/auth/callback/credentials", { email: await emailFor(), password, json: "true" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      ok: false,
      status: 401,
      error: "CredentialsSignin",
      url: "http://localhost:8787/api/auth/signin?error=CredentialsSignin&provider=credentials",
    });
    expect(browser.sessionCookie).toBeUndefined();
  });

  it("a refused CSRF token is answered in the same shape (403 MissingCSRF), and a form post still gets the error page", async () => {
    quiet();
    const browser = new TestBrowser();
    await browser.csrfToken();
    const fields = { email: "x@guild.example", password: "whatever-password", csrfToken: "not-the-token" };
    const json = await browser.fetch("/api/auth/callback/credentials", { method: "POST", body: new URLSearchParams({ ...fields, json: "true" }) });
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({
      ok: false,
      status: 403,
      error: "MissingCSRF",
      url: "http://localhost:8787/api/auth/signin?error=MissingCSRF&provider=credentials",
    });
    const signOut = await browser.fetch("/api/auth/signout", { method: "POST", body: new URLSearchParams({ csrfToken: "x", json: "true" }) });
    expect(signOut.status).toBe(403);
    expect(((await signOut.json()) as { error: string }).error).toBe("MissingCSRF");
    const form = await browser.fetch("/api/auth/callback/credentials", { method: "POST", body: new URLSearchParams(fields) });
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ error: { code: "FORBIDDEN", message: "Your form expired. Please go back, reload the page and try again." } });
  });

  it("accepts a fresh Firebase ID token from the browser SDK", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    const response = await browser.post("/api/auth/callback/credentials", { idToken: await idTokenFor(user.email, user.password), json: "true" });
    expect(response.status).toBe(200);
    expect(browser.sessionCookie).toBeTruthy();
  });

  it("refuses a forged ID token", async () => {
    quiet();
    const user = await createUser();
    const token = await idTokenFor(user.email, user.password);
    const [header, payload] = token.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = `${header}.${btoa(JSON.stringify({ ...claims, aud: "another-project" })).replace(/=+$/, "")}.`;
    const response = await new TestBrowser().post("/api/auth/callback/credentials", { idToken: forged, json: "true" });
    expect(response.status).toBe(401);
  });
});

describe("the session layer's REST surface", () => {
  it("GET session is {} for a visitor", async () => {
    const response = await new TestBrowser().fetch("/api/auth/session");
    expect(await response.json()).toEqual({});
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("GET csrf gives a token and sets its HttpOnly cookie", async () => {
    const browser = new TestBrowser();
    const response = await browser.fetch("/api/auth/csrf");
    expect(await response.json()).toEqual({ csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) });
    expect(response.headers.getSetCookie().find((c) => c.startsWith("guildhall_csrf="))).toMatch(/HttpOnly/i);
  });

  it("GET providers lists the credentials provider", async () => {
    const response = await new TestBrowser().fetch("/api/auth/providers");
    expect(await response.json()).toMatchObject({ credentials: { id: "credentials", type: "credentials" } });
  });

  it("GET signin presents the sign-in page with the SessionRequired message", async () => {
    const response = await new TestBrowser().fetch("/api/auth/signin?error=SessionRequired&callbackUrl=%2Fuser%2Faccount");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Please sign in to see that page.");
    expect(html).toContain('name="callbackUrl" value="/user/account"');
  });

  it("POST signin/credentials sends the browser to the sign-in page", async () => {
    const response = await new TestBrowser().post("/api/auth/signin/credentials", { callbackUrl: "/webinars" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?callbackUrl=%2Fwebinars");
  });

  it("refuses an unknown provider and a malformed log entry with specific errors", async () => {
    quiet();
    const browser = new TestBrowser();
    for (const path of ["/api/auth/signin/github", "/api/auth/callback/github"]) {
      const response = await browser.post(path, { json: "true" });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND", message: "Unknown sign-in provider" } });
    }
    const log = await browser.fetch("/api/auth/_log", {
      method: "POST",
      headers: { "X-CSRF-Token": await browser.csrfToken(), "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(log.status).toBe(400);
    expect(await log.json()).toMatchObject({ error: { code: "BAD_REQUEST", message: "A log entry is { level, code, message }" } });
    const form = await browser.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "X-CSRF-Token": await browser.csrfToken(), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { message: string } }).error.message).toBe("Send the form as application/x-www-form-urlencoded");
  });

  it("POST _log accepts a client log entry, as JSON or as NextAuth's client's beacon (form-encoded, no CSRF token)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const response = await browser.fetch("/api/auth/_log", {
      method: "POST",
      headers: { "X-CSRF-Token": await browser.csrfToken(), "Content-Type": "application/json" },
      body: JSON.stringify({ level: "error", code: "CLIENT_FETCH_ERROR", message: "x" }),
    });
    expect(response.status).toBe(204);
    const beacon = await new TestBrowser().fetch("/api/auth/_log", {
      method: "POST",
      body: new URLSearchParams({ level: "error", code: "CLIENT_FETCH_ERROR", message: "Failed to fetch", url: "/api/auth/session", client: "true", error: "[object Object]" }),
    });
    expect(beacon.status).toBe(204);
    expect(warn.mock.calls.map((call) => String(call[0])).join("\n")).toContain('"code":"CLIENT_FETCH_ERROR","message":"Failed to fetch","url":"/api/auth/session"');
  });

  it("POST _log still refuses a post from another site", async () => {
    quiet();
    const response = await new TestBrowser().fetch("/api/auth/_log", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams({ level: "error", code: "X" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("session lifecycle", () => {
  it("sign-out returns to / and revokes the session everywhere, even a replayed cookie", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const stolen = browser.sessionCookie!;

    const response = await browser.post("/api/auth/signout", { callbackUrl: "/somewhere" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(browser.sessionCookie).toBeUndefined();

    const replay = new TestBrowser();
    replay.cookies.set("guildhall_session", stolen);
    const me = await replay.fetch("/api/auth/session");
    expect(await me.json()).toEqual({});
    expect(me.headers.getSetCookie().some((c) => c.startsWith("guildhall_session=;") || /guildhall_session=.*Max-Age=0/i.test(c))).toBe(true);
  });

  it("sign-out with json=true answers the home page as an absolute URL", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const response = await browser.post("/api/auth/signout", { callbackUrl: "https://evil.example/", json: "true" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "http://localhost:8787/" });
    expect(browser.sessionCookie).toBeUndefined();
  });

  it("a tampered or foreign session cookie is ignored and cleared", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const [header, payload, signature] = browser.sessionCookie!.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = new TestBrowser();
    forged.cookies.set("guildhall_session", `${header}.${btoa(JSON.stringify({ ...claims, sub: "someone-else" })).replace(/=+$/, "")}.${signature}`);
    expect(await (await forged.fetch("/api/auth/session")).json()).toEqual({});
    expect(forged.sessionCookie).toBeUndefined();
  });

  it("a new sign-in issues a new session and ends the previous one", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const first = browser.sessionCookie!;
    await browser.signIn(user.email, user.password);
    expect(browser.sessionCookie).not.toBe(first);
    const old = new TestBrowser();
    old.cookies.set("guildhall_session", first);
    expect(await (await old.fetch("/api/auth/session")).json()).toEqual({});
  });

  it("the header shows the account link to a signed-in user, and their pages are private", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const response = await browser.fetch("/");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Vary")).toContain("Cookie");
    expect(await response.text()).toContain("Your account");
  });
});
