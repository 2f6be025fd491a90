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

/**
 * Offline payments the staff form must refuse, each with the field it names and the message
 * shown next to it (the same form records payments for applications and orders; `record` names
 * which, for the date-before-it case).
 */
export function badOfflinePayments(record: "application" | "order"): [string, Record<string, string>, string, string][] {
  const huge = "9".repeat(100_000);
  const placed = record === "order" ? "the order was placed" : "the application was submitted";
  return [
    ["no amount", { amount: "" }, "amount", "Enter the amount received"],
    ["a negative amount", { amount: "-5" }, "amount", "The amount must be more than £0"],
    ["a zero amount", { amount: "0.00" }, "amount", "The amount must be more than £0"],
    ["an amount that is not a number", { amount: "forty five" }, "amount", "Enter the amount in pounds, like 45 or 45.50"],
    ["an amount with fractions of a penny", { amount: "45.001" }, "amount", "Enter the amount in pounds, like 45 or 45.50"],
    ["a huge amount", { amount: huge }, "amount", "Enter the amount in pounds, like 45 or 45.50"],
    ["an amount over £100,000", { amount: "100000.01" }, "amount", "The amount must be at most £100,000"],
    ["no date", { receivedOn: "" }, "receivedOn", "Enter the date the payment was received"],
    ["a date in the future", { receivedOn: "2999-01-01" }, "receivedOn", "The date received cannot be in the future"],
    [`a date before the ${record}`, { receivedOn: "2020-01-01" }, "receivedOn", `The date received cannot be before ${placed}`],
    ["a date that does not exist", { receivedOn: "2025-02-30" }, "receivedOn", "Enter a real date"],
    ["a date in another format", { receivedOn: "1/3/2026" }, "receivedOn", "Enter the date as YYYY-MM-DD"],
    ["a huge date", { receivedOn: huge }, "receivedOn", "Enter the date as YYYY-MM-DD"],
    ["no reference", { paymentReference: "   " }, "paymentReference", "Enter the payment reference"],
    ["a huge reference", { paymentReference: "x".repeat(100_000) }, "paymentReference", "The payment reference must be at most 100 characters"],
  ];
}
