/**
 * The refund pages in real Chromium, checked with axe (WCAG A/AA and best practices), the staff
 * forms used as plain HTML forms: a membership payment's refund page (/staff/payments/:id/refund)
 * with a refused and then an accepted refund, the credit note it issues, a webinar order's page
 * with its refund form, and the buyer's own 14-day cancellation page (/user/orders/:id/cancel).
 * The Worker's own D1 is seeded with an offline member's paid application, a paid offline order
 * and the demo user's card order.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { londonDate } from "../../src/shared/london-date";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const MEMBER = DEMO_ACCOUNTS.member;
const BUYER = DEMO_ACCOUNTS.user;
const today = londonDate(new Date());
const DETAILS = JSON.stringify({
  phone: "01632 960123",
  address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
  professional: { registrationNumber: "REG-E2E", specialisation: "Orthodontics", workplace: "City Clinic", yearQualified: 2011 },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
});
const line = (id: string) => JSON.stringify([{ kind: "webinar", id, title: "Root canals", pence: 4500, webinarIds: [id], stripePriceIds: [], couponId: null, vatTreatment: "standard" }]);

// The Worker's start (migrations, then this file's seed, then wrangler dev) can outlast the usual
// two minutes on a busy machine.
vi.setConfig({ hookTimeout: 300_000 });

const stack = useBrowserStack(WORKER_SLOTS.refunds, {
  vars: { STAFF_EMAILS: STAFF.email },
  seedSql: `
    INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
      VALUES ('e2e-app', 'e2e-app', 'GH-E2EREFUND', '${MEMBER.uid}', '${MEMBER.email}', 'Max', 'Member', 'full-member', 'Full member', 'offline', 12500, 'paid', '${DETAILS}');
    INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
      VALUES ('e2e-payment', 'e2e-app', '${MEMBER.uid}', 'offline', 12500, '${today}', 'BACS 1', '${STAFF.email}');
    INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end)
      VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'e2e-app', 'full-member', 'Full member', 'active', 'offline', '${today}', '2099-01-01');
    INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids)
      VALUES ('e2e-order', 'e2e-order', 'GH-ORDE2E1', '${BUYER.uid}', '${BUYER.email}', 'offline', 4500, 'paid', '${line("w-e2e-1")}', '["w-e2e-1"]');
    INSERT INTO order_payments (id, order_id, method, amount_pence, received_on, reference, recorded_by)
      VALUES ('e2e-order-payment', 'e2e-order', 'offline', 4500, '${today}', 'BACS 2', '${STAFF.email}');
    INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids)
      VALUES ('e2e-card-order', 'e2e-card-order', 'GH-ORDE2E2', '${BUYER.uid}', '${BUYER.email}', 'card', 4500, 'paid', '${line("w-e2e-2")}', '["w-e2e-2"]');
    INSERT INTO order_payments (id, order_id, method, amount_pence, received_on, reference, recorded_by)
      VALUES ('pi_e2e_card', 'e2e-card-order', 'card', 4500, '${today}', 'pi_e2e_card', 'stripe');
    ${staffSecondFactorSql()}`,
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function tab(): Promise<{ page: Page; watch: PageWatch }> {
  // Sign-in needs the page's script; the forms are then used as plain HTML forms.
  const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
  contexts.push(context);
  const page = await context.newPage();
  return { page, watch: await watchPage(page) };
}

async function signIn(page: Page, account: { email: string; password: string }, callbackUrl: string) {
  await visit(page, stack.url(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 15_000 });
}

async function expectAccessible(page: Page, watch: PageWatch, state: string, status?: number) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
  expect(watch.take(status ? [failedToLoad(status)] : []), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
}

describe("the staff refund pages", () => {
  let page: Page;
  let watch: PageWatch;

  it("a membership payment's refund page, reached through sign-in and the second factor", async () => {
    ({ page, watch } = await tab());
    await signIn(page, STAFF, "/staff/payments/e2e-payment/refund");
    if (onVerifyPage(page)) await passStaffVerify(page);
    expect(new URL(page.url()).pathname).toBe("/staff/payments/e2e-payment/refund");
    expect(await page.locator("main h1").innerText()).toBe("Refund a membership payment");
    await expectAccessible(page, watch, "/staff/payments/:id/refund");
  }, 180_000);

  it("refused when sent empty, each problem named beside its field", async () => {
    const refused = await follow(page, () => page.getByRole("button", { name: "Record refund" }).click());
    expect(refused.status()).toBe(400);
    const summary = await page.locator(".error-summary").innerText();
    expect(summary).toContain("Enter the amount to refund");
    expect(summary).toContain("Choose what happens to the membership");
    expect(await page.getByLabel("Amount to refund, in pounds").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, watch, "/staff/payments/:id/refund (refused)", 400);
  }, 120_000);

  it("refunded, the membership choice made by keyboard; then its credit note", async () => {
    await page.getByLabel("Amount to refund, in pounds").fill("25");
    await page.getByLabel("Reason for the refund").fill("Goodwill: the journal arrived late");
    // The membership choice by keyboard: focus the first answer, then pick it with the space bar.
    const keep = page.locator("#membership");
    await keep.focus();
    await page.keyboard.press("Space");
    expect(await keep.isChecked()).toBe(true);
    const done = await follow(page, () => page.getByRole("button", { name: "Record refund" }).click());
    expect(done.status()).toBe(303);
    await page.waitForURL((url) => url.search === "?done=refunded", { timeout: 15_000 });
    expect(await page.getByRole("status").first().innerText()).toContain("Refund recorded, with its credit note.");
    await expectAccessible(page, watch, "/staff/payments/:id/refund (refunded)");

    await follow(page, () => page.getByRole("link", { name: /^CN-\d{4}-\d{6}$/ }).click());
    expect(new URL(page.url()).pathname).toMatch(/^\/staff\/credit-notes\/CN-\d{4}-\d{6}$/);
    expect(await page.locator("main").innerText()).toContain("£25.00");
    await expectAccessible(page, watch, "/staff/credit-notes/:number");
  }, 120_000);

  it("a webinar order's page with its refund form", { timeout: 120_000 }, async () => {
    await visit(page, stack.url("/staff/orders/e2e-order"));
    expect(await page.locator("#refund-title").innerText()).toBe("Refund");
    await expectAccessible(page, watch, "/staff/orders/:id (refund form)");
  });
});

describe("the buyer's 14-day cancellation page", () => {
  it("is accessible", { timeout: 180_000 }, async () => {
    const { page, watch } = await tab();
    await signIn(page, BUYER, "/user/orders/e2e-card-order/cancel");
    expect(new URL(page.url()).pathname).toBe("/user/orders/e2e-card-order/cancel");
    expect(await page.locator("main h1").innerText()).toBeTruthy();
    await expectAccessible(page, watch, "/user/orders/:id/cancel");
  });
});
