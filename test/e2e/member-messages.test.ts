/**
 * Writing to members at /staff/messages in real Chromium, checked with axe (WCAG A/AA and best
 * practices) at every step: with JavaScript off, an empty message is refused with its problems
 * beside the fields, then written, saved, previewed and sent; with JavaScript on, the draft saves
 * itself as it is typed and is sent from the same form. Each send goes through the Worker's queue
 * and its simulated EMAIL binding to the local mailbox, where the member's copy carries the
 * one-click unsubscribe and the e-mail choices links, whose pages are checked too. Members,
 * consents and the staff second factor are seeded straight into the Worker's local D1.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings, WCAG_TAGS, type AxeScope } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const MEMBER = DEMO_ACCOUNTS.member;

const SEED = [
  // The demo member, a full member who opted in to the newsletter; a lapsed associate who did too.
  `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01');`,
  `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES ('e2e-associate', 'associate@example.org', 'associate-member', 'Associate member', 'lapsed', 'offline', '2024-01-01', '2025-01-01');`,
  `INSERT INTO member_consents (user_id, topic, consented, given_at, given_via) VALUES ('${MEMBER.uid}', 'newsletter', 1, '2026-01-01T00:00:00.000Z', 'join-form'), ('e2e-associate', 'newsletter', 1, '2026-01-01T00:00:00.000Z', 'import');`,
  staffSecondFactorSql(),
].join("\n");

const BODY = "# Winter news\n\nThe study day is in **March**.\n\n[[Book a place]](/events)";

const stack = useBrowserStack(WORKER_SLOTS.messages, {
  // The links in the e-mails point back at this Worker.
  vars: { STAFF_EMAILS: STAFF.email, SITE_URL: siteWorkerUrl(WORKER_SLOTS.messages) },
  seedSql: SEED,
});

const contexts: BrowserContext[] = [];
let staffState: Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A fresh tab; staff ones carry the session the first sign-in made. */
async function tab(javaScriptEnabled: boolean, signedIn = true): Promise<{ page: Page; watch: PageWatch }> {
  const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled, ...(signedIn ? { storageState: staffState } : {}) });
  contexts.push(context);
  const page = await context.newPage();
  return { page, watch: await watchPage(page) };
}

beforeAll(async () => {
  // Sign-in needs the page's script; the session cookie then serves the scriptless tab too.
  const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
  contexts.push(context);
  const page = await context.newPage();
  await visit(page, stack.url(`/login?callbackUrl=${encodeURIComponent("/staff/messages")}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  await page.waitForURL((url) => url.pathname === "/staff/messages" || url.pathname === "/staff/verify", { timeout: 15_000 });
  if (onVerifyPage(page)) await passStaffVerify(page);
  await page.waitForURL((url) => url.pathname === "/staff/messages", { timeout: 15_000 });
  staffState = await context.storageState();
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** No axe finding, and nothing reported but the console's note of the status a refused form answers with. */
async function expectAccessible(page: Page, watch: PageWatch, state: string, status?: number, scope?: AxeScope) {
  expect(formatFindings(await axeFindings(page, scope)), `axe on ${state}`).toEqual([]);
  expect(watch.take(status ? [failedToLoad(status)] : []), `${state}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
}

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
}

/** The member's copy of the message with this subject, once the queue's consumer has sent it. */
async function delivered(subject: string): Promise<MailboxEntry[]> {
  let found: MailboxEntry[] = [];
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(stack.url("/dev/mailbox?format=json"))).json()) as MailboxEntry[];
        found = list.filter((m) => m.subject === subject);
        return found.map((m) => `${m.to} ${m.status}`).sort();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toEqual([`${MEMBER.email} sent`]);
  return found;
}

/** The message id a message page's address holds. */
const messageIdOf = (page: Page) => /^\/staff\/messages\/([^/?]+)/.exec(new URL(page.url()).pathname)?.[1] ?? "";

describe("writing to members without JavaScript", () => {
  let page: Page;
  let watch: PageWatch;
  const SUBJECT = "Winter newsletter";
  beforeAll(async () => {
    ({ page, watch } = await tab(false));
  });

  it("refuses an empty message with each problem beside its field, then keeps a written draft and counts its audience", async () => {
    const opened = await visit(page, stack.url("/staff/messages/new"));
    expect(opened.status()).toBe(200);
    expect(await page.locator("main h1").innerText()).toBe("Write a message");

    const refused = await follow(page, () => page.getByRole("button", { name: "Send now" }).click());
    expect(refused.status()).toBe(400);
    expect(await page.locator(".error-summary").innerText()).toContain("Enter a subject");
    expect(await page.getByLabel("Subject", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Subject", { exact: true }).fill(SUBJECT);
    await page.getByLabel("Preheader", { exact: true }).fill("What is on this winter");
    await page.getByLabel("Message", { exact: true }).fill(BODY);
    await page.getByRole("group", { name: "Membership types" }).getByLabel("Full member", { exact: true }).check();
    const saved = await follow(page, () => page.getByRole("button", { name: "Save draft" }).click());
    expect(saved.status()).toBe(303);
    expect(new URL(page.url()).search).toBe("?done=saved");
    expect(await page.locator("main h1").innerText()).toBe("Edit message");
    expect(await page.getByRole("status").first().innerText()).toContain("The draft has been saved.");
    // Full members who consent to the newsletter: the demo member, not the lapsed associate.
    expect(await page.locator("#audience-count").innerText()).toContain("1 member will receive this message");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toContain("The study day is in **March**.");
    expect(watch.take([failedToLoad(400)])).toEqual(NO_PROBLEMS);
  });

  it("previews the saved draft as HTML and plain text, with the one-click unsubscribe headers", async () => {
    await follow(page, () => page.getByRole("link", { name: "Preview the saved draft as HTML and plain text" }).click());
    expect(await page.locator("main h1").innerText()).toBe(`Preview: ${SUBJECT}`);
    // The HTML part is framed (its own page, checked with JavaScript on below).
    expect(await page.locator("iframe.message-preview--html").getAttribute("title")).toBe(`The message as HTML: ${SUBJECT}`);
    const text = await page.locator("pre.message-preview--text").innerText();
    expect(text).toContain("The study day is in March.");
    expect(text).toContain("Unsubscribe from The newsletter:");
    expect(await page.locator("main").innerText()).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    await follow(page, () => page.getByRole("link", { name: "Back to the message" }).click());
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });

  it("sends it: the page reports the send and the member's copy arrives in the local mailbox", async () => {
    const id = messageIdOf(page);
    const sent = await follow(page, () => page.getByRole("button", { name: "Send now" }).click());
    expect(sent.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe(`/staff/messages/${id}`);
    expect(await page.locator("main h1").innerText()).toBe(SUBJECT);
    expect(await page.getByRole("status").first().innerText()).toContain("The message is being sent.");

    await delivered(SUBJECT);
    await visit(page, stack.url(`/staff/messages/${id}`));
    const record = await page.locator("main dl").innerText();
    expect(record).toMatch(/Delivered\s+1/);
    expect(record).toMatch(/Failed\s+0/);
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });
});

describe("writing to members with JavaScript, axe on every state", { timeout: 150_000 }, () => {
  let page: Page;
  let watch: PageWatch;
  let id = "";
  const SUBJECT = "A study day in March";
  beforeAll(async () => {
    ({ page, watch } = await tab(true));
  });

  it("shows the empty form, and a refused send with its problems beside the fields", async () => {
    await visit(page, stack.url("/staff/messages/new"));
    await expectAccessible(page, watch, "/staff/messages/new");
    const refused = await follow(page, () => page.getByRole("button", { name: "Send now" }).click());
    expect(refused.status()).toBe(400);
    expect(await page.locator(".error-summary").innerText()).toContain("Write the message's body");
    await expectAccessible(page, watch, "the compose page with problems", 400);
  });

  it("saves the draft as it is typed", async () => {
    await page.getByLabel("Subject", { exact: true }).fill("A study day");
    // A new message gets its address from its first save; the autosave then keeps it.
    await follow(page, () => page.getByRole("button", { name: "Save draft" }).click());
    expect(await page.locator("main h1").innerText()).toBe("Edit message");
    await expectAccessible(page, watch, "a draft saved with problems", 400);
    id = messageIdOf(page);
    expect(id).not.toBe("");

    await page.getByLabel("Subject", { exact: true }).fill(SUBJECT);
    await page.getByLabel("Message", { exact: true }).fill("Places are free for members.\n\n[[Book a place]](/events)");
    await page.getByRole("group", { name: "Membership states" }).getByLabel("Active", { exact: true }).check();
    await expect.poll(() => page.locator("[data-autosave-status]").innerText(), { timeout: 15_000 }).toMatch(/^Saved at \d{2}:\d{2}/);
    await expectAccessible(page, watch, "the compose page after an autosave");

    // What is stored is what was typed: the saved draft's page shows it with its audience.
    await visit(page, stack.url(`/staff/messages/${id}`));
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe(SUBJECT);
    expect(await page.locator("#audience-count").innerText()).toContain("1 member will receive this message");
    await expectAccessible(page, watch, "the saved draft");
  });

  it("previews it, sends it and shows what became of it", async () => {
    await follow(page, () => page.getByRole("link", { name: "Preview the saved draft as HTML and plain text" }).click());
    expect(await page.locator("main h1").innerText()).toBe(`Preview: ${SUBJECT}`);
    // The HTML part as a mail client shows it, its inline styles applied.
    const button = page.frameLocator("iframe.message-preview--html").getByRole("link", { name: "Book a place" });
    expect(await button.getAttribute("href")).toBe(stack.url("/events"));
    expect(await button.evaluate((link) => getComputedStyle(link).display)).toBe("inline-block");
    // The framed HTML part is sandboxed without scripts, where axe cannot run (see support/axe.ts):
    // the page is checked around it, and the same HTML part on a page of its own below.
    await expectAccessible(page, watch, "/staff/messages/:id/preview", undefined, { exclude: ["iframe.message-preview--html"] });
    const html = await (await page.request.get(stack.url(`/staff/messages/${id}/preview/html`))).text();
    const mail = await page.context().newPage();
    await mail.setContent(html);
    expect(formatFindings(await axeFindings(mail, { tags: WCAG_TAGS })), "axe (WCAG A and AA) on the message's HTML part").toEqual([]);
    await mail.close();
    await follow(page, () => page.getByRole("link", { name: "Back to the message" }).click());

    const sent = await follow(page, () => page.getByRole("button", { name: "Send now" }).click());
    expect(sent.status()).toBe(303);
    expect(await page.getByRole("status").first().innerText()).toContain("The message is being sent.");
    await expectAccessible(page, watch, "the message being sent");
    await delivered(SUBJECT);
    await visit(page, stack.url(`/staff/messages/${id}`));
    expect(await page.locator("main dl").innerText()).toMatch(/Delivered\s+1/);
    await expectAccessible(page, watch, "the sent message's record");
    await visit(page, stack.url("/staff/messages"));
    await expectAccessible(page, watch, "/staff/messages");
  });
});

describe("the member's links", { timeout: 150_000 }, () => {
  it("opens the e-mail choices page and the one-click unsubscribe page from the member's copy", async () => {
    const { page, watch } = await tab(true, false);
    const [copy] = await delivered("Winter newsletter");
    const text = await (await fetch(stack.url(`/dev/mailbox/${copy!.id}/text`))).text();
    const unsubscribe = /Unsubscribe from The newsletter: (\S+)/.exec(text)?.[1];
    const choices = /Choose what you get: (\S+)/.exec(text)?.[1];
    expect(unsubscribe, "the unsubscribe link in the plain text").toMatch(/\/email\/topics\/unsubscribe\?token=/);
    expect(choices, "the choices link in the plain text").toMatch(/\/email\/topics\?token=/);

    await visit(page, choices!);
    expect(await page.locator("main h1").innerText()).toBe("Your e-mail choices");
    expect(await page.getByLabel("The newsletter").isChecked()).toBe(true);
    await expectAccessible(page, watch, "/email/topics");

    await visit(page, unsubscribe!);
    expect(await page.locator("main h1").innerText()).toBe("Unsubscribe from “The newsletter”?");
    await expectAccessible(page, watch, "/email/topics/unsubscribe (confirm)");
    await follow(page, () => page.getByRole("button", { name: /^Unsubscribe/ }).click());
    expect(await page.locator("main h1").innerText()).toBe("You are unsubscribed");
    await expectAccessible(page, watch, "/email/topics/unsubscribe (done)");

    await visit(page, choices!);
    expect(await page.getByLabel("The newsletter").isChecked()).toBe(false);
    await expectAccessible(page, watch, "/email/topics after unsubscribing");
  });
});
