/**
 * The member directory in real Chromium against `wrangler dev` (its own D1) and the Firebase Auth
 * emulator: the demo member opts in on /user/directory, finds themselves on /members/directory
 * by the start of their town, an over-long search is answered beside the box, and they leave, all
 * with JavaScript off; and axe finds nothing on either page (JavaScript
 * on, as most visitors have it).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";

const MEMBER = DEMO_ACCOUNTS.member;
const stack = useBrowserStack(WORKER_SLOTS.directory, {
  // The demo member's membership, and two other listed members (one lapsed), on this Worker's own D1.
  seedSql: `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES
              ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01'),
              ('listed-1', 'listed-1@guild.example', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01'),
              ('listed-2', 'listed-2@guild.example', 'full-member', 'Full member', 'lapsed', 'offline', '2024-01-01', '2025-01-01');
            INSERT INTO directory_entries (user_id, display_name, town, workplace, specialisation, email, phone, show_town, show_workplace, show_specialisation, show_email, show_phone) VALUES
              ('listed-1', 'Priya Listed', 'Bristol', 'Southmead Hospital', 'Neurology', 'listed-1@guild.example', '01632 960 123', 1, 1, 1, 1, 0),
              ('listed-2', 'Lapsed Larry', 'Leeds', NULL, 'Oncology', NULL, NULL, 1, 0, 1, 0, 0);`,
});
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");

async function signIn(page: Page, callbackPath: string) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.getByLabel("E-mail address").fill(MEMBER.email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
}

describe("the member directory with JavaScript off", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false }));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("sends a visitor to sign in and back to the directory", async () => {
    await visit(page, url("/members/directory"));
    expect(pathOf(page)).toMatch(/^\/(api\/auth\/signin|login)\?/);
    await signIn(page, "/members/directory");
    await expect.poll(() => pathOf(page)).toBe("/members/directory");
    const text = await main(page).innerText();
    expect(text).toContain("Priya Listed");
    expect(text).not.toContain("Lapsed Larry");
    expect(text).not.toContain("01632 960 123");
  });

  it("opts in, shows only the chosen fields, searches, and leaves", async () => {
    await visit(page, url("/user/directory"));
    await page.getByLabel("Name", { exact: true }).fill("Max Member");
    await page.getByLabel("Town or city", { exact: true }).fill("Exeter");
    await page.getByLabel("Specialisation", { exact: true }).fill("Sports medicine");
    await page.getByLabel("Show my town or city to other members").check();
    await follow(page, () => main(page).getByRole("button", { name: "List me in the directory" }).click());
    expect(pathOf(page)).toBe("/user/directory?saved=1");
    expect(await main(page).innerText()).toContain("Your directory listing has been saved.");

    await visit(page, url("/members/directory"));
    await page.getByLabel("Name, town or specialism").fill("exe");
    await follow(page, () => main(page).getByRole("button", { name: "Search" }).click());
    expect(pathOf(page)).toBe("/members/directory?q=exe");
    const found = await main(page).innerText();
    expect(found).toContain("Max Member");
    expect(found).toContain("Sports medicine");
    expect(found).not.toContain("Priya Listed");

    // An over-long search (typed past the box's limit, as a link could be) is answered beside the box.
    await visit(page, url(`/members/directory?q=${"a".repeat(100)}`));
    const box = page.getByLabel("Name, town or specialism");
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#q-error").innerText()).toContain("Search with 60 characters or fewer");

    await visit(page, url("/user/directory"));
    await follow(page, () => main(page).getByRole("button", { name: "Remove me from the directory" }).click());
    expect(pathOf(page)).toBe("/user/directory?saved=left");
    await visit(page, url("/members/directory?q=exe"));
    expect(await main(page).innerText()).toContain("No listed member matches this search.");
  });
});

describe("accessibility", () => {
  it.each(["/members/directory", "/user/directory"])("axe finds no violations on %s", async (path) => {
    const { context } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await signIn(page, path);
      await expect.poll(() => pathOf(page)).toBe(path);
      expect(formatFindings(await axeFindings(page)), `axe on ${path}`).toEqual([]);
      expect(await page.locator("h1").count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
