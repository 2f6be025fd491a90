/**
 * Renewing a membership paid by bank transfer, end to end, as people do it: real Chromium against
 * a real `wrangler dev` (its own local D1, seeded with the demo member's membership ending in 20
 * days), the real Strapi and the Firebase Auth emulator.
 *
 * 1. The member signs in; /user/membership says "Renewal due: ends on …" and offers "Renew".
 * 2. "Renew" makes the renewal: the page shows the amount and its own GH- reference.
 * 3. Staff find the renewal on /staff/applications by the member's e-mail and record the payment.
 * 4. The member's page says "Active until" the old end date a year on (extended from the old end,
 *    not from the payment date), and /user/receipts lists the renewal's receipt with the society's
 *    next receipt number (the local D1 is seeded with another payer's receipt, this year's 41st).
 * 5. Staff open the member's page from /staff/members: the renewal and its receipt are on the timeline.
 * axe (WCAG A/AA plus best practices) on the membership page in each state, the change-type page
 * the receipts page and the staff pages.
 */
import type { BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { londonDate } from "../../src/shared/london-date";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const DAY = 86_400_000;
const MEMBER = DEMO_ACCOUNTS.member;
const STAFF = DEMO_ACCOUNTS.staff;
const OLD_END = londonDate(new Date(Date.now() + 20 * DAY));
const OLD_START = londonDate(new Date(Date.now() - 345 * DAY));
/** Receipts are numbered within the London calendar year; the seed makes this year's last one the 41st. */
const YEAR = londonDate(new Date()).slice(0, 4);
const LAST_RECEIPT = `GH-${YEAR}-000041`;
const NEXT_RECEIPT = `GH-${YEAR}-000042`;

/** The end of a year starting on a London day (29 February to 28 February). */
function yearAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + 1, m - 1, Math.min(d, last))).toISOString().slice(0, 10);
}
const inWords = (day: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(new Date(day));

const workerLog: string[] = [];
const stack = useBrowserStack(WORKER_SLOTS.renew, {
  vars: { STAFF_EMAILS: STAFF.email },
  seedSql: `INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
            VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '${OLD_START}', '${OLD_END}');
            INSERT INTO receipts (number, year, seq, source, payment_id, user_id, payer_email, items, total_pence, method, paid_on, payment_reference)
            VALUES ('${LAST_RECEIPT}', ${YEAR}, 41, 'membership', 'seeded-payment', 'someone-else', 'someone-else@example.org',
                    '[{"description":"Full member membership","detail":null,"pence":19500}]', 19500, 'offline', '${londonDate(new Date())}', 'SEEDED');
            ${staffSecondFactorSql()}`,
  log: (line) => workerLog.push(line),
});
const url = (path: string) => stack.url(path);

interface Tab {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  blocked: string[];
}

async function openTab(): Promise<Tab> {
  const { context, blocked } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
  const page = await context.newPage();
  return { context, page, blocked, watch: await watchPage(page) };
}

async function land(page: Page, action: () => Promise<unknown>): Promise<Response> {
  let request = (await follow(page, action)).request();
  for (let next = request.redirectedTo(); next; next = request.redirectedTo()) request = next;
  const response = await request.response();
  if (!response) throw new Error(`no response for ${request.url()}`);
  return response;
}

const main = (page: Page) => page.locator("main");
const mainText = async (page: Page) => (await main(page).innerText()).replace(/\s+/g, " ");

async function expectNoAxeViolations(page: Page, state: string) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
}

function expectClean(tab: Tab, where: string) {
  expect(tab.watch.take([failedToLoad(503)]), `${where}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
  expect(tab.blocked.splice(0), `${where}: requests that would have left loopback`).toEqual([]);
}

async function signIn(tab: Tab, account: { email: string; password: string }, callbackUrl: string) {
  const { page } = tab;
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await land(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  // Staff pass the second factor (the demo key is seeded on this Worker), then go on.
  if (onVerifyPage(page)) await passStaffVerify(page);
  expect(new URL(page.url()).pathname).toBe(callbackUrl.split("?")[0]);
}

/**
 * Loads pages until each answers 200 in a throwaway, unwatched tab: on a busy machine the first CMS
 * answers can take longer than the Worker waits, and a cold cache is not what this file tests.
 */
async function warm(paths: readonly string[]) {
  const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const path of paths) {
      for (let attempt = 1; attempt <= 6; attempt++) {
        if ((await visit(page, url(path))).status() === 200) break;
      }
    }
  } finally {
    await context.close();
  }
}

describe("renewing a membership paid by bank transfer", () => {
  const tabs: Tab[] = [];
  beforeAll(() => warm(["/", "/join", "/about", "/webinars"]), 120_000);
  afterAll(async () => {
    for (const tab of tabs) await tab.context.close();
    const errors = workerLog.filter((line) => /"level":"error"/.test(line));
    if (errors.length > 0) console.info(`Worker errors:\n${errors.join("\n")}`);
  });

  it("offers Renew 30 days before the end; staff record the payment; the period runs on from the old end", async () => {
    const member = await openTab();
    tabs.push(member);
    await signIn(member, MEMBER, "/user/membership");
    const { page } = member;
    // A cold CMS on a busy machine can answer the first load with the 503 page: load it again.
    for (let attempt = 0; attempt < 5 && (await mainText(page)).includes("503"); attempt++) await visit(page, url("/user/membership"));
    expect(await mainText(page)).toContain(`Renewal due: ends on ${inWords(OLD_END)}`);
    await expectNoAxeViolations(page, "/user/membership (renewal due)");

    await land(page, () => main(page).getByRole("button", { name: "Renew" }).click());
    expect(new URL(page.url()).search).toBe("?renewal=requested");
    const text = await mainText(page);
    expect(text).toContain("£195.00");
    const reference = /GH-[A-Z0-9-]+/.exec(text.slice(text.indexOf("Your renewal")))?.[0];
    expect(reference, "the renewal's own reference").toBeTruthy();
    await expectNoAxeViolations(page, "/user/membership (renewal awaiting payment)");

    await visit(page, url("/user/membership/change"));
    expect(await main(page).getByRole("group", { name: "Choose your membership" }).count()).toBe(1);
    await expectNoAxeViolations(page, "/user/membership/change");
    expectClean(member, "the member renewing");

    const staff = await openTab();
    tabs.push(staff);
    await signIn(staff, STAFF, "/staff/applications");
    const s = staff.page;
    await s.getByLabel("Search by name, e-mail or reference").fill(reference!);
    await land(s, () => main(s).getByRole("button", { name: "Search" }).click());
    const rows = main(s).locator("table tbody tr");
    expect(await rows.count()).toBe(1);
    expect((await rows.first().innerText()).replace(/\s+/g, " ")).toContain("(Renewal)");
    await expectNoAxeViolations(s, "/staff/applications (a renewal)");
    await land(s, () => rows.first().getByRole("link", { name: reference! }).click());
    await s.getByLabel("Amount received, in pounds").fill("195.00");
    await s.getByLabel("Date received").fill(londonDate(new Date()));
    await s.getByLabel("Payment reference").fill(`BANK-${reference}`);
    expect((await land(s, () => main(s).getByRole("button", { name: "Record payment" }).click())).status()).toBe(200);
    await visit(s, url("/staff/members?status=all"));
    expect(await mainText(s)).toContain(MEMBER.email);
    await expectNoAxeViolations(s, "/staff/members");
    expectClean(staff, "staff recording the renewal");

    await visit(page, url("/user/membership"));
    expect(await mainText(page)).toContain(`Active until ${inWords(yearAfter(OLD_END))}`);
    await expectNoAxeViolations(page, "/user/membership (renewed)");

    // The renewal's receipt, with the next number after the society's last one (not the other payer's).
    await visit(page, url("/user/receipts"));
    const receiptRows = main(page).getByRole("table", { name: "Your receipts, newest first" }).locator("tbody tr");
    expect(await receiptRows.count()).toBe(1);
    // Renewing by bank transfer also issued its pro-forma invoice, listed apart.
    expect(await main(page).getByRole("table", { name: "Your pro-forma invoices, newest first" }).locator("tbody tr").count()).toBe(1);
    const receiptRow = (await receiptRows.first().innerText()).replace(/\s+/g, " ");
    expect(receiptRow).toContain(NEXT_RECEIPT);
    expect(receiptRow).toContain("£195.00");
    expect(await mainText(page)).not.toContain(LAST_RECEIPT);
    await expectNoAxeViolations(page, "/user/receipts (after renewing)");
    await land(page, () => main(page).getByRole("link", { name: NEXT_RECEIPT }).click());
    expect(new URL(page.url()).pathname).toBe(`/user/receipts/${NEXT_RECEIPT}`);
    expect(await mainText(page)).toContain(`BANK-${reference}`);
    expectClean(member, "the member after renewing");

    // Staff open the member's page from the register: the renewal and its receipt on the timeline.
    await visit(s, url(`/staff/members?status=all&q=${encodeURIComponent(MEMBER.email)}`));
    await land(s, () => main(s).getByRole("link", { name: MEMBER.email, exact: true }).click());
    expect(new URL(s.url()).pathname).toBe(`/staff/members/${MEMBER.uid}`);
    const timeline = main(s).getByRole("table", { name: /newest first/ });
    const timelineText = (await timeline.innerText()).replace(/\s+/g, " ");
    expect(timelineText).toContain(reference!);
    expect(timelineText).toContain(NEXT_RECEIPT);
    expect(timelineText).toContain("Recorded a renewal's payment");
    await expectNoAxeViolations(s, "/staff/members/:userId");
    expectClean(staff, "staff on the member's page");
  }, 120_000);
});
