/**
 * The staff's second factor and the team page in real Chromium, checked with axe (WCAG A/AA and
 * best practices), without JavaScript for the forms: the demo staff account (an administrator
 * from STAFF_EMAILS, its demo key seeded) signs in, meets /staff/verify, is refused a wrong code,
 * passes with the current one and adds a staff member on /staff/team; another account, already
 * on the team without a second factor, sets one up from the key the page shows and sees its
 * recovery codes.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { totpCode } from "../../scripts/lib/staff-totp.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const NEWCOMER = DEMO_ACCOUNTS.user;

const stack = useBrowserStack(WORKER_SLOTS.staff, {
  vars: { STAFF_EMAILS: STAFF.email },
  seedSql: [staffSecondFactorSql(), `INSERT INTO staff_members (email, role, added_by) VALUES ('${NEWCOMER.email}', 'read_only', '${STAFF.email}');`].join("\n"),
});

const contexts: BrowserContext[] = [];

async function tab(): Promise<{ page: Page; watch: PageWatch }> {
  // Sign-in needs the page's script; the staff forms are then used as plain HTML forms.
  const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
  contexts.push(context);
  const page = await context.newPage();
  return { page, watch: await watchPage(page) };
}

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signIn(page: Page, account: { email: string; password: string }, callbackUrl: string) {
  await visit(page, stack.url(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  await page.waitForURL((url) => url.pathname.startsWith("/staff/") && url.pathname !== "/login", { timeout: 15_000 });
}

/** No axe finding, and nothing reported but the console's note of the status a refused form answers with. */
async function expectAccessible(page: Page, watch: PageWatch, state: string, status?: number) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
  expect(watch.take(status ? [failedToLoad(status)] : []), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
}

describe("the second factor and the team page", () => {
  let page: Page;
  let watch: PageWatch;
  beforeAll(async () => {
    ({ page, watch } = await tab());
  });

  it("asks the administrator for a code after sign-in, refuses a wrong one, then opens the page asked for", async () => {
    await signIn(page, STAFF, "/staff/team");
    expect(new URL(page.url()).pathname).toBe("/staff/verify");
    expect(await page.locator("main h1").innerText()).toBe("Enter your code");
    await expectAccessible(page, watch, "/staff/verify");

    await page.getByLabel("Code", { exact: true }).fill("000000" === (await totpCode()) ? "111111" : "000000");
    const refused = await follow(page, () => page.getByRole("button", { name: "Continue" }).click());
    expect(refused.status()).toBe(422);
    expect(await page.locator(".error-summary").innerText()).toContain("That code is not right");
    expect(await page.getByLabel("Code", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, watch, "/staff/verify (wrong code)", 422);

    await passStaffVerify(page);
    expect(new URL(page.url()).pathname).toBe("/staff/team");
    expect(await page.locator("main h1").innerText()).toBe("Team");
    await expectAccessible(page, watch, "/staff/team");
  });

  it("adds a staff member with the keyboard-usable form, and explains a bad address next to the field", async () => {
    await page.getByLabel("E-mail address", { exact: true }).fill("not an address");
    await page.getByLabel("Role", { exact: true }).selectOption("finance");
    const refused = await follow(page, () => page.getByRole("button", { name: "Add to the team" }).click());
    expect(refused.status()).toBe(422);
    expect(await page.locator("#email-error").innerText()).toContain("Enter an e-mail address like name@example.org");
    await expectAccessible(page, watch, "/staff/team (bad address)", 422);

    await page.getByLabel("E-mail address", { exact: true }).fill("new.colleague@example.org");
    await page.getByLabel("Role", { exact: true }).selectOption("finance");
    await page.getByLabel("Role", { exact: true }).press("Tab");
    // The post answers 303 to the list with its notice.
    expect((await follow(page, () => page.keyboard.press("Enter"))).status()).toBe(303);
    await page.waitForURL((url) => url.pathname === "/staff/team" && url.search === "?done=added", { timeout: 15_000 });
    expect(await page.getByRole("status").first().innerText()).toContain("The staff member has been added");
    expect(await page.getByRole("row", { name: /new\.colleague@example\.org/ }).innerText()).toContain("Finance");
    await expectAccessible(page, watch, "/staff/team (added)");
  });
});

describe("setting up a second factor", () => {
  it("shows the key and a set-up link, takes the first code and shows the recovery codes once", async () => {
    const { page, watch } = await tab();
    await signIn(page, NEWCOMER, "/staff/applications");
    expect(new URL(page.url()).pathname).toBe("/staff/second-factor");
    expect(await page.locator("main h1").innerText()).toBe("Set up your second factor");
    await expectAccessible(page, watch, "/staff/second-factor");

    const key = (await page.locator("#totp-secret").innerText()).replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole("link", { name: "this set-up link" }).getAttribute("href")).toContain(`secret=${key}`);
    await page.getByLabel("Code from the app").fill(await totpCode(key));
    const done = await follow(page, () => page.getByRole("button", { name: "Set up" }).click());
    expect(done.status()).toBe(200);
    expect(await page.locator("main h1").innerText()).toBe("Your recovery codes");
    expect(await page.getByRole("list", { name: "Recovery codes" }).locator("li").count()).toBe(10);
    await expectAccessible(page, watch, "recovery codes");

    await follow(page, () => page.getByRole("link", { name: "Continue to the staff pages" }).click());
    expect(new URL(page.url()).pathname).toBe("/staff/applications");
    // Read-only: the team page is not theirs.
    const team = await visit(page, stack.url("/staff/team"));
    expect(team.status()).toBe(403);
  });
});
