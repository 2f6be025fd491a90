/**
 * Accessibility and page quality in real Chromium, against a real `wrangler dev` and the real
 * Strapi with the demo content: axe (WCAG 2.0/2.1/2.2 A and AA, plus best practices) must find
 * nothing on the home page, a general page, an article, the webinars list, a webinar, the
 * articles list, a membership information page, site search results, the practitioner search and an editor's draft preview, at a
 * phone width (390 px) and a desktop width (1280 px). Each page must also have one h1, a `lang`,
 * a working skip link, no horizontal scrolling, no console errors and no CSP violations. The
 * general page is checked again with its menus open (the phone "Menu", a submenu, the sidebar's
 * dropdowns), since axe skips what is hidden.
 */
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext, PHONE } from "./support/chromium";
import { visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { TEST_SECRETS } from "../support/test-secrets";

const stack = useBrowserStack(WORKER_SLOTS.accessibility);
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
};
const PAGES = ["home", "general page", "article", "webinars list", "webinar", "articles list", "membership information page", "search results", "practitioner search", "draft preview"] as const;

beforeAll(async () => {
  const { context } = await openContext(stack.browser, DESKTOP);
  try {
    const page = await context.newPage();
    paths.article = await firstLink(page, "/articles", 'main a[href^="/articles/"]');
    paths.webinar = await firstLink(page, "/webinars", 'main a[href^="/webinars/"]:not([href^="/webinars/bundles"])');
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
    const path = paths[name]!;
    const where = `${name} (${path}) at ${width}px`;
    watch.take();

    const response = await visit(page, stack.url(path));
    expect(response.status(), `status of ${where}`).toBe(200);

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

    expect(watch.take(), `console errors, exceptions and CSP violations on ${where}`).toEqual(NO_PROBLEMS);
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
