/**
 * The e-mail pages in real Chromium, checked with axe (WCAG A/AA and best practices): the local
 * mailbox and one message in it (its HTML part framed), the unsubscribe confirmation and its
 * result, and the staff e-mails page with a failed message, sent again through wrangler dev's
 * queue and simulated EMAIL binding. The outbox is seeded straight into the Worker's local D1;
 * nothing leaves the machine.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import type { EmailKind } from "../../src/domain/email";
import { EMAIL_CATEGORY } from "../../src/domain/email";
import { unsubscribeToken } from "../../src/services/email/unsubscribe-token";
import { EMAIL_DATA } from "../fixtures/emails";
import { TEST_SECRETS } from "../support/test-secrets";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const MEMBER = DEMO_ACCOUNTS.member;
const sql = (value: string | null) => (value === null ? "NULL" : `'${value.replace(/'/g, "''")}'`);

function seedMessage(id: string, kind: EmailKind, recipient: string, userId: string | null, subject: string, status: string, lastError: string | null = null) {
  return `INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, status, attempts, last_error)
    VALUES (${sql(id)}, ${sql(`${kind}:${id}`)}, ${sql(kind)}, ${sql(EMAIL_CATEGORY[kind])}, ${sql(recipient)}, ${sql(userId)}, ${sql(subject)},
      ${sql(JSON.stringify(EMAIL_DATA[kind]))}, ${sql(status)}, ${status === "failed" ? 6 : 0}, ${sql(lastError)});`;
}

const SEED = [
  seedMessage("msg-reminder", "renewal-reminder", MEMBER.email, MEMBER.uid, "Your membership renews on 21 December 2026", "pending"),
  seedMessage("msg-receipt", "order-receipt", MEMBER.email, MEMBER.uid, "Your receipt for order GH-ORD0001", "sent"),
  seedMessage("msg-failed", "application-received", "ada@example.org", "user-ada", "We have received your application (GH-ABCD1234)", "failed", "E_DELIVERY_FAILED: the receiving server refused it"),
  // A receipt of the demo member's, for the receipts pages.
  // £220.00 at 20%: VAT 22000 / 6 = 3666.67, so £36.67, net £183.33.
  `INSERT INTO receipts (number, year, seq, source, payment_id, application_id, order_id, user_id, payer_name, payer_email, items, total_pence, net_pence, vat_pence, method, paid_on, payment_reference)
    VALUES ('GH-2026-000001', 2026, 1, 'membership', 'pay-e2e-1', 'app-e2e-1', NULL, ${sql(MEMBER.uid)}, 'Mina Member', ${sql(MEMBER.email)},
      ${sql(JSON.stringify([{ description: "Full member", detail: "Membership from 21 November 2026 to 20 November 2027", pence: 22_000, vat: { treatment: "standard", rateBasisPoints: 2000, netPence: 18_333, vatPence: 3_667 } }]))},
      22000, 18333, 3667, 'offline', '2026-11-21', 'BACS 778899');`,
].join("\n");

const workerLog: string[] = [];
const stack = useBrowserStack(WORKER_SLOTS.emails, {
  // Absolute links and the logo in the e-mails point back at this Worker.
  vars: { STAFF_EMAILS: STAFF.email, SITE_URL: siteWorkerUrl(WORKER_SLOTS.emails) },
  seedSql: `${SEED}\n${staffSecondFactorSql()}`, log: (line) => workerLog.push(line),
});

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

/** Signs in through the sign-in form on `page`, landing on `callbackUrl`. */
async function signIn(on: Page, account: { email: string; password: string }, callbackUrl: string) {
  await visit(on, stack.url(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`));
  await on.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await on.getByLabel("E-mail address").fill(account.email);
  await on.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(on, () => on.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  await on.waitForURL((url) => url.pathname === callbackUrl || url.pathname === "/staff/verify", { timeout: 15_000 });
  // Staff pass the second factor (the demo key is seeded on this Worker), then go on.
  if (onVerifyPage(on)) await passStaffVerify(on);
  await on.waitForURL((url) => url.pathname === callbackUrl, { timeout: 15_000 });
}

async function expectAccessible(state: string) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
  expect(watch.take(), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
}

describe("the e-mail pages", () => {
  it("lists the outbox in the local mailbox and opens a message, HTML and text", async () => {
    const response = await visit(page, stack.url("/dev/mailbox"));
    expect(response.status()).toBe(200);
    expect(await page.locator("main h1").innerText()).toBe("Local mailbox");
    await expectAccessible("/dev/mailbox");

    const opened = await follow(page, () => page.getByRole("link", { name: "Your membership renews on 21 December 2026" }).click());
    expect(opened.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/dev/mailbox/msg-reminder");
    expect(await page.locator("pre.mailbox-text").innerText()).toContain("renews in 30 days, on 21 December 2026");
    await expectAccessible("/dev/mailbox/:id");

    // The HTML part as a mail client shows it: styled, the logo loaded from the site, no scripts.
    await follow(page, () => page.getByRole("link", { name: "Open the HTML part" }).click());
    expect(await page.locator("h1").innerText()).toBe("Your membership renews soon");
    expect(await page.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(watch.take(), "the HTML part: console errors and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("confirms an unsubscribe before making it, then says it is done", async () => {
    const token = await unsubscribeToken(TEST_SECRETS.sessionSecret, { userId: MEMBER.uid, category: "membership-reminders" });
    await visit(page, stack.url(`/email/unsubscribe?token=${encodeURIComponent(token)}`));
    expect(await page.locator("main h1").innerText()).toBe("Unsubscribe from membership renewal reminders?");
    await expectAccessible("/email/unsubscribe (confirm)");

    await follow(page, () => page.getByRole("button", { name: "Unsubscribe" }).click());
    expect(await page.locator("main h1").innerText()).toBe("You are unsubscribed");
    await expectAccessible("/email/unsubscribe (done)");

    await visit(page, stack.url("/email/unsubscribe?token=forged.membership-reminders.x"));
    expect(await page.locator("main h1").innerText()).toBe("This unsubscribe link does not work");
    expect(watch.take([/status of 400/]).consoleErrors).toEqual([]);
    expect(formatFindings(await axeFindings(page)), "axe on /email/unsubscribe (invalid)").toEqual([]);
  });

  it("lets a member switch optional e-mails on and off on /user/account, and view and print a receipt", async () => {
    // The member's own browser (the page above is reused for staff below).
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
    const member = await context.newPage();
    const memberWatch = await watchPage(member);
    const accessible = async (state: string) => {
      expect(formatFindings(await axeFindings(member)), `axe on ${state}`).toEqual([]);
      expect(memberWatch.take(), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
    };
    try {
      await signIn(member, MEMBER, "/user/account");
      const recordings = member.getByLabel("Notices that a webinar recording is ready");
      expect(await recordings.isChecked()).toBe(true);
      await accessible("/user/account");
      await recordings.uncheck();
      await follow(member, () => member.getByRole("button", { name: "Save e-mail choices" }).click());
      expect(new URL(member.url()).search).toBe("?changed=email-preferences");
      expect(await member.locator("main").innerText()).toContain("Your e-mail choices have been saved.");
      expect(await member.getByLabel("Notices that a webinar recording is ready").isChecked()).toBe(false);
      await accessible("/user/account (saved)");

      await follow(member, () => member.getByRole("link", { name: "Your receipts" }).click());
      expect(await member.locator("main h1").innerText()).toBe("Your receipts");
      await accessible("/user/receipts");
      await follow(member, () => member.getByRole("link", { name: "GH-2026-000001" }).click());
      expect(new URL(member.url()).pathname).toBe("/user/receipts/GH-2026-000001");
      const receipt = await member.locator("main").innerText();
      for (const fact of ["The Guild of Example Physiotherapists", "12 Example Row", "£220.00", "BACS 778899", "Mina Member", "VAT registration number: GB999999973", "£183.33", "£36.67"]) {
        expect(receipt).toContain(fact);
      }
      await accessible("/user/receipts/:number");
      // Printed, the receipt stands alone: no site header, navigation or footer.
      await member.emulateMedia({ media: "print" });
      expect(await member.locator(".site-header").isVisible()).toBe(false);
      expect(await member.locator(".site-footer").isVisible()).toBe(false);
      expect(await member.locator("article.receipt").isVisible()).toBe(true);
      // And on one A4 page, VAT columns included.
      const pdf = (await member.pdf({ format: "A4" })).toString("latin1");
      expect(pdf.match(/\/Type\s*\/Page(?!s)/g)?.length, "pages in the printed receipt").toBe(1);
    } finally {
      await context.close();
    }
  });

  it("shows staff the failed e-mail with its error and a send-again button", async () => {
    await signIn(page, STAFF, "/staff/emails");
    expect(await page.locator("main h1").innerText()).toBe("E-mails");
    const table = await page.locator("main table").innerText();
    expect(table).toContain("ada@example.org");
    expect(table).toContain("E_DELIVERY_FAILED: the receiving server refused it");
    expect(await page.getByRole("button", { name: "Send again" }).count()).toBe(1);
    await expectAccessible("/staff/emails");

    // Send again: through wrangler dev's queue to the Worker's consumer and the simulated binding.
    await follow(page, () => page.getByRole("button", { name: "Send again" }).click());
    expect(new URL(page.url()).search).toBe("?status=failed&done=resent");
    expect(await page.locator("main [role=status]").first().innerText()).toContain("The e-mail will be sent again in a moment.");
    await expectAccessible("/staff/emails (sent again)");
    await expect
      .poll(
        async () => {
          const list = (await (await fetch(stack.url("/dev/mailbox?format=json"))).json()) as { id: string; status: string }[];
          return list.find((m) => m.id === "msg-failed")?.status;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe("sent");
  });
});
