/**
 * /register without JavaScript: anyone creates an account (Identity Toolkit's signUp on the
 * Firebase Auth emulator), is signed in, gets Firebase's verification e-mail and goes back to the
 * callbackUrl (a buyer to the same cart); an address that has an account gets a neutral answer;
 * the password rule, the rate limits and CSRF apply; joining later uses the same account.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { PASSWORD_RULE } from "../../src/shared/password-policy";
import { createUser, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";

const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
};
let count = 0;
const newAddress = () => `register-${Date.now()}-${count++}@guild.example`;
const CART = "/cart?items=w%3Aexercise-prescription-for-older-adults";

async function verificationCodes(email: string) {
  const codes = (await (await fetch(`http://${env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${env.FIREBASE_PROJECT_ID}/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  return codes.oobCodes.filter((code) => code.email === email && code.requestType === "VERIFY_EMAIL");
}

describe("/register", () => {
  it("shows the form with the password rule before typing, linked from the sign-in page and the cart", async () => {
    const browser = new TestBrowser();
    const page = await browser.fetch(`/register?callbackUrl=${encodeURIComponent(CART)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toMatch(/private/);
    const html = await page.text();
    expect(html).toContain("<h1>Create an account</h1>");
    expect(html).toContain(PASSWORD_RULE);
    expect(html).toContain(`name="callbackUrl" value="${CART.replace(/&/g, "&amp;")}"`);
    for (const label of ["Your name", "E-mail address", "Password"]) expect(html).toMatch(new RegExp(`<label[^>]*>${label}`));

    const login = await (await browser.fetch(`/login?callbackUrl=${encodeURIComponent(CART)}`)).text();
    expect(login).toContain(`href="/register?callbackUrl=${encodeURIComponent(CART)}"`);
  });

  it("creates an account, signs in, sends the verification e-mail and returns to the cart", async () => {
    quiet();
    const email = newAddress();
    const browser = new TestBrowser();
    const response = await browser.post("/register", { name: "Pat Patient", email, password: "Webinar-buyer-1", callbackUrl: CART });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(CART);
    expect(browser.sessionCookie).toBeTruthy();
    expect(await (await browser.fetch("/api/auth/session")).json()).toMatchObject({ user: { email } });
    const codes = await verificationCodes(email);
    expect(codes).toHaveLength(1);
    expect(new URL(codes[0]!.oobLink).searchParams.get("continueUrl")).toBe(`${env.SITE_URL}/user/account`);
    // No membership application was made.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE email = ?1").bind(email).first("n")).toBe(0);

    // Joining later uses the same account: the signed-in join form asks for no account.
    const joined = await browser.post("/join", validForm({ email: undefined, password: undefined }));
    expect(joined.status).toBe(303);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE email = ?1").bind(email).first("n")).toBe(1);
  });

  it("sends a hostile callbackUrl to the home page", async () => {
    quiet();
    const response = await new TestBrowser().post("/register", { name: "Eve", email: newAddress(), password: "Webinar-buyer-1", callbackUrl: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("answers an address that has an account as neutrally as the reset form, with a link to sign in", async () => {
    quiet();
    const existing = await createUser();
    const taken = await new TestBrowser().post("/register", { name: "Someone", email: existing.email, password: "Another-password-1", callbackUrl: CART });
    const free = await new TestBrowser().post("/register", { name: "Someone", email: "not-an-address", password: "Another-password-1" });
    expect(taken.status).toBe(200);
    const html = await taken.text();
    expect(html).toContain(`If ${existing.email} can be used for a new account, please try again in a few minutes.`);
    expect(html).toContain(`href="/login?callbackUrl=${encodeURIComponent(CART)}"`);
    expect(html).not.toMatch(/already (has|have) an account with this|already in use|exists/i);
    expect(taken.headers.getSetCookie().some((c) => c.startsWith("guildhall_session="))).toBe(false);
    expect(free.status).toBe(400);
  });

  it.each([
    [{ name: "", email: "a@guild.example", password: "Long-enough-1" }, "name", "Enter your name"],
    [{ name: "A", email: "nope", password: "Long-enough-1" }, "email", "Enter an e-mail address, like name@example.com"],
    [{ name: "A", email: "a@guild.example", password: "short-1" }, "password", "Your password must be at least 10 characters"],
  ])("refuses %j with a specific error at the field", async (fields, field, message) => {
    const response = await new TestBrowser().post("/register", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`href="#${field}"`);
    expect(html).toContain(message);
    expect(html).not.toContain(fields.password);
  });

  it("is rate limited as sign-in is, per e-mail address", async () => {
    quiet();
    const existing = await createUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await new TestBrowser().post("/register", { name: "Probe", email: existing.email, password: "Probe-password-1" })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("needs the CSRF token", async () => {
    quiet();
    const browser = new TestBrowser();
    await browser.csrfToken();
    const response = await browser.fetch("/register", { method: "POST", body: new URLSearchParams({ name: "A", email: newAddress(), password: "Long-enough-1" }) });
    expect(response.status).toBe(403);
  });
});
