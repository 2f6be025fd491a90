/** What the staff-page tests share: the demo staff account signed in, and the staff gate's checks. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createUser, TestBrowser } from "./browser";

export const STAFF = { email: "staff@guildhall.example", password: "Guildhall-staff-1" } as const;

/** A browser signed in as the demo staff account (STAFF_EMAILS in wrangler.toml lists it). */
export async function signedInStaff(): Promise<TestBrowser> {
  expect(env.STAFF_EMAILS, "wrangler.toml lists the demo staff account").toContain(STAFF.email);
  const browser = new TestBrowser();
  expect((await browser.signIn(STAFF.email, STAFF.password)).status).toBe(303);
  expect(browser.sessionCookie).toBeTruthy();
  return browser;
}

/** Staff pages are private and never indexed. */
export function expectStaffHeaders(response: Response): void {
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
}

/**
 * A visitor and a signed-in non-staff user get a plain 404 (no redirect, nothing of `secret`) on
 * every page, and on every form post, with a valid CSRF token and without one (the gate runs
 * before the CSRF check).
 */
export async function expectHiddenFromNonStaff(pages: readonly string[], posts: readonly (readonly [string, Record<string, string>])[], secret: string): Promise<void> {
  const user = await createUser();
  const signedIn = new TestBrowser();
  await signedIn.signIn(user.email, user.password);
  expect(signedIn.sessionCookie).toBeTruthy();
  for (const browser of [new TestBrowser(), signedIn]) {
    for (const path of pages) {
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
      expect(await response.text()).not.toContain(secret);
    }
    for (const [path, fields] of posts) {
      expect((await browser.post(path, fields)).status, path).toBe(404);
      expect((await browser.fetch(path, { method: "POST", body: new URLSearchParams(fields) })).status, path).toBe(404);
    }
  }
}
