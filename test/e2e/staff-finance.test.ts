/**
 * The finance ledger, its VAT summary and the staff dashboard in real Chromium, checked with axe
 * (WCAG A/AA and best practices): the demo staff account (an administrator from STAFF_EMAILS,
 * its demo key seeded) passes its second factor and reads pages built from seeded D1 rows (a
 * membership payment at the standard rate, a webinar order at two rates and a part refund, all
 * this month); the range form is used without script and a bad range is explained at its field;
 * each chart's table opens from the keyboard.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { londonDate } from "../../src/shared/london-date";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const TODAY = londonDate(new Date());
const YEAR = TODAY.slice(0, 4);

/** A receipt line's JSON with its VAT split (worked out here: 120.00 at 20% is 20.00 VAT; 35.00 is 5.83; 10.50 at 5% is 0.50). */
const line = (description: string, pence: number, treatment: string, rate: number | null, net: number, vat: number) =>
  ({ description, detail: null, pence, vat: { treatment, rateBasisPoints: rate, netPence: net, vatPence: vat } });

const SEED = [
  staffSecondFactorSql(),
  `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details, kind)
   VALUES ('app-e2e', 'key-app-e2e', 'GH-APP-E2E', 'user-e2e', 'member.e2e@example.org', 'Ada', 'Example', 'full-member', 'Full member', 'card', 12000, 'paid', '{}', 'join');`,
  `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end)
   VALUES ('user-e2e', 'member.e2e@example.org', 'app-e2e', 'full-member', 'Full member', 'active', 'card', '${TODAY}', '2099-01-01');`,
  `INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by) VALUES ('pi_e2e_member', 'app-e2e', 'user-e2e', 'card', 12000, '${TODAY}', 'pi_e2e_member', 'stripe');`,
  `INSERT INTO payment_fees (source, payment_id, fee_pence, balance_transaction_id) VALUES ('membership', 'pi_e2e_member', 200, 'txn_e2e_member');`,
  `INSERT INTO receipts (number, year, seq, source, payment_id, application_id, user_id, payer_name, payer_email, items, total_pence, method, paid_on, payment_reference, net_pence, vat_pence)
   VALUES ('GH-${YEAR}-900001', ${YEAR}, 900001, 'membership', 'pi_e2e_member', 'app-e2e', 'user-e2e', 'Ada Example', 'member.e2e@example.org', '${JSON.stringify([line("Full member", 12000, "standard", 2000, 10000, 2000)])}', 12000, 'card', '${TODAY}', 'pi_e2e_member', 10000, 2000);`,
  `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids)
   VALUES ('order-e2e', 'key-order-e2e', 'GH-ORD-E2E', 'buyer-e2e', 'buyer.e2e@example.org', 'offline', 4550, 'paid', '[]', '[]');`,
  `INSERT INTO order_payments (id, order_id, method, amount_pence, received_on, reference, recorded_by) VALUES ('pay-e2e-order', 'order-e2e', 'offline', 4550, '${TODAY}', 'BANK-E2E', '${STAFF.email}');`,
  `INSERT INTO receipts (number, year, seq, source, payment_id, order_id, user_id, payer_name, payer_email, items, total_pence, method, paid_on, payment_reference, net_pence, vat_pence)
   VALUES ('GH-${YEAR}-900002', ${YEAR}, 900002, 'order', 'pay-e2e-order', 'order-e2e', 'buyer-e2e', NULL, 'buyer.e2e@example.org', '${JSON.stringify([line("Webinar", 3500, "standard", 2000, 2917, 583), line("Bundle", 1050, "reduced", 500, 1000, 50)])}', 4550, 'offline', '${TODAY}', 'BANK-E2E', 3917, 633);`,
  `INSERT INTO refunds (id, source, payment_id, order_id, user_id, method, amount_pence, reason, refunded_on, recorded_by)
   VALUES ('refund-e2e', 'order', 'pay-e2e-order', 'order-e2e', 'buyer-e2e', 'offline', 1000, 'Goodwill', '${TODAY}', '${STAFF.email}');`,
  `INSERT INTO credit_notes (number, year, seq, refund_id, source, payment_id, receipt_number, order_id, user_id, payer_email, description, reason, total_pence, method, refunded_on)
   VALUES ('CN-${YEAR}-900001', ${YEAR}, 900001, 'refund-e2e', 'order', 'pay-e2e-order', 'GH-${YEAR}-900002', 'order-e2e', 'buyer-e2e', 'buyer.e2e@example.org', 'Order GH-ORD-E2E', 'Goodwill', 1000, 'offline', '${TODAY}');`,
].join("\n");

// The stack applies every migration and this seed before the Worker starts: on a busy machine that
// alone can take longer than the project's two minutes.
vi.setConfig({ hookTimeout: 300_000 });

const stack = useBrowserStack(WORKER_SLOTS.finance, { vars: { STAFF_EMAILS: STAFF.email }, seedSql: SEED });

let context: BrowserContext;
let page: Page;
let watch: PageWatch;

beforeAll(async () => {
  // Sign-in needs the page's script; the staff pages are then used as plain HTML.
  ({ context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true }));
  page = await context.newPage();
  watch = await watchPage(page);
  await visit(page, stack.url(`/login?callbackUrl=${encodeURIComponent("/staff/finance")}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  await page.waitForURL((url) => url.pathname.startsWith("/staff/"), { timeout: 15_000 });
  await passStaffVerify(page);
});

afterAll(async () => {
  await context?.close();
});

async function expectAccessible(state: string, status?: number) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
  expect(watch.take(status ? [failedToLoad(status)] : []), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
}

describe("the finance pages", () => {
  it("shows this month's ledger with its totals, accessibly", async () => {
    expect(new URL(page.url()).pathname).toBe("/staff/finance");
    expect(await page.locator("main h1").innerText()).toBe("Finance ledger");
    const table = page.getByRole("table", { name: /Payments and refunds from/ });
    expect(await table.getByRole("row").count()).toBe(5); // heading, 2 payments, 1 refund, totals
    expect(await table.locator("tfoot").innerText()).toContain("£155.50");
    expect(await table.locator("tfoot").innerText()).toContain("£2.00");
    await expectAccessible("/staff/finance");
  });

  it("explains a range that is not one at its field, with the form still usable without script", async () => {
    await page.getByLabel("From", { exact: true }).fill(TODAY);
    await page.evaluate(() => ((document.getElementById("to") as HTMLInputElement).value = "2000-01-01"));
    const refused = await follow(page, () => page.getByRole("button", { name: "Show" }).click());
    expect(refused.status()).toBe(400);
    expect(await page.locator(".error-summary").innerText()).toContain(`The to date (2000-01-01) is before the from date (${TODAY})`);
    expect(await page.getByLabel("To", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible("/staff/finance (bad range)", 400);
  });

  it("shows this quarter's VAT summary by rate, accessibly", async () => {
    await follow(page, () => page.getByRole("link", { name: "VAT summary" }).click());
    expect(await page.locator("main h1").innerText()).toBe("VAT summary");
    const rows = page.getByRole("table", { name: /Output VAT by rate/ }).getByRole("row");
    // Standard: 20.00 + 5.83 on sales; the 10.00 refund shares 769p standard (VAT 1.28) and 231p reduced (VAT 0.11).
    expect(await rows.filter({ hasText: "Standard rate (20%)" }).innerText()).toMatch(/£129\.17\s+£25\.83\s+-£6\.41\s+-£1\.28\s+£122\.76\s+£24\.55/);
    expect(await rows.filter({ hasText: "Reduced rate (5%)" }).innerText()).toMatch(/£10\.00\s+£0\.50\s+-£2\.20\s+-£0\.11\s+£7\.80\s+£0\.39/);
    await expectAccessible("/staff/finance/vat");
  });
});

describe("the dashboard", () => {
  it("draws its charts as described images with tables that open from the keyboard, accessibly", async () => {
    await visit(page, stack.url("/staff/dashboard"));
    expect(await page.locator("main h1").innerText()).toBe("Dashboard");
    expect(await page.getByRole("img", { name: "Members by type and status" }).count()).toBe(1);
    expect(await page.getByRole("img", { name: "Revenue by stream and month" }).count()).toBe(1);
    await expectAccessible("/staff/dashboard");

    const summary = page.locator("summary", { hasText: "Revenue by stream and month: the figures as a table" });
    await summary.focus();
    await page.keyboard.press("Enter");
    const revenue = page.getByRole("table", { name: "Revenue by stream and month" });
    await revenue.waitFor({ state: "visible" });
    // This month: 120.00 membership; 45.50 - 10.00 webinars.
    expect(await revenue.getByRole("row").last().innerText()).toMatch(/£120\s+£35\.50/);
    await expectAccessible("/staff/dashboard (a table open)");
  });
});
