/**
 * What the staff-page tests share: the demo staff account signed in with its second factor
 * passed (set up through the real pages, codes computed from the key they show), and the staff
 * gate's checks.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { base32Decode, timeStep, totpCode } from "../../../src/services/staff/totp";
import { createUser, TestBrowser } from "./browser";

export const STAFF = { email: "staff@guildhall.example", password: "Guildhall-staff-1" } as const;

/** What a test knows of each staff member's second factor (this file's D1 keeps it between tests). */
interface KnownFactor {
  secret: Uint8Array;
  lastStep: number;
  recoveryCodes: string[];
}
const factors = new Map<string, KnownFactor>();

/** The key the enrolment page shows, read back as bytes. */
export function shownSecret(html: string): Uint8Array {
  const text = /id="totp-secret"[^>]*>([^<]+)</.exec(html)?.[1];
  expect(text, "the enrolment page shows the key").toBeTruthy();
  return base32Decode(text!)!;
}

/** The recovery codes the page after enrolment shows. */
export const shownRecoveryCodes = (html: string): string[] => [...html.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);

/** The current TOTP code for a secret. */
export const currentCode = (secret: Uint8Array, offsetSteps = 0) => totpCode(secret, timeStep(Date.now() / 1000) + offsetSteps);

/**
 * Passes the second factor for a signed-in staff browser: sets it up the first time (keeping the
 * key and recovery codes), then enters the current code, or a recovery code when this step's
 * code was used already (a code is good once).
 */
export async function passSecondFactor(browser: TestBrowser, email: string): Promise<void> {
  const start = await browser.fetch("/staff/second-factor");
  if (start.status === 200) {
    const secret = shownSecret(await start.text());
    const step = timeStep(Date.now() / 1000);
    const confirmed = await browser.post("/staff/second-factor", { code: await totpCode(secret, step) });
    expect(confirmed.status, "the second factor is set up").toBe(200);
    factors.set(email, { secret, lastStep: step, recoveryCodes: shownRecoveryCodes(await confirmed.text()) });
    return;
  }
  expect(start.status).toBe(303);
  const known = factors.get(email);
  expect(known, `this test file set up ${email}'s second factor`).toBeTruthy();
  const step = timeStep(Date.now() / 1000);
  const code = step > known!.lastStep ? await totpCode(known!.secret, step) : known!.recoveryCodes.shift()!;
  if (step > known!.lastStep) known!.lastStep = step;
  const verified = await browser.post("/staff/verify", { code });
  expect(verified.status, "the second factor is passed").toBe(303);
}

/** A browser signed in as the demo staff account (STAFF_EMAILS in wrangler.toml lists it), second factor passed. */
export async function signedInStaff(account: { email: string; password: string } = STAFF): Promise<TestBrowser> {
  if (account === STAFF) expect(env.STAFF_EMAILS, "wrangler.toml lists the demo staff account").toContain(STAFF.email);
  const browser = new TestBrowser();
  expect((await browser.signIn(account.email, account.password)).status).toBe(303);
  expect(browser.sessionCookie).toBeTruthy();
  await passSecondFactor(browser, account.email.toLowerCase());
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
