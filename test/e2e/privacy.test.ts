/**
 * "Your data" in real Chromium against `wrangler dev` (its own D1) and the Firebase Auth
 * emulator, with JavaScript off and on: a user reaches /user/privacy from the account page,
 * downloads their data as a JSON file, is refused with a wrong password, deletes the account,
 * lands on the confirmation signed out, and can no longer sign in. Staff download an applicant's
 * data from the application's page for a data-subject request. axe finds nothing on the new pages.
 */
import type { BrowserContext, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const EMULATOR_URL = `http://${inject("firebaseEmulatorHost")}`;
const PASSWORD = "Correct-horse-battery-1";

const STAFF = DEMO_ACCOUNTS.staff;
const DETAILS = JSON.stringify({
  phone: "01632 960 002",
  address: { line1: "2 Example Street", line2: null, town: "Sampleton", region: null, postcode: "EX1 2MP", country: "United Kingdom", countryCode: "GB" },
  professional: { registrationNumber: "PH654321", specialisation: "Musculoskeletal", workplace: null, yearQualified: 2014, placeOfStudy: null },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:15:00.000Z" },
});
const stack = useBrowserStack(WORKER_SLOTS.privacy, {
  // An applicant for the staff's export, and the demo staff account's second factor.
  seedSql: `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
              VALUES ('privacy-app', 'privacy-key', 'GH-PRIVACY1', 'privacy-applicant', 'applicant@guild.example', 'Ann', 'Applicant', 'full-member', 'Full member', 'offline', 22000, 'awaiting_payment', '${DETAILS}');
            ${staffSecondFactorSql()}`,
});
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");

let accounts = 0;
/** A new account in the emulator. */
async function newAccount(): Promise<{ email: string; uid: string }> {
  const email = `privacy-${Date.now()}-${accounts++}@guild.example`;
  const response = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signUp: ${response.status} ${await response.text()}`);
  return { email, uid: ((await response.json()) as { localId: string }).localId };
}

async function signIn(page: Page, email: string, password: string, callbackPath: string) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  if (onVerifyPage(page)) await passStaffVerify(page);
}

/** A download's contents (read as a stream: the browser is the run's shared one, reached over a connection). */
async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** From the account page: download the data, then delete the account. */
async function downloadThenDelete(page: Page, account: { email: string; uid: string }) {
  await signIn(page, account.email, PASSWORD, "/user/account");
  await expect.poll(() => pathOf(page)).toBe("/user/account");
  await follow(page, () => main(page).getByRole("link", { name: "Download your data, or delete your account" }).click());
  expect(pathOf(page)).toBe("/user/privacy");

  const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await downloadedText(download)) as { account: { userId: string; email: string }; tables: Record<string, unknown[]> };
  expect(exported.account).toEqual({ userId: account.uid, email: account.email });
  expect(exported.tables.sessions!.length).toBeGreaterThan(0);

  await follow(page, () => main(page).getByRole("link", { name: "Delete my account" }).click());
  expect(pathOf(page)).toBe("/user/privacy/delete");
  await page.getByLabel("Your password").fill("not-the-password");
  await follow(page, () => main(page).getByRole("button", { name: "Delete my account" }).click());
  expect(await main(page).innerText()).toContain("Your password is not right");
  expect(await page.getByLabel("Your password").getAttribute("aria-invalid")).toBe("true");

  await page.getByLabel("Your password").fill(PASSWORD);
  await follow(page, () => main(page).getByRole("button", { name: "Delete my account" }).click());
  expect(pathOf(page)).toBe("/account/deleted");
  expect(await main(page).innerText()).toContain("Your account has been deleted");

  // Signed out, and the account signs in no more.
  await visit(page, url("/user/account"));
  expect(pathOf(page)).not.toBe("/user/account");
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent("/user/account")}`));
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  // Without scripts the form posts and comes back with the failure; with them, the page stays and shows it.
  await page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click();
  await page.waitForLoadState("load");
  await expect.poll(() => page.locator("form[data-auth-form] button[type=submit]").isEnabled(), { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(1_000);
  await visit(page, url("/user/account"));
  expect(pathOf(page)).not.toBe("/user/account");
}

describe.each([
  ["off", false],
  ["on", true],
])("downloading one's data and deleting the account with JavaScript %s", (_, javaScriptEnabled) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled, acceptDownloads: true }));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("downloads the JSON file, is refused with a wrong password, then deletes the account for good", async () => {
    await downloadThenDelete(page, await newAccount());
  });
});

describe("accessibility", () => {
  it("axe finds no violations on /user/privacy, /user/privacy/delete (with a problem shown) and /account/deleted", async () => {
    const account = await newAccount();
    const { context } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await signIn(page, account.email, PASSWORD, "/user/privacy");
      await expect.poll(() => pathOf(page)).toBe("/user/privacy");
      const check = async (where: string) => {
        expect(formatFindings(await axeFindings(page)), `axe on ${where}`).toEqual([]);
        expect(await page.locator("h1").count()).toBe(1);
      };
      await check("/user/privacy");
      await visit(page, url("/user/privacy/delete"));
      await check("/user/privacy/delete");
      await follow(page, () => main(page).getByRole("button", { name: "Delete my account" }).click());
      expect(await main(page).innerText()).toContain("Enter your password");
      await check("/user/privacy/delete with a problem");
      await page.getByLabel("Your password").fill(PASSWORD);
      await follow(page, () => main(page).getByRole("button", { name: "Delete my account" }).click());
      expect(pathOf(page)).toBe("/account/deleted");
      await check("/account/deleted");
    } finally {
      await context.close();
    }
  });
});

describe("staff answering a data-subject request", () => {
  it("download the applicant's data from the application's page (JavaScript off), and axe finds nothing there", async () => {
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false, acceptDownloads: true });
    try {
      const page = await context.newPage();
      await signIn(page, STAFF.email, STAFF.password, "/staff/applications/privacy-app");
      await expect.poll(() => pathOf(page)).toBe("/staff/applications/privacy-app");
      const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Export this person's data" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^personal-data-GH-PRIVACY1-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(await downloadedText(download)) as { account: { userId: string }; tables: Record<string, { given_name?: string }[]> };
      expect(exported.account.userId).toBe("privacy-applicant");
      expect(exported.tables.applications![0]!.given_name).toBe("Ann");
      // The export is on the application's audit trail.
      await visit(page, url("/staff/applications/privacy-app"));
      expect(await main(page).innerText()).toContain("Exported the person's data (data-subject request)");
    } finally {
      await context.close();
    }
    const { context: scripted } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await scripted.newPage();
      await signIn(page, STAFF.email, STAFF.password, "/staff/applications/privacy-app");
      await expect.poll(() => pathOf(page)).toBe("/staff/applications/privacy-app");
      expect(formatFindings(await axeFindings(page)), "axe on the application's page").toEqual([]);
    } finally {
      await scripted.close();
    }
  });
});
