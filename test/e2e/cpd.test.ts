/**
 * The CPD log in real Chromium against `wrangler dev` (its own D1, seeded as `npm run dev` seeds
 * the demo member: scripts/lib/demo-cpd.mjs) and the Firebase Auth emulator, with JavaScript
 * off: the log and its totals, adding an activity (a mistake first), the printable certificate
 * and its public check, and staff revoking it. axe finds nothing on any CPD page.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Seeding this Worker's D1 runs wrangler twice before it starts: on a loaded 2-core machine that
// alone took over the e2e project's two minutes.
vi.setConfig({ hookTimeout: 600_000, testTimeout: 300_000 });
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { demoCpdSql } from "../../scripts/lib/demo-cpd.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const MEMBER = DEMO_ACCOUNTS.member;
const STAFF = DEMO_ACCOUNTS.staff;
const stack = useBrowserStack(WORKER_SLOTS.cpd, {
  seedSql: `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES
              ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01');
            ${demoCpdSql({ uid: MEMBER.uid, name: "Demo Member" })};
            ${staffSecondFactorSql()}`,
});
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");
/** The seeded webinar is 60 days ago: the year its log page shows. */
const WEBINAR_YEAR = new Date(Date.now() - 60 * 86_400_000).getUTCFullYear();

async function signIn(page: Page, account: { email: string; password: string }, callbackPath: string) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  // Staff enter their authenticator code first.
  if (onVerifyPage(page)) await passStaffVerify(page);
  await expect.poll(() => pathOf(page)).toBe(callbackPath);
}

/** The seeded certificate's own address (/user/cpd/certificates/{id}), from the log. */
async function certificatePath(page: Page): Promise<string> {
  await visit(page, url(`/user/cpd?year=${WEBINAR_YEAR}`));
  return (await main(page).getByRole("link", { name: /^Certificate CPD-\d{6}/ }).getAttribute("href"))!;
}

describe("the CPD log with JavaScript off", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false }));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("shows the demo member's entries, the totals against the target and the CMS's guidance", async () => {
    await signIn(page, MEMBER, `/user/cpd?year=${WEBINAR_YEAR}`);
    const text = await main(page).innerText();
    expect(text).toContain("How your CPD log works");
    expect(text).toContain("Exercise Prescription for Older Adults");
    expect(text).toMatch(/Confirmed: [\d.]+ of 30 hours/);
    expect(text).toContain("Clinical practice");
  });

  it("adds an activity: a mistake is explained beside its field, then it is saved", async () => {
    await follow(page, () => main(page).getByRole("link", { name: "Add an activity" }).click());
    expect(pathOf(page)).toBe("/user/cpd/new");
    await page.getByLabel("Date of the activity").fill("2026-01-12");
    await page.getByLabel("Title").fill("Reading: falls in the community");
    await page.getByLabel("Provider").fill("Journal of Example Physiotherapy");
    await page.getByLabel("Hours").fill("0.1");
    await page.getByLabel("Category").selectOption("education");
    await page.getByLabel("Reflection").fill("Changed how I screen for falls risk.");
    await follow(page, () => main(page).getByRole("button", { name: "Add to my log" }).click());
    expect(await page.locator('[data-field-error="hours"]').innerText()).toContain("The hours must be between 0.25 and 100");
    expect(await page.locator(".error-summary").innerText()).toContain("The hours must be between 0.25 and 100");
    expect(await page.getByLabel("Title").inputValue()).toBe("Reading: falls in the community");
    await page.getByLabel("Hours").fill("2");
    await follow(page, () => main(page).getByRole("button", { name: "Add to my log" }).click());
    expect(pathOf(page)).toBe("/user/cpd?year=2026&added=1");
    const text = await main(page).innerText();
    expect(text).toContain("The activity is in your log.");
    expect(text).toContain("Reading: falls in the community");
  });

  it("prints the certificate, whose verification address says 'valid' to anyone", async () => {
    const path = await certificatePath(page);
    await visit(page, url(path));
    const certificate = await main(page).innerText();
    expect(certificate).toContain("Demo Member");
    expect(certificate).toContain("Exercise Prescription for Older Adults");
    expect(certificate).toContain("1.5 hours");
    const verification = main(page).getByRole("link", { name: /\/certificates\// });
    const { context: visitor } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
    try {
      const check = await visitor.newPage();
      const response = await visit(check, (await verification.getAttribute("href"))!.replace(/^https?:\/\/[^/]+/, url("")));
      expect(response.status()).toBe(200);
      const checked = await check.locator("main").innerText();
      expect(checked).toContain("This certificate is valid.");
      // The demo certificate rests on the recording page being opened, and says no more than that.
      expect(checked).toContain("Recording page opened; watching it is declared by the member");
    } finally {
      await visitor.close();
    }
  });
});

describe("accessibility", () => {
  it("axe finds no violations on the log, the entry forms, the summary, the certificate, its checks and the staff list", async () => {
    const { context } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await signIn(page, MEMBER, `/user/cpd?year=${WEBINAR_YEAR}`);
      const certificate = await certificatePath(page);
      const entryEdit = (await main(page).getByRole("link", { name: /^Edit/ }).first().getAttribute("href"))!;
      const paths = [`/user/cpd?year=${WEBINAR_YEAR}`, "/user/cpd/new", entryEdit, `/user/cpd/summary?year=${WEBINAR_YEAR}`, certificate, `/certificates/${certificate.split("/").pop()}`, "/certificates/not-a-real-certificate-id"];
      for (const path of paths) {
        await visit(page, url(path));
        expect(formatFindings(await axeFindings(page)), `axe on ${path}`).toEqual([]);
        expect(await page.locator("h1").count(), path).toBe(1);
      }
      // The form sent back with its problems.
      await visit(page, url("/user/cpd/new"));
      await follow(page, () => main(page).getByRole("button", { name: "Add to my log" }).click());
      expect(await page.locator(".error-summary").count()).toBe(1);
      expect(formatFindings(await axeFindings(page)), "axe on /user/cpd/new with problems").toEqual([]);

      const staff = await context.newPage();
      await context.clearCookies();
      await signIn(staff, STAFF, "/staff/certificates");
      expect(formatFindings(await axeFindings(staff)), "axe on /staff/certificates").toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("staff revoke a certificate (JavaScript off)", () => {
  it("the certificate then checks as revoked on today's date, not valid, with status 410", async () => {
    const { context: memberContext } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
    try {
      const memberPage = await memberContext.newPage();
      await signIn(memberPage, MEMBER, `/user/cpd?year=${WEBINAR_YEAR}`);
      const id = (await certificatePath(memberPage)).split("/").pop()!;
      const page = await context.newPage();
      await signIn(page, STAFF, "/staff/certificates");
      await page.getByLabel(/^Reason for revoking CPD-/).first().fill("Issued in error (test)");
      await follow(page, () => main(page).getByRole("button", { name: /^Revoke/ }).first().click());
      expect(pathOf(page)).toMatch(/^\/staff\/certificates\?revoked=CPD-\d{6}$/);
      const response = await visit(page, url(`/certificates/${id}`));
      expect(response.status()).toBe(410);
      const check = await main(page).innerText();
      expect(check).toContain("Revoked on ");
      expect(check).toContain("not valid");
      expect(check).not.toContain("Demo Member");
    } finally {
      await memberContext.close();
      await context.close();
    }
  });
});
