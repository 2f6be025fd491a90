/**
 * Joining with an offline payment, end to end, as people do it (issue 5): real Chromium against a
 * real `wrangler dev` (its own local D1), the real Strapi with the demo content and the Firebase
 * Auth emulator the global setup started (the demo staff account seeded).
 *
 * 1. A visitor reads /professionals/join-full-member, follows its "Join as …" call to action to
 *    /join?membership=full-member, submits the form empty (JavaScript off: the form is plain HTML)
 *    and sees the error summary and each field's error, then fills in every field by its label and
 *    submits: /user/membership?joined=1 shows the success message, "Awaiting payment", the amount
 *    due and the GH- reference. With JavaScript on, the pending-member e-mail is in localStorage.
 * 2. The new user (not yet a member) is invited to join on the members-only page (403).
 * 3. Staff (STAFF_EMAILS) sign in in another browser, find the application by the applicant's
 *    e-mail on /staff/applications, and record the offline payment: confirmation, status Paid.
 * 4. The applicant's /user/membership is "Active until …" with the date it is paid until and the payment listed; the
 *    pending-member key is gone; the members-only page shows its content (200).
 * 5. A visitor and the (non-staff) applicant get 404 at /staff/applications.
 * 6. axe (WCAG A/AA plus best practices) on /join (empty and with errors), /user/membership (both
 *    states) and the staff pages.
 *
 * The tests in this file run in order and share the applicant's and the staff member's browsers.
 */
import type { BrowserContext, Page, Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { londonDate } from "../../src/shared/london-date";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
/** The Worker's output, printed when a test fails (a 500's cause is only there). */
const workerLog: string[] = [];
const stack = useBrowserStack(WORKER_SLOTS.join, { vars: { STAFF_EMAILS: STAFF.email }, seedSql: staffSecondFactorSql(), log: (line) => workerLog.push(line) });
const url = (path: string) => stack.url(path);

const INFO_PAGE = "/professionals/join-full-member";
const MEMBERS_PAGE = "/professionals/cpd-resources";
const MEMBERS_ONLY = "This page is for members of the Guild.";
const PENDING_KEY = "guildhall.pendingMemberEmail";
const SESSION_COOKIE = "guildhall_session";

const status = failedToLoad;

/** Today in London, YYYY-MM-DD (what the staff form's date field expects). */
const londonToday = () => londonDate(new Date());

// ---------------------------------------------------------------------------------------------
// Browser tabs

interface Tab {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  blocked: string[];
}

async function openTab(javaScriptEnabled: boolean, storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>): Promise<Tab> {
  const { context, blocked } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled, ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  return { context, page, blocked, watch: await watchPage(page) };
}

function expectClean(tab: Tab, where: string, allow: RegExp[] = []) {
  expect(tab.watch.take(allow), `${where}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
  expect(tab.blocked.splice(0), `${where}: requests that would have left loopback`).toEqual([]);
}

/** `follow`, resolved with the response of the document finally shown (after a POST's 303). */
async function land(page: Page, action: () => Promise<unknown>): Promise<Response> {
  let request = (await follow(page, action)).request();
  for (let next = request.redirectedTo(); next; next = request.redirectedTo()) request = next;
  const response = await request.response();
  if (!response) throw new Error(`no response for ${request.url()}`);
  return response;
}

const main = (page: Page) => page.locator("main");
const mainText = async (page: Page) => (await main(page).innerText()).replace(/\s+/g, " ");
const errorSummary = (page: Page) => page.locator("main [role=alert]");
const headerAccountLink = (page: Page) => page.getByRole("banner").locator(".account-links a").first();
const headerLinkText = async (page: Page) => (await headerAccountLink(page).innerText()).trim();
const storedPending = (page: Page) => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY);

/** The value of a summary-list row (<dt>label</dt><dd>value</dd>) in main. */
async function rowValue(page: Page, label: string): Promise<string> {
  const dd = main(page).locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`);
  expect(await dd.count(), `a row "${label}"`).toBeGreaterThan(0);
  return (await dd.first().innerText()).trim();
}

/** Every axe violation, readable; each state is also recorded for the report. */
const axeReport: Record<string, string[]> = {};
async function expectNoAxeViolations(page: Page, state: string) {
  const findings = formatFindings(await axeFindings(page));
  axeReport[state] = findings;
  expect(findings, `axe on ${state}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------

describe("joining with an offline payment, the payment recorded by staff, then members-only access", () => {
  const applicant = {
    // Unique per run, and short: a search term over 48 characters fails in D1 (see the staff search test).
    email: `jo-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.guildhall.example`,
    password: "Joiner-password-1",
    givenName: "Jo",
    familyName: "Joiner",
  };
  let offTab: Tab; // the applicant, JavaScript off: the join form as plain HTML
  let onTab: Tab; // the applicant's session in a browser with JavaScript on
  let staffTab: Tab;
  let amountDue = ""; // "£…" as /user/membership shows it
  let reference = "";

  beforeAll(async () => {
    offTab = await openTab(false);
  });
  let logFrom = 0;
  beforeEach(() => {
    logFrom = workerLog.length;
  });
  afterEach(({ task }) => {
    const errors = workerLog.slice(logFrom).filter((line) => /ERROR|"level":"error"/.test(line));
    if (task.result?.state === "fail" && errors.length > 0) console.info(`Worker errors during "${task.name}":\n${errors.join("\n")}`);
  });
  afterAll(async () => {
    for (const tab of [offTab, onTab, staffTab]) await tab?.context.close();
    if (Object.keys(axeReport).length > 0) console.info(`axe findings by state:\n${JSON.stringify(axeReport, null, 2)}`);
  });

  it("takes a visitor from the membership page's call to action to the form, the membership chosen", async () => {
    const { page } = offTab;
    const info = await visit(page, url(INFO_PAGE));
    expect(info.status(), `${INFO_PAGE}`).toBe(200);
    const cta = main(page).getByRole("link", { name: /^Join as/ }).first();
    expect(await cta.getAttribute("href")).toBe("/join?membership=full-member");
    const form = await land(page, () => cta.click());
    expect(pathOf(page)).toBe("/join?membership=full-member");
    expect(form.status()).toBe(200);
    expect(await page.getByRole("radio", { name: /Full member/ }).isChecked(), "the membership from the call to action is chosen").toBe(true);
    expect(await page.locator("form.join-form fieldset.form-section").count(), "six sections and the optional \"Invoice to an organisation\"").toBe(7);
    expect(await errorSummary(page).count()).toBe(0);
    expect(await headerLinkText(page)).toBe("Sign in");
    expectClean(offTab, "info page and join form");
  });

  it("answers an empty submission (JavaScript off) with an error summary linking to specific errors", async () => {
    const { page } = offTab;
    const answer = await land(page, () => page.getByRole("button", { name: "Submit application" }).click());
    expect(pathOf(page)).toBe("/join");
    expect(answer.status()).toBe(400);
    const summary = errorSummary(page);
    expect(await summary.count(), "one error summary").toBe(1);
    expect(await summary.getAttribute("aria-labelledby")).toBe("error-summary-title");
    expect((await page.locator("#error-summary-title").innerText()).trim()).toBe("There is a problem");
    const links = await summary.getByRole("link").evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute("href"), text: a.textContent?.trim() })));
    const expected: Record<string, string> = {
      givenName: "Enter your first name",
      familyName: "Enter your last name",
      addressLine1: "Enter your address",
      town: "Enter your town or city",
      postcode: "Enter your postcode",
      registrationNumber: "Enter your professional registration number",
      specialisation: "Choose your specialisation",
      yearQualified: "Enter the year you qualified, like 2015",
      email: "Enter your e-mail address",
      acceptTerms: "Confirm that you accept the terms and conditions",
      acceptPrivacy: "Confirm that you have read the privacy policy",
    };
    for (const [field, message] of Object.entries(expected)) {
      expect(links, `the summary links to #${field}`).toContainEqual({ href: `#${field}`, text: message });
      expect(await page.locator(`#${field}`).count(), `#${field} is on the page`).toBe(1);
      const error = page.locator(`#${field}-error`);
      expect(await error.count(), `an error next to ${field}`).toBe(1);
      expect((await error.innerText()).replace(/\s+/g, " ").trim()).toBe(`Error: ${message}`);
      expect(await page.locator(`#${field}`).getAttribute("aria-describedby"), `${field} is described by its error`).toContain(`${field}-error`);
    }
    expect(links.find((l) => l.href === "#password")?.text, "the password has its own error").toMatch(/password/i);
    expect(await page.getByRole("radio", { name: /Full member/ }).isChecked(), "the chosen membership is kept").toBe(true);
    expectClean(offTab, "join form with errors", [status(400)]);
  });

  it("accepts a qualification year after 1970 (the rest of the form still empty, so nothing is created)", async () => {
    const { page } = offTab;
    const year = page.getByLabel("Year you qualified", { exact: true });
    try {
      for (const typed of ["2015", String(new Date().getFullYear())]) {
        await year.fill(typed);
        const answer = await land(page, () => page.getByRole("button", { name: "Submit application" }).click());
        expect(answer.status()).toBe(400);
        expect(await year.inputValue(), "the year typed is kept").toBe(typed);
        expect(await page.locator("#yearQualified-error").count(), `no error for the year ${typed}`).toBe(0);
      }
      expectClean(offTab, "year check", [status(400)]);
    } finally {
      await year.fill("");
      offTab.watch.take();
    }
  });

  it("has no axe violations on /join, empty and with errors (axe needs JavaScript: a second visitor's browser)", async () => {
    const axeTab = await openTab(true);
    try {
      const { page } = axeTab;
      await visit(page, url("/join?membership=full-member"));
      await expectNoAxeViolations(page, "/join (empty)");
      const answer = await land(page, () => page.getByRole("button", { name: "Submit application" }).click());
      expect(answer.status()).toBe(400);
      expect(await errorSummary(page).count()).toBe(1);
      await expectNoAxeViolations(page, "/join (with errors)");
      expectClean(axeTab, "join form with JavaScript", [status(400)]);
    } finally {
      await axeTab.context.close();
    }
  });

  it("takes every field by its label, and lands on /user/membership awaiting payment", async () => {
    const { page, context } = offTab;
    const type = async (label: string | RegExp, text: string) => {
      const field = page.getByLabel(label, { exact: typeof label === "string" });
      await field.focus();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(text);
    };
    await type("First name", applicant.givenName);
    await type("Last name", applicant.familyName);
    await type("Address line 1", "1 Example Street");
    await type("Town or city", "Exeter");
    await type("Postcode", "EX1 2MP");
    await type("Professional registration number", "PH123456");
    const specialisation = page.getByLabel("Specialisation", { exact: true });
    const options = (await specialisation.locator("option").allInnerTexts()).filter((text) => text !== "Choose…");
    expect(options.length, "specialisation options from the CMS").toBeGreaterThan(0);
    await specialisation.selectOption({ label: options[0]! });
    await type("Year you qualified", "2015");
    await type("E-mail address", applicant.email);
    await type("Password", applicant.password);
    await page.getByLabel(/I accept the/).check();
    await page.getByLabel(/I have read the/).check();

    const landed = await land(page, () => page.getByRole("button", { name: "Submit application" }).click());
    const problems = pathOf(page).startsWith("/join") ? await errorSummary(page).innerText().catch(() => "") : "";
    expect(pathOf(page), `the form came back with: ${problems}`).toBe("/user/membership?joined=1");
    expect(landed.status()).toBe(200);
    expect(await page.locator("main [role=status].notice--success").count(), "the join page's success message").toBe(1);
    expect((await page.locator("main [role=status].notice--success").innerText()).trim().length).toBeGreaterThan(0);
    expect(await rowValue(page, "Status")).toBe("Awaiting payment");
    expect(await rowValue(page, "Membership")).toMatch(/Full member/i);
    amountDue = await rowValue(page, "Amount due");
    expect(amountDue).toMatch(/^£\d[\d,]*(\.\d{2})?$/);
    reference = await rowValue(page, "Your payment reference");
    expect(reference).toMatch(/^GH-[A-Z0-9]{8}$/);
    expect(await page.locator("[data-pending-member-email]").getAttribute("data-pending-member-email")).toBe(applicant.email);
    expect(await headerLinkText(page)).toBe("Your account");
    expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE), "signed in").toBe(true);
    expectClean(offTab, "after joining");

    // The same account in a browser with JavaScript: the island remembers the pending member.
    onTab = await openTab(true, await context.storageState());
    const again = await visit(onTab.page, url("/user/membership"));
    expect(again.status()).toBe(200);
    expect(await rowValue(onTab.page, "Status")).toBe("Awaiting payment");
    await expect.poll(() => storedPending(onTab.page), { message: `localStorage ${PENDING_KEY}` }).toBe(applicant.email);
    expect(await headerLinkText(onTab.page)).toBe("Your account");
    await expectNoAxeViolations(onTab.page, "/user/membership (awaiting payment)");
    expectClean(onTab, "/user/membership with JavaScript");
  });

  it("invites the applicant, not yet a member, to join on the members-only page (403)", async () => {
    const { page } = onTab;
    const response = await visit(page, url(MEMBERS_PAGE));
    expect(pathOf(page)).toBe(MEMBERS_PAGE);
    expect(response.status()).toBe(403);
    const text = await mainText(page);
    expect(text).toContain(MEMBERS_ONLY);
    expect(text).toContain(`You are signed in as ${applicant.email}`);
    expect(await main(page).locator("[data-block]").count(), "no members-only content").toBe(0);
    expectClean(onTab, "members-only page before payment", [status(403)]);
  });

  it("is a 404 at /staff/applications for a visitor and for the applicant (not staff)", async () => {
    const visitor = await openTab(false);
    try {
      const asVisitor = await visit(visitor.page, url("/staff/applications"));
      expect(asVisitor.status(), "a visitor at /staff/applications").toBe(404);
      expect(await mainText(visitor.page)).not.toContain("Membership applications");
    } finally {
      await visitor.context.close();
    }
    const asApplicant = await visit(onTab.page, url("/staff/applications"));
    expect(asApplicant.status(), "a signed-in non-staff user at /staff/applications").toBe(404);
    expect(await mainText(onTab.page)).not.toContain(reference);
    expectClean(onTab, "staff area as a non-staff user", [status(404)]);
  });

  it("lets staff find the application by e-mail and record the offline payment", async () => {
    staffTab = await openTab(true);
    const { page } = staffTab;
    await visit(page, url("/login?callbackUrl=%2Fstaff%2Fapplications"));
    await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
    await page.getByLabel("E-mail address").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    let list = await land(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
    // Staff pass the second factor (the demo key is seeded on this Worker), then go on.
    if (onVerifyPage(page)) {
      await passStaffVerify(page);
      list = await visit(page, url("/staff/applications"));
    }
    expect(new URL(page.url()).pathname, "staff land on the applications list").toBe("/staff/applications");
    expect(list.status()).toBe(200);
    expect((await main(page).locator("h1").innerText()).trim()).toBe("Membership applications");
    await expectNoAxeViolations(page, "/staff/applications");

    await page.getByLabel("Search by name, e-mail or reference").fill(applicant.email);
    const found = await land(page, () => main(page).getByRole("button", { name: "Search" }).click());
    expect(found.status()).toBe(200);
    expect(new URL(page.url()).searchParams.get("q")).toBe(applicant.email);
    const rows = main(page).locator("table tbody tr");
    expect(await rows.count(), "one application matches the applicant's e-mail").toBe(1);
    const row = (await rows.first().innerText()).replace(/\s+/g, " ");
    expect(row).toContain(reference);
    expect(row).toContain(`${applicant.givenName} ${applicant.familyName}`);
    expect(row).toContain(amountDue);
    expect(row).toContain("Awaiting payment");
    await expectNoAxeViolations(page, "/staff/applications (search results)");

    const detail = await land(page, () => rows.first().getByRole("link", { name: reference }).click());
    expect(detail.status()).toBe(200);
    expect(new URL(page.url()).pathname).toMatch(/^\/staff\/applications\/[^/]+$/);
    expect(await mainText(page)).toContain(applicant.email);
    expect(await mainText(page)).toContain("PH123456");
    expect(await main(page).getByRole("heading", { name: "Record an offline payment" }).count()).toBe(1);
    await expectNoAxeViolations(page, "/staff/applications/:id (awaiting payment)");

    const amount = amountDue.replace(/^£/, "").replaceAll(",", "");
    await page.getByLabel("Amount received, in pounds").fill(amount);
    await page.getByLabel("Date received").fill(londonToday());
    await page.getByLabel("Payment reference").fill(`BANK-${reference}`);
    const recorded = await land(page, () => main(page).getByRole("button", { name: "Record payment" }).click());
    expect(recorded.status()).toBe(200);
    expect(new URL(page.url()).searchParams.get("done")).toBe("payment");
    expect((await main(page).getByRole("status").innerText()).trim()).toBe("Payment recorded. The membership is now active.");
    expect(await rowValue(page, "Status")).toBe("Paid");
    expect(await mainText(page)).toContain(`BANK-${reference}`);
    expect(await mainText(page)).toContain(STAFF.email); // recorded by, and the audit trail
    expect(await main(page).getByRole("heading", { name: "Record an offline payment" }).count(), "nothing left to record").toBe(0);
    await expectNoAxeViolations(page, "/staff/applications/:id (paid)");
    expectClean(staffTab, "staff recording the payment");
  });

  it("lets staff search for a long e-mail address (the form takes 200 characters)", async () => {
    const { page } = staffTab;
    const long = "firstname.middlename.lastname@physio-clinic.example"; // 51 characters
    await visit(page, url("/staff/applications?status=all"));
    await page.getByLabel("Search by name, e-mail or reference").fill(long);
    const found = await land(page, () => main(page).getByRole("button", { name: "Search" }).click());
    expect(found.status(), `searching for "${long}" (${long.length} characters)`).toBe(200);
    expect((await main(page).getByRole("status").innerText()).trim()).toBe("No applications match your search.");
    expectClean(staffTab, "long search", [status(500)]);
  });

  it("shows the applicant an active membership, and opens the members-only page", async () => {
    const { page } = onTab;
    const membership = await visit(page, url("/user/membership"));
    expect(membership.status()).toBe(200);
    expect(await rowValue(page, "Status")).toMatch(/^Active until \d{1,2} \w+ \d{4}$/);
    expect(await rowValue(page, "Paid until")).toMatch(/\d{4}/);
    expect(await page.locator("[data-pending-member-email]").count(), "no payment instructions any more").toBe(0);
    const receipts = main(page).getByRole("region", { name: "Payments received" });
    expect(await receipts.count(), "a Payments received section").toBe(1);
    const receipt = (await receipts.locator("tbody tr").allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]).toContain(amountDue);
    expect(receipt[0]).toContain(`BANK-${reference}`);
    await expect.poll(() => storedPending(page), { message: `localStorage ${PENDING_KEY} is forgotten` }).toBeNull();
    await expectNoAxeViolations(page, "/user/membership (active)");

    const members = await visit(page, url(MEMBERS_PAGE));
    expect(pathOf(page)).toBe(MEMBERS_PAGE);
    expect(members.status()).toBe(200);
    expect(await main(page).locator("[data-block]").count(), "the member sees the page's content blocks").toBeGreaterThan(0);
    expect(await mainText(page)).not.toContain(MEMBERS_ONLY);
    expectClean(onTab, "members-only page as the new member");

    // Without JavaScript too (the first browser, same account).
    const plain = await visit(offTab.page, url(MEMBERS_PAGE));
    expect(plain.status()).toBe(200);
    expect(await main(offTab.page).locator("[data-block]").count()).toBeGreaterThan(0);
  });
});
