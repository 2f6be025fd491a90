/**
 * The membership office's screens in real Chromium against `wrangler dev` (its own D1, seeded with
 * the records below) and the Firebase Auth emulator: editing a member's details, merging two
 * records of one person, and matching an uploaded file's columns for the import. Each is used as a
 * plain HTML form with JavaScript off (none of them has an island of its own): a mistake comes
 * back beside its field with everything typed or chosen kept, then the corrected form goes
 * through. The same run with JavaScript on checks every state, errors included, with axe (WCAG
 * A/AA plus best practices), which runs in the page.
 */
import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { NO_PROBLEMS, failedToLoad, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

vi.setConfig({ hookTimeout: 600_000, testTimeout: 300_000 });

const STAFF = DEMO_ACCOUNTS.staff;
const DETAILS = {
  phone: "01632 960123",
  address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom", countryCode: "GB" },
  professional: { registrationNumber: "PH123456", specialisation: "Musculoskeletal", workplace: "City Clinic", yearQualified: 2011 },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
};
const RUNS = [
  { javaScript: false, name: "without" },
  { javaScript: true, name: "with" },
] as const;
const member = (js: boolean) => `e2e-office-member-${js ? "js" : "plain"}`;
const pair = (js: boolean) => ({ a: `email:ada.one.${js ? "js" : "plain"}@e2e.guildhall.example`, b: `email:ada.two.${js ? "js" : "plain"}@e2e.guildhall.example` });
const sql = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** For each run: a signed-up member with their join application, and two imported records of one person. */
const seedSql = RUNS.map(({ javaScript }) => {
  const id = member(javaScript);
  const { a, b } = pair(javaScript);
  return `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
            VALUES ('app-${id}', 'app-${id}', 'GH-${id}', '${id}', '${id}@e2e.guildhall.example', 'Ada', 'Lovelace', 'full-member', 'Full member', 'offline', 19500, 'paid', ${sql(JSON.stringify(DETAILS))});
          INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end)
            VALUES ('${id}', '${id}@e2e.guildhall.example', 'app-${id}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-12-31');
          INSERT INTO memberships (user_id, email, import_email, membership_slug, membership_title, status, payment_method, period_start, period_end, member_name)
            VALUES ('${a}', '${a.slice(6)}', '${a.slice(6)}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-12-31', 'Ada Byron'),
                   ('${b}', '${b.slice(6)}', '${b.slice(6)}', 'full-member', 'Full member', 'lapsed', 'offline', '2020-01-01', '2021-01-01', 'Ada Lovelace');`;
}).join("\n");

const stack = useBrowserStack(WORKER_SLOTS.membershipOffice, { vars: { STAFF_EMAILS: STAFF.email }, seedSql: `${seedSql}\n${staffSecondFactorSql()}` });
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");

/** A Wild-Apricot-style export: its own names and order, and columns the site has no field for. */
const EXPORT = [
  "Member ID,Full name,e-Mail address,Membership level,Membership status,Member since,Renewal due,Notes,Date of birth",
  ",Grace Hopper,grace.e2e@example.org,Full member,Active,01/01/2011,31/12/2099,Rang in May,09/12/1966",
].join("\r\n");

async function signIn(page: Page, callbackPath: string) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.getByLabel("E-mail address").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  if (onVerifyPage(page)) await passStaffVerify(page);
  await expect.poll(() => pathOf(page)).toBe(callbackPath);
}

/** With JavaScript on: no axe finding, and nothing reported but the console's note of a refused form's status. */
function checker(javaScript: boolean, watch: PageWatch | null) {
  return async (page: Page, state: string, status?: number) => {
    if (!javaScript) return;
    expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
    expect(watch!.take(status ? [failedToLoad(status)] : []), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
  };
}

describe.each(RUNS)("the membership office's screens $name JavaScript", ({ javaScript }) => {
  it("editing a member's details: a mistake is shown beside its field with what was typed kept, then the change is saved", async () => {
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: javaScript });
    try {
      const page = await context.newPage();
      const check = checker(javaScript, javaScript ? await watchPage(page) : null);
      const id = member(javaScript);
      await signIn(page, `/staff/members/${id}`);
      await follow(page, () => main(page).getByRole("link", { name: /Edit.*details/ }).first().click());
      expect(pathOf(page)).toBe(`/staff/members/${id}/details`);
      expect(await page.getByLabel("Last name", { exact: false }).first().inputValue()).toBe("Lovelace");
      await check(page, "the details form");

      const form = main(page).locator("form");
      await page.getByLabel(/^First name/).fill("");
      await page.getByLabel(/^Last name/).fill("Byron");
      await page.getByLabel("Town or city", { exact: false }).fill("Bath");
      const refused = await follow(page, () => form.getByRole("button", { name: "Save the details" }).click());
      expect(refused.status()).toBe(400);
      expect(await main(page).locator('[data-field-error="givenName"]').innerText()).toMatch(/first name/i);
      expect(await main(page).locator('[data-field-error="reason"]').innerText()).toContain("Enter the reason for the change");
      expect(await page.locator(".error-summary").innerText()).toContain("The details were not saved");
      expect(await page.getByLabel(/^First name/).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel(/^Last name/).inputValue(), "what was typed is kept").toBe("Byron");
      expect(await page.getByLabel("Town or city", { exact: false }).inputValue()).toBe("Bath");
      await check(page, "the details form with problems", 400);

      await page.getByLabel(/^First name/).fill("Ada");
      await page.getByLabel("Reason for the change").fill("Married: new surname, certificate seen");
      const saved = await follow(page, () => form.getByRole("button", { name: "Save the details" }).click());
      // The post answers 303 to the member's page with its notice.
      expect(saved.status()).toBe(303);
      await page.waitForURL((address) => `${address.pathname}${address.search}` === `/staff/members/${id}?done=edited`, { timeout: 15_000 });
      expect(await main(page).innerText()).toContain("Byron");
      await check(page, "the member's page after the edit");
    } finally {
      await context.close();
    }
  });

  it("merging two records: a missing choice and reason are shown beside their fields with the choices kept, then the records are merged", async () => {
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: javaScript });
    try {
      const page = await context.newPage();
      const check = checker(javaScript, javaScript ? await watchPage(page) : null);
      const { a, b } = pair(javaScript);
      const path = `/staff/members/merge?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;
      await signIn(page, "/staff/members/duplicates");
      await check(page, "the duplicates list");
      await visit(page, url(path));
      expect(await main(page).locator("h1").innerText()).toBe("Merge two records");
      await check(page, "the merge form");

      const form = main(page).locator("form");
      await form.getByRole("group", { name: "Keep the name of" }).getByLabel("Record B").check();
      const refused = await follow(page, () => form.getByRole("button", { name: /^Merge/ }).click());
      expect(refused.status()).toBe(400);
      expect(await main(page).locator('[data-field-error="survivor"]').innerText()).toContain("Choose which record stays");
      expect(await main(page).locator('[data-field-error="reason"]').innerText()).toContain("Enter the reason for the merge");
      expect(await page.locator(".error-summary").innerText()).toContain("The records were not merged");
      expect(await form.getByRole("group", { name: "Keep the name of" }).getByLabel("Record B").isChecked(), "the choice made is kept").toBe(true);
      await check(page, "the merge form with problems", 400);

      await form.getByRole("group", { name: "Which record stays" }).getByLabel(/^Record A/).check();
      for (const field of ["e-mail address", "postal address", "membership"]) {
        const group = form.getByRole("group", { name: new RegExp(`^Keep the ${field}`, "i") });
        if ((await group.count()) > 0 && !(await group.getByLabel("Record B").isChecked())) await group.getByLabel("Record A").check();
      }
      await form.getByLabel("Reason").fill("The same person, imported twice from the old register");
      const merged = await follow(page, () => form.getByRole("button", { name: /^Merge/ }).click());
      expect(merged.status()).toBe(303);
      await page.waitForURL((address) => address.search.startsWith("?done=merged") && decodeURIComponent(address.pathname) === `/staff/members/${a}`, { timeout: 15_000 });
      expect(await main(page).innerText()).toContain("Ada Lovelace");
      await check(page, "the surviving member's page");
    } finally {
      await context.close();
    }
  });

  it("matching an import file's columns: a field chosen twice is shown beside the column with every choice kept, then the file goes on to be checked", async () => {
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: javaScript });
    try {
      const page = await context.newPage();
      const check = checker(javaScript, javaScript ? await watchPage(page) : null);
      await signIn(page, "/staff/members/import");
      await check(page, "the import page");
      await page.getByLabel("Members file (CSV)").setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(EXPORT) });
      const uploaded = await follow(page, () => main(page).getByRole("button", { name: "Check the file (dry run)" }).click());
      expect(uploaded.status()).toBe(303);
      await page.waitForURL((address) => /^\/staff\/members\/import\/\d+$/.test(address.pathname), { timeout: 15_000 });
      const screen = main(page).locator("form", { has: page.getByRole("button", { name: /^Check the file with these columns/ }) });
      const holds = (column: number) => screen.locator(`#use-${column}`);
      expect(await holds(1).inputValue()).toBe("field:name");
      expect(await holds(7).inputValue(), "a Notes column is kept as a staff note").toBe("field:notes");
      expect(await holds(8).inputValue(), "a column the site has no field for is kept under its name").toBe("custom");
      await check(page, "the mapping screen");

      await holds(8).selectOption("field:email");
      await screen.getByLabel("Name to keep Column 9, Date of birth under (kept fields only)").fill("Born");
      const refused = await follow(page, () => screen.getByRole("button", { name: /^Check the file with these columns/ }).click());
      expect(refused.status()).toBe(422);
      expect(await main(page).locator("#use-8-error").innerText()).toContain("E-mail address is already column 3: choose one column for it");
      expect(await holds(8).getAttribute("aria-invalid")).toBe("true");
      expect(await holds(8).inputValue(), "the choice made is kept").toBe("field:email");
      expect(await holds(1).inputValue()).toBe("field:name");
      await check(page, "the mapping screen with a problem", 422);

      await holds(8).selectOption("custom");
      const mapped = await follow(page, () => screen.getByRole("button", { name: /^Check the file with these columns/ }).click());
      expect(mapped.status()).toBe(303);
      // The columns are matched: the screen gives way to the check's progress, on the import's own page.
      await page.locator("#use-0").waitFor({ state: "detached", timeout: 15_000 });
      expect(pathOf(page)).toMatch(/^\/staff\/members\/import\/\d+$/);
      expect(await main(page).locator("h1").innerText()).toMatch(/^Dry run \d+$/);
    } finally {
      await context.close();
    }
  });
});
