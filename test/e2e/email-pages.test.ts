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
].join("\n");

const workerLog: string[] = [];
const stack = useBrowserStack(WORKER_SLOTS.emails, {
  // Absolute links and the logo in the e-mails point back at this Worker.
  vars: { STAFF_EMAILS: STAFF.email, SITE_URL: siteWorkerUrl(WORKER_SLOTS.emails) },
  seedSql: SEED, log: (line) => workerLog.push(line),
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

  it("shows staff the failed e-mail with its error and a send-again button", async () => {
    await visit(page, stack.url("/login?callbackUrl=%2Fstaff%2Femails"));
    await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
    await page.getByLabel("E-mail address").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
    await page.waitForURL((url) => url.pathname === "/staff/emails", { timeout: 15_000 });
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
