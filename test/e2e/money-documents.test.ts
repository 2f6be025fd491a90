/**
 * The money documents in real Chromium: a receipt made out to an employer, a pro-forma invoice and
 * a credit note, each with realistic long content (a long organisation name and address, several
 * lines), checked with axe and printed to PDF on A4: each must print alone on one page. The
 * documents are seeded straight into the Worker's local D1; nothing leaves the machine.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const MEMBER = DEMO_ACCOUNTS.member;
const sql = (value: string | null) => (value === null ? "NULL" : `'${value.replace(/'/g, "''")}'`);

const BILLING = {
  organisation: "The Greater Sampleton and District University Hospitals NHS Foundation Trust, Physiotherapy and Rehabilitation Services Directorate",
  address: ["Accounts Payable Department, Finance Shared Services Centre", "Building 7, Level 3, Sampleton Business Park", "Long Meadow Road, Upper Sampleton", "Sampleshire", "EX12 9ZZ", "United Kingdom"],
  purchaseOrder: "PO-2026/PHYSIO-CPD/0004471-REV-B",
  vatId: "GB123456789",
};

/** Eight webinar lines with long titles, at the standard and reduced rates. */
const LINES = Array.from({ length: 8 }, (_, i) => {
  const pence = 3_500 + i * 250;
  const reduced = i % 3 === 2;
  const vatPence = reduced ? Math.floor((2 * pence * 500 + 10_500) / 21_000) : Math.floor((2 * pence * 2000 + 12_000) / 24_000);
  return {
    description: `Advanced clinical reasoning in musculoskeletal and neurological rehabilitation, part ${i + 1}: assessment, treatment planning and outcome measures`,
    detail: "Webinar",
    pence,
    vat: { treatment: reduced ? "reduced" : "standard", rateBasisPoints: reduced ? 500 : 2000, netPence: pence - vatPence, vatPence },
  };
});
const TOTAL = LINES.reduce((sum, l) => sum + l.pence, 0);
const VAT = LINES.reduce((sum, l) => sum + l.vat.vatPence, 0);

const SEED = [
  `INSERT INTO receipts (number, year, seq, source, payment_id, application_id, order_id, user_id, payer_name, payer_email, items, total_pence, net_pence, vat_pence, method, paid_on, payment_reference, billing)
    VALUES ('GH-2026-000001', 2026, 1, 'order', 'pay-print-1', NULL, 'order-print-1', ${sql(MEMBER.uid)}, 'Mina Member', ${sql(MEMBER.email)},
      ${sql(JSON.stringify(LINES))}, ${TOTAL}, ${TOTAL - VAT}, ${VAT}, 'offline', '2026-11-21', 'BACS 778899 SAMPLETON TRUST REMITTANCE 0004471', ${sql(JSON.stringify(BILLING))});`,
  `INSERT INTO pro_forma_invoices (number, year, seq, source, application_id, order_id, user_id, content_key, buyer_name, buyer_email, billing, items, total_pence, net_pence, vat_pence, payment_reference, due_on, issued_by)
    VALUES ('PF-2026-000001', 2026, 1, 'order', NULL, 'order-print-1', ${sql(MEMBER.uid)}, 'print-test', NULL, ${sql(MEMBER.email)}, ${sql(JSON.stringify(BILLING))},
      ${sql(JSON.stringify(LINES))}, ${TOTAL}, ${TOTAL - VAT}, ${VAT}, 'GH-ORDPRINT1', '2026-12-21', 'buyer');`,
  `INSERT INTO refunds (id, source, payment_id, application_id, order_id, user_id, method, amount_pence, reason, refunded_on, recorded_by)
    VALUES ('refund-print-1', 'order', 'pay-print-1', NULL, 'order-print-1', ${sql(MEMBER.uid)}, 'offline', 12345, 'x', '2026-11-23', ${sql(STAFF.email)});`,
  `INSERT INTO credit_notes (number, year, seq, refund_id, source, payment_id, receipt_number, application_id, order_id, user_id, payer_name, payer_email, description, reason, total_pence, method, refunded_on)
    VALUES ('CN-2026-000001', 2026, 1, 'refund-print-1', 'order', 'pay-print-1', 'GH-2026-000001', NULL, 'order-print-1', ${sql(MEMBER.uid)}, 'Mina Member', ${sql(MEMBER.email)},
      'Order GH-ORDPRINT1: eight webinars on advanced clinical reasoning in musculoskeletal and neurological rehabilitation',
      ${sql("Three of the eight webinars were cancelled by the society and the remaining recordings were delivered late; refunded as agreed with the Trust's accounts payable team. ".repeat(3))},
      12345, 'offline', '2026-11-23');`,
].join("\n");

const stack = useBrowserStack(WORKER_SLOTS.moneyDocuments, { vars: { STAFF_EMAILS: STAFF.email }, seedSql: `${SEED}\n${staffSecondFactorSql()}` });

let page: Page;
let watch: PageWatch;
let close: () => Promise<void>;

beforeAll(async () => {
  const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
  page = await context.newPage();
  watch = await watchPage(page);
  close = () => context.close();
});

afterAll(async () => {
  await close?.();
});

async function signIn(account: { email: string; password: string }, callbackUrl: string) {
  await visit(page, stack.url(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  await page.waitForURL((url) => url.pathname === callbackUrl || url.pathname === "/staff/verify", { timeout: 15_000 });
  if (onVerifyPage(page)) await passStaffVerify(page);
  await page.waitForURL((url) => url.pathname === callbackUrl, { timeout: 15_000 });
}

/** axe finds nothing on screen; printed, the document stands alone on exactly one A4 page. */
async function expectOneCleanA4Page(state: string) {
  await page.emulateMedia({ media: "screen" });
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
  expect(watch.take(), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
  await page.emulateMedia({ media: "print" });
  expect(await page.locator(".site-header").isVisible()).toBe(false);
  expect(await page.locator(".site-footer").isVisible()).toBe(false);
  expect(await page.locator("article.receipt").isVisible()).toBe(true);
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page(?!s)/g)?.length, `pages in the printed ${state}`).toBe(1);
  await page.emulateMedia({ media: "screen" });
}

describe("the money documents print on one A4 page each", () => {
  it("a receipt made out to an employer, and a pro-forma invoice, as the member sees them", async () => {
    await signIn(MEMBER, "/user/receipts");
    // The first link: the receipts table (the credit note's row links to the receipt it credits too).
    await follow(page, () => page.getByRole("link", { name: "GH-2026-000001" }).first().click());
    const receipt = await page.locator("main").innerText();
    for (const fact of ["Invoice to", "Accounts Payable Department", "Purchase order: PO-2026/PHYSIO-CPD/0004471-REV-B", "VAT number: GB123456789", "Mina Member"]) expect(receipt).toContain(fact);
    await expectOneCleanA4Page("receipt");

    await visit(page, stack.url("/user/receipts"));
    await follow(page, () => page.getByRole("link", { name: "PF-2026-000001" }).click());
    const invoice = await page.locator("main").innerText();
    for (const fact of ["Pro-forma invoice", "Payment due by", "GH-ORDPRINT1", "sort code", "Invoice to"]) expect(invoice).toContain(fact);
    await expectOneCleanA4Page("pro-forma invoice");
  });

  it("the member's list of documents, and their own credit note in the staff page's document", async () => {
    await visit(page, stack.url("/user/receipts"));
    for (const heading of ["Your receipts", "Credit notes", "Pro-forma invoices"]) expect(await page.getByRole("heading", { name: heading, exact: true }).isVisible(), heading).toBe(true);
    expect(formatFindings(await axeFindings(page)), "axe on the member's receipts list").toEqual([]);
    expect(watch.take(), "the receipts list: console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
    await follow(page, () => page.getByRole("link", { name: "CN-2026-000001" }).click());
    expect(page.url()).toBe(stack.url("/user/credit-notes/CN-2026-000001"));
    const note = await page.locator("main").innerText();
    for (const fact of ["Credit note", "Credits receipt", "GH-2026-000001", "Mina Member", "Total refunded"]) expect(note).toContain(fact);
    await expectOneCleanA4Page("credit note, as the member sees it");
  });

  it("a credit note with a long reason, as staff see it", async () => {
    await page.context().clearCookies();
    await signIn(STAFF, "/staff/credit-notes/CN-2026-000001");
    expect(await page.locator("main").innerText()).toContain("Credits receipt");
    await expectOneCleanA4Page("credit note");
  });
});
