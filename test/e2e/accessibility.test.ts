/**
 * Accessibility and page quality in real Chromium, against a real `wrangler dev` and the real
 * Strapi with the demo content: axe (WCAG 2.0/2.1/2.2 A and AA, plus best practices) must find
 * nothing on the home page, a general page, an article, the webinars list, a webinar, the
 * articles list, a membership information page, site search results, the practitioner search and an editor's draft preview, at a
 * phone width (390 px) and a desktop width (1280 px). Each page must also have one h1, a `lang`,
 * a working skip link, no horizontal scrolling, no console errors and no CSP violations. The
 * general page is checked again with its menus open (the phone "Menu", a submenu, the sidebar's
 * dropdowns), since axe skips what is hidden. The signed-in screens get the same checks: a member's
 * (their events, their practice listing) and staff's (events with an attendee list and check-in,
 * member messages and their compose page, the practitioner listings, a member's details and the
 * new member form, the duplicate records and the merge of two), as do the public events,
 * newsletter archive, a practitioner's profile and the e-mail topic choices a message links to.
 */
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext, PHONE } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { topicToken } from "../../src/services/messages/topic-token";
import { TEST_SECRETS } from "../support/test-secrets";

const MEMBER = DEMO_ACCOUNTS.member;
const STAFF = DEMO_ACCOUNTS.staff;
/** A listed practitioner (public profile /find-a-practitioner/9001, staff page /staff/members/p-9001). */
const PRACTITIONER_SQL = `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_number) VALUES ('p-9001', 'p-9001@guild.example', 'full-member', 'Full member', 'active', 'offline', '2099-01-01', 13001);
  INSERT INTO practitioner_listings (id, user_id, listed, display_name, professional_title, contact_email) VALUES (9001, 'p-9001', 1, 'Eve Exeter', 'Physiotherapist', 'p-9001@guild.example');
  INSERT INTO practitioner_locations (listing_id, position, name, address, town, lat, lng, x, y, z, placed_by) VALUES (9001, 0, 'Exeter Clinic', '1 High Street', 'Exeter', 50.7236, -3.52751, ${Math.cos((50.7236 * Math.PI) / 180) * Math.cos((-3.52751 * Math.PI) / 180)}, ${Math.cos((50.7236 * Math.PI) / 180) * Math.sin((-3.52751 * Math.PI) / 180)}, ${Math.sin((50.7236 * Math.PI) / 180)}, 'town')`;
/** An imported record of the practitioner above (the duplicates screen and the merge screen compare them). */
const DUPLICATE = "email:p-9001+old@guild.example";
const stack = useBrowserStack(WORKER_SLOTS.accessibility, {
  seedSql: [
    `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01')`,
    PRACTITIONER_SQL,
    // The same practitioner imported again under a +tagged address: a likely duplicate to compare.
    `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_name) VALUES ('${DUPLICATE}', 'p-9001+old@guild.example', 'full-member', 'Full member', 'lapsed', 'offline', '2025-01-01', 'Eve Exeter')`,
    // One sent and published newsletter for the archive.
    `INSERT INTO member_messages (id, subject, preheader, body, body_html, body_text, topic, status, recipients, published_at, created_by, finished_at) VALUES ('msg-a11y', 'Spring newsletter', 'News of the society', 'Hello members.', '<p>Hello members.</p>', 'Hello members.', 'newsletter', 'sent', 1, '2026-03-01T09:00:00.000Z', '${STAFF.email}', '2026-03-01T09:00:00.000Z')`,
    staffSecondFactorSql(),
  ].join(";\n"),
});
/** Set E2E_SCREENSHOTS=<folder> to keep a full-page screenshot of every state axe checked. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function screenshot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name.replace(/[^\w.-]+/g, "-")}.png`, fullPage: true });
}
/** Page name -> path; the article and the webinar are the first ones their lists link to. */
const paths: Record<string, string> = {
  home: "/",
  "general page": "/about",
  "webinars list": "/webinars",
  "articles list": "/articles",
  "membership information page": "/professionals/join-associate",
  // Results with their marked excerpts (the index is rebuilt from the demo content first).
  "search results": "/search?q=physiotherapy",
  // Find a practitioner: the search from a town, its filters and the gazetteer's attribution.
  "practitioner search": "/find-a-practitioner?place=Exeter&radius=50",
  // An editor's draft preview of a general page (its "Preview — not published" bar).
  "draft preview": `/api/preview?secret=${encodeURIComponent(TEST_SECRETS.previewSecret)}&url=%2Fabout&status=draft`,
  "events list": "/events",
  "practitioner profile": "/find-a-practitioner/9001",
  "newsletter archive": "/news/newsletters",
  newsletter: "/news/newsletters/msg-a11y",
};
const PAGES = ["home", "general page", "article", "webinars list", "webinar", "articles list", "membership information page", "search results", "practitioner search", "draft preview", "events list", "event", "practitioner profile", "newsletter archive", "newsletter", "topic choices"] as const;
/** A member's screens, signed in as the demo member. */
const MEMBER_PAGES: Record<string, string> = { "your events": "/user/events", "your practice listing": "/user/practice" };
/** Staff screens; the event's pages are the first event /staff/events links to. */
const staffPaths: Record<string, string> = {
  "staff events": "/staff/events",
  "staff messages": "/staff/messages",
  "message compose": "/staff/messages/new",
  "staff practitioners": "/staff/practitioners",
  "member details form": "/staff/members/p-9001/details",
  "member page": "/staff/members/p-9001",
  "new member form": "/staff/members/new",
  "duplicate records": "/staff/members/duplicates",
  "merge two records": `/staff/members/merge?a=p-9001&b=${encodeURIComponent(DUPLICATE)}`,
};
const STAFF_PAGES = [
  "staff events",
  "event attendees",
  "event check-in",
  "online event attendance",
  "staff messages",
  "message compose",
  "staff practitioners",
  "member page",
  "member details form",
  "new member form",
  "duplicate records",
  "merge two records",
] as const;

beforeAll(async () => {
  const { context } = await openContext(stack.browser, DESKTOP);
  try {
    const page = await context.newPage();
    paths.article = await firstLink(page, "/articles", 'main a[href^="/articles/"]');
    paths.webinar = await firstLink(page, "/webinars", 'main a[href^="/webinars/"]:not([href^="/webinars/bundles"])');
    paths.event = await firstLink(page, "/events", 'main a[href^="/events/"]:not([href$=".ics"])');
    // The link a member's message carries to choose their topics (signed with the Worker's session secret).
    paths["topic choices"] = `/email/topics?token=${await topicToken(TEST_SECRETS.sessionSecret, { userId: MEMBER.uid, topic: "newsletter", messageId: null })}`;
    await indexDemoContent();
  } finally {
    await context.close();
  }
});

/** Rebuilds the site search index through the Worker's queue, and waits until a search finds the demo content. */
async function indexDemoContent() {
  const rebuild = await fetch(stack.url("/api/search/rebuild"), { method: "POST", headers: { Authorization: `Bearer ${TEST_SECRETS.purgeSecret}` } });
  expect(rebuild.status).toBe(202);
  for (let attempt = 0; attempt < 60; attempt++) {
    // Each poll its own address: the edge cache keeps a visitor's results page, empty ones too.
    const html = await (await fetch(stack.url(`${paths["search results"]!}&poll=${attempt}`))).text();
    if (html.includes("search-result__title")) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The search index was not rebuilt within 30 s");
}

async function firstLink(page: Page, listPath: string, selector: string): Promise<string> {
  const response = await visit(page, stack.url(listPath));
  expect(response.status(), `GET ${listPath}`).toBe(200);
  const href = await page.locator(selector).first().getAttribute("href", { timeout: 5_000 });
  if (!href) throw new Error(`${listPath} links to nothing matching ${selector}`);
  return href;
}

/** The browser here reaches only the test's own Worker: the contact form's Turnstile script is refused by design. */
const OFFLINE_SCRIPTS = [/ERR_BLOCKED_BY_CLIENT.*from https:\/\/challenges\.cloudflare\.com\/turnstile\//];

/** axe, one visible h1, a `lang`, no horizontal scrolling, a working skip link and no console problems on one page. */
async function expectSoundPage(page: Page, watch: PageWatch, name: string, path: string, width: number) {
  const where = `${name} (${path}) at ${width}px`;
  watch.take();

  const response = await visit(page, stack.url(path));
  expect(response.status(), `status of ${where}`).toBe(200);
  // A screen behind sign-in is checked itself, not the sign-in form it would redirect to.
  if (/^\/(user|staff)\//.test(path)) expect(new URL(page.url()).pathname, `address of ${where}`).toBe(path.split("?")[0]);

  // axe first, on the page as it loaded (before the skip-link check moves focus).
  await screenshot(page, `${width}-${name}`);
  const findings = await axeFindings(page);
  if (findings.length > 0) {
    console.log(`axe violations on ${where}:\n${formatFindings(findings).join("\n")}`);
  }
  expect.soft(formatFindings(findings), `axe violations on ${where}`).toEqual([]);

  const lang = await page.evaluate(() => document.documentElement.lang);
  expect.soft(lang, `<html lang> on ${where}`).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/);

  const h1s = page.locator("h1");
  expect.soft(await h1s.count(), `number of h1 elements on ${where}`).toBe(1);
  expect.soft(await h1s.first().isVisible(), `the h1 on ${where} is visible`).toBe(true);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `horizontal scrolling on ${where} (px wider than the viewport)`).toBeLessThanOrEqual(0);

  // The skip link is the first thing Tab reaches, shows itself when focused, and moves focus to <main>.
  await page.keyboard.press("Tab");
  const skip = await page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const box = active?.getBoundingClientRect();
    return {
      href: active?.getAttribute("href") ?? null,
      text: active?.textContent?.trim() ?? "",
      shown: !!box && box.width > 1 && box.height > 1 && box.bottom > 0 && box.right > 0 && box.top < innerHeight,
    };
  });
  expect.soft(skip.href, `first Tab stop on ${where} is the skip link`).toBe("#main");
  expect.soft(skip.text, `skip link text on ${where}`).toMatch(/skip/i);
  expect.soft(skip.shown, `skip link on ${where} is visible while focused`).toBe(true);
  await page.keyboard.press("Enter");
  const focused = await page.evaluate(() => ({
    id: document.activeElement?.id ?? null,
    tag: document.activeElement?.tagName.toLowerCase() ?? null,
  }));
  expect.soft(focused, `focus after activating the skip link on ${where}`).toEqual({ id: "main", tag: "main" });

  expect(watch.take(OFFLINE_SCRIPTS), `console errors, exceptions and CSP violations on ${where}`).toEqual(NO_PROBLEMS);
}

describe.each([
  ["phone", 390, PHONE],
  ["desktop", 1280, DESKTOP],
] as [string, number, BrowserContextOptions][])("at %s width (%i px)", (_label, width, options) => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, options));
    page = await context.newPage();
    watch = await watchPage(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each(PAGES)("%s: axe finds no violations and the page is sound", async (name) => {
    await expectSoundPage(page, watch, name, paths[name]!, width);
  });

  it("general page with its menus open: axe finds no violations", async () => {
    // Closed <details> content is display:none, which axe skips: open the phone "Menu", the first
    // submenu of the main navigation and every sidebar dropdown, then look again.
    const path = paths["general page"]!;
    const where = `${path} with the navigation and sidebar menus open at ${width}px`;
    watch.take();
    expect((await visit(page, stack.url(path))).status()).toBe(200);
    const menu = page.locator("header summary:visible", { hasText: /^\s*Menu\s*$/ });
    if ((await menu.count()) > 0) await menu.first().click();
    const mainNav = page.locator('nav[aria-label="Main"]:visible');
    expect(await mainNav.count(), `one visible main navigation on ${where}`).toBe(1);
    const submenu = mainNav.locator("details").first();
    await submenu.locator("summary").first().click();
    await expect.poll(() => submenu.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    const dropdowns = page.locator("nav:not(header nav, main nav, footer nav) details:not([open]) > summary");
    for (let count = await dropdowns.count(); count > 0; count--) await dropdowns.first().click();

    await screenshot(page, `${width}-general-page-menus-open`);
    const findings = await axeFindings(page);
    if (findings.length > 0) console.log(`axe violations on ${where}:\n${formatFindings(findings).join("\n")}`);
    expect.soft(formatFindings(findings), `axe violations on ${where}`).toEqual([]);
    expect(watch.take(), `console errors, exceptions and CSP violations on ${where}`).toEqual(NO_PROBLEMS);
  });
});

async function signIn(page: Page, account: { email: string; password: string }, callbackPath: string) {
  await visit(page, stack.url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  // Staff enter their authenticator code first.
  if (onVerifyPage(page)) await passStaffVerify(page);
  await page.waitForURL((url) => url.pathname === callbackPath, { timeout: 15_000 });
}

describe.each([
  ["phone", 390, PHONE],
  ["desktop", 1280, DESKTOP],
] as [string, number, BrowserContextOptions][])("signed in, at %s width (%i px)", (_label, width, options) => {
  describe("as a member", () => {
    let context: BrowserContext;
    let page: Page;
    let watch: PageWatch;
    beforeAll(async () => {
      ({ context } = await openContext(stack.browser, options));
      page = await context.newPage();
      await signIn(page, MEMBER, "/user/events");
      watch = await watchPage(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(Object.keys(MEMBER_PAGES))("%s: axe finds no violations and the page is sound", async (name) => {
      await expectSoundPage(page, watch, name, MEMBER_PAGES[name]!, width);
    });
  });

  describe("as staff", () => {
    let context: BrowserContext;
    let page: Page;
    let watch: PageWatch;
    beforeAll(async () => {
      ({ context } = await openContext(stack.browser, options));
      page = await context.newPage();
      await signIn(page, STAFF, "/staff/events");
      const event = await page.locator('main a[href^="/staff/events/"]:not([href$=".csv"])').first().getAttribute("href", { timeout: 5_000 });
      if (!event) throw new Error("/staff/events links to no event");
      staffPaths["event attendees"] = event;
      staffPaths["event check-in"] = `${event}/check-in`;
      const workshop = await page.locator("main a", { hasText: "Online Workshop" }).first().getAttribute("href", { timeout: 5_000 });
      if (!workshop) throw new Error("/staff/events links to no online workshop");
      staffPaths["online event attendance"] = `${workshop}/attendance`;
      watch = await watchPage(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(STAFF_PAGES)("%s: axe finds no violations and the page is sound", async (name) => {
      await expectSoundPage(page, watch, name, staffPaths[name]!, width);
    });

    it("new member form sent empty: its errors are announced and axe finds no violations", async () => {
      const where = `/staff/members/new with its errors at ${width}px`;
      expect((await visit(page, stack.url("/staff/members/new"))).status()).toBe(200);
      watch.take();
      // Past the browser's own checks, as a browser without them would send it.
      const form = page.locator("main form").filter({ has: page.getByLabel("Membership type") });
      await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
      const refused = await follow(page, () => form.locator("button[type=submit]").last().click());
      expect(refused.status(), `status of ${where}`).toBe(400);
      const findings = await axeFindings(page);
      if (findings.length > 0) console.log(`axe violations on ${where}:\n${formatFindings(findings).join("\n")}`);
      expect.soft(formatFindings(findings), `axe violations on ${where}`).toEqual([]);
      expect(watch.take([failedToLoad(400)]), `console errors, exceptions and CSP violations on ${where}`).toEqual(NO_PROBLEMS);
    });
  });
});
