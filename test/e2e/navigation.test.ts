/**
 * A visitor finds their way around the site in real Chromium, against a real `wrangler dev` and
 * the real Strapi with the demo content: the main navigation (with the keyboard, into a submenu),
 * a section's sidebar (link items and dropdown items, the current page marked), the footer's links,
 * the articles and webinars lists and their detail pages, and the 404 page. Then the phone layout
 * (the navigation folded behind "Menu") and both layouts with JavaScript turned off.
 *
 * Expectations come from the page itself (the home page's menus decide which pages to visit), so
 * the test follows the CMS's content rather than a copy of it.
 */
import type { BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext, PHONE } from "./support/chromium";
import { follow, linksIn, pathOf, sidebarOf, tabTo, visibleMainNav, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";

const stack = useBrowserStack(WORKER_SLOTS.navigation);
const url = (path: string) => stack.url(path);

/** Chromium reports a document answered with 404 as a console error; that one is expected there. */
const DOCUMENT_404 = failedToLoad(404);

/** One browser context and tab, with its problems watched, for a describe block. */
function useTab(options: BrowserContextOptions) {
  const tab = {} as { context: BrowserContext; page: Page; watch: PageWatch };
  beforeAll(async () => {
    ({ context: tab.context } = await openContext(stack.browser, options));
    tab.page = await tab.context.newPage();
    tab.watch = await watchPage(tab.page);
  });
  afterAll(async () => {
    await tab.context?.close();
  });
  return tab;
}

/** The page loaded with 200, is in the site layout and has one visible h1; returns the h1's text. */
async function expectSitePage(page: Page, status: number, where: string): Promise<string> {
  expect(status, `status of ${where}`).toBe(200);
  await expect.poll(() => page.getByRole("banner").isVisible(), { message: `${where}: site header` }).toBe(true);
  await expect.poll(() => page.getByRole("contentinfo").isVisible(), { message: `${where}: site footer` }).toBe(true);
  const h1 = page.locator("main h1");
  expect(await h1.count(), `${where}: one h1 in <main>`).toBe(1);
  expect(await h1.isVisible(), `${where}: the h1 is visible`).toBe(true);
  return (await h1.innerText()).trim();
}

/** The first submenu of the visible main navigation: its summary and its links (parent page first). */
async function firstSubmenu(page: Page) {
  const nav = visibleMainNav(page);
  expect(await nav.count(), "one visible main navigation").toBe(1);
  const details = nav.locator("details").first();
  const summary = details.locator("summary").first();
  const links = await linksIn(details);
  expect(links.length, "the first submenu has links").toBeGreaterThan(0);
  // A child page: the first link after the item's own page, when there is one.
  const child = links[1] ?? links[0]!;
  return { nav, details, summary, links, child, childLink: details.locator("a").nth(child.index) };
}

/**
 * Follows a visible link from the home page (header, content or footer) to a list screen. A home
 * page without one fails the test (the list is hard to find), but the journey goes on by address
 * so the rest of it is still checked.
 */
async function openListFromHome(page: Page, listPath: string, name: string) {
  const toList = page.locator(`a[href="${listPath}"]:visible`);
  const linked = (await toList.count()) > 0;
  expect.soft(linked, `the home page has a visible link to the ${name} (${listPath})`).toBe(true);
  const response = linked ? await follow(page, () => toList.first().click()) : await visit(page, url(listPath));
  expect(pathOf(page)).toBe(listPath);
  return response;
}

const isOpen = (details: Locator) => details.evaluate((element) => (element as HTMLDetailsElement).open);

describe("desktop (1280 px)", () => {
  const tab = useTab(DESKTOP);

  it("opens a submenu of the main navigation with the keyboard and reaches a child page", async () => {
    const { page, watch } = tab;
    await expectSitePage(page, (await visit(page, url("/"))).status(), "home");
    const { details, summary, child, childLink } = await firstSubmenu(page);
    expect(await isOpen(details), "the submenu starts closed").toBe(false);
    expect(await childLink.isVisible(), "a closed submenu hides its links").toBe(false);

    await tabTo(page, summary);
    await page.keyboard.press("Enter");
    await expect.poll(() => isOpen(details), { message: "Enter on the summary opens the submenu" }).toBe(true);
    expect(await childLink.isVisible(), "the open submenu shows its links").toBe(true);

    await tabTo(page, childLink, child.index + 1);
    const response = await follow(page, () => page.keyboard.press("Enter"));
    expect(pathOf(page), "Enter on the child link goes to its page").toBe(child.href);
    await expectSitePage(page, response.status(), child.href);

    // The main navigation marks the page and its section.
    const marked = visibleMainNav(page).locator('a[aria-current="page"]');
    expect(await marked.count(), `main navigation marks ${child.href} as the current page`).toBe(1);
    expect(await marked.getAttribute("href")).toBe(child.href);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("keeps one submenu open at a time and closes it again from its summary", async () => {
    const { page, watch } = tab;
    await visit(page, url("/"));
    const submenus = visibleMainNav(page).locator("details");
    expect(await submenus.count(), "the main navigation has at least two submenus").toBeGreaterThanOrEqual(2);
    const [first, second] = [submenus.nth(0), submenus.nth(1)];
    await first.locator("summary").first().click();
    expect(await isOpen(first)).toBe(true);
    await second.locator("summary").first().click();
    await expect.poll(() => isOpen(first), { message: "opening the second submenu closes the first" }).toBe(false);
    expect(await isOpen(second)).toBe(true);
    await second.locator("summary").first().click();
    await expect.poll(() => isOpen(second), { message: "a second click closes it" }).toBe(false);
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });

  it("shows the section's sidebar with the current page marked, and its links and dropdown items lead on", async () => {
    const { page, watch } = tab;
    await visit(page, url("/"));
    const { child } = await firstSubmenu(page);
    await expectSitePage(page, (await visit(page, url(child.href))).status(), child.href);

    // The sidebar: a named navigation landmark beside the content, the current page marked once.
    const sidebar = sidebarOf(page);
    expect(await sidebar.count(), `${child.href} has one sidebar`).toBe(1);
    expect(await sidebar.isVisible(), "the sidebar is visible").toBe(true);
    const name = await sidebar.evaluate((nav) => {
      const labelledBy = nav.getAttribute("aria-labelledby");
      return (nav.getAttribute("aria-label") ?? (labelledBy && document.getElementById(labelledBy)?.textContent) ?? "").trim();
    });
    expect(name, "the sidebar navigation has a name").not.toBe("");
    let links = await linksIn(sidebar);
    expect(links.filter((link) => link.current).map((link) => link.href), "the sidebar marks the current page").toEqual([child.href]);
    const currentLink = sidebar.locator('a[aria-current="page"]');
    expect(await currentLink.isVisible(), "the current page's sidebar link is visible (its dropdown open)").toBe(true);

    // A link item (not in a dropdown) to another page.
    const linkItem = links.find((link) => !link.inDropdown && !link.current && link.href !== child.href);
    expect(linkItem, `the sidebar on ${child.href} has a link item to another page`).toBeDefined();
    let response = await follow(page, () => sidebar.locator("a").nth(linkItem!.index).click());
    expect(pathOf(page), "the sidebar link item leads to its page").toBe(linkItem!.href);
    await expectSitePage(page, response.status(), linkItem!.href);
    links = await linksIn(sidebar);
    expect(links.filter((link) => link.current).map((link) => link.href), `the sidebar on ${linkItem!.href} marks it`).toEqual([
      linkItem!.href,
    ]);

    // A dropdown item: open the dropdown from its summary if it is closed, then follow a page in it.
    const dropdownItem = links.find((link) => link.inDropdown && !link.current);
    expect(dropdownItem, `the sidebar on ${linkItem!.href} has a dropdown with another page`).toBeDefined();
    const target = sidebar.locator("a").nth(dropdownItem!.index);
    const dropdown = sidebar.locator("details").filter({ has: page.locator(`a[href="${dropdownItem!.href}"]`) }).first();
    if (!(await isOpen(dropdown))) {
      expect(await target.isVisible(), "a closed dropdown hides its pages").toBe(false);
      await dropdown.locator("summary").first().click();
      await expect.poll(() => isOpen(dropdown), { message: "the dropdown opens from its summary" }).toBe(true);
    }
    expect(await target.isVisible(), "the open dropdown shows its pages").toBe(true);
    response = await follow(page, () => target.click());
    expect(pathOf(page), "the dropdown item leads to its page").toBe(dropdownItem!.href);
    await expectSitePage(page, response.status(), dropdownItem!.href);
    const marked = sidebar.locator('a[aria-current="page"]');
    expect(await marked.getAttribute("href"), `the sidebar on ${dropdownItem!.href} marks it`).toBe(dropdownItem!.href);
    expect(await marked.isVisible(), "its dropdown is open on arrival, showing the current page").toBe(true);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("follows every link in the footer's navigation", async () => {
    const { page, watch } = tab;
    await visit(page, url("/"));
    const footerNav = page.getByRole("contentinfo").getByRole("navigation");
    expect(await footerNav.count(), "the footer has a navigation landmark").toBeGreaterThanOrEqual(1);
    const links = await linksIn(footerNav.first());
    expect(links.length, "the footer navigation has links").toBeGreaterThan(0);
    for (const link of links) {
      await visit(page, url("/"));
      const response = await follow(page, () => page.getByRole("contentinfo").getByRole("navigation").first().locator("a").nth(link.index).click());
      expect(pathOf(page), `footer link "${link.text}"`).toBe(link.href);
      await expectSitePage(page, response.status(), `${link.href} (footer link "${link.text}")`);
    }
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("reaches the articles list from the home page, and an article from the list", async () => {
    const { page, watch } = tab;
    await visit(page, url("/"));
    let response = await openListFromHome(page, "/articles", "articles list");
    await expectSitePage(page, response.status(), "the articles list");

    const first = page.locator('main a[href^="/articles/"]').first();
    const title = (await first.innerText()).trim();
    const href = (await first.getAttribute("href"))!;
    response = await follow(page, () => first.click());
    expect(pathOf(page), `the article "${title}"`).toBe(href);
    expect(await expectSitePage(page, response.status(), href), "the article's h1 is its title").toBe(title);

    const back = page.locator('nav[aria-label="Breadcrumb"] a[href="/articles"]');
    expect(await back.count(), "the article's breadcrumb links back to the list").toBe(1);
    await follow(page, () => back.click());
    expect(pathOf(page)).toBe("/articles");
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("reaches the webinars list from the home page, and a webinar from the list", async () => {
    const { page, watch } = tab;
    await visit(page, url("/"));
    let response = await openListFromHome(page, "/webinars", "webinars list");
    await expectSitePage(page, response.status(), "the webinars list");

    const first = page.locator('main a[href^="/webinars/"]:not([href^="/webinars/bundles"])').first();
    const title = (await first.innerText()).trim();
    const href = (await first.getAttribute("href"))!;
    response = await follow(page, () => first.click());
    expect(pathOf(page), `the webinar "${title}"`).toBe(href);
    expect(await expectSitePage(page, response.status(), href), "the webinar's h1 is its name").toBe(title);
    expect(await page.locator("main time").count(), "the webinar shows its date").toBeGreaterThan(0);

    const back = page.locator('nav[aria-label="Breadcrumb"] a[href="/webinars"]');
    expect(await back.count(), "the webinar's breadcrumb links back to the list").toBe(1);
    await follow(page, () => back.click());
    expect(pathOf(page)).toBe("/webinars");
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("answers an unknown address with a 404 page in the site layout, with a way back home", async () => {
    const { page, watch } = tab;
    for (const path of [`/no-such-page-${Date.now()}`, "/patients/no-such-page"]) {
      const response = await visit(page, url(path));
      expect(response.status(), `status of ${path}`).toBe(404);
      expect(await visibleMainNav(page).count(), `${path}: the main navigation is there`).toBe(1);
      expect(await page.getByRole("contentinfo").isVisible(), `${path}: the footer is there`).toBe(true);
      const h1 = page.locator("main h1");
      expect(await h1.count(), `${path}: one h1 in <main>`).toBe(1);
      expect(await h1.innerText(), `${path}: the h1 says the page was not found`).toMatch(/not found/i);
      expect(watch.take([DOCUMENT_404]), `${path}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
    }
    const home = page.locator('main a[href="/"]');
    expect(await home.count(), "the 404 page links to the home page").toBeGreaterThan(0);
    const response = await follow(page, () => home.first().click());
    expect(pathOf(page)).toBe("/");
    expect(response.status()).toBe(200);
  });
});

describe("phone (390 px)", () => {
  const tab = useTab(PHONE);

  it("folds the main navigation behind a Menu disclosure that opens submenus and reaches a child page", async () => {
    const { page, watch } = tab;
    await expectSitePage(page, (await visit(page, url("/"))).status(), "home on a phone");
    expect(await visibleMainNav(page).count(), "the main navigation is folded away at first").toBe(0);
    const menu = page.locator("header summary:visible", { hasText: /^\s*Menu\s*$/ });
    expect(await menu.count(), 'one visible "Menu" button').toBe(1);
    const box = await menu.boundingBox();
    expect(box!.height, "the Menu button is a comfortable tap target (at least 44 px high)").toBeGreaterThanOrEqual(44);

    await menu.tap();
    await expect.poll(() => visibleMainNav(page).count(), { message: "Menu opens the main navigation" }).toBe(1);
    const { details, summary, child, childLink } = await firstSubmenu(page);
    expect(await childLink.isVisible(), "submenus start closed").toBe(false);
    await summary.tap();
    await expect.poll(() => isOpen(details), { message: "tapping a submenu opens it" }).toBe(true);
    const response = await follow(page, () => childLink.tap());
    expect(pathOf(page), "the child link goes to its page").toBe(child.href);
    await expectSitePage(page, response.status(), `${child.href} on a phone`);
    expect(await visibleMainNav(page).count(), "the menu is folded again on the new page").toBe(0);

    const sidebar = sidebarOf(page);
    expect(await sidebar.count(), "the page has its sidebar on a phone too").toBe(1);
    await sidebar.scrollIntoViewIfNeeded();
    expect(await sidebar.isVisible(), "the sidebar is visible on a phone").toBe(true);
    expect(await sidebar.locator('a[aria-current="page"]').getAttribute("href")).toBe(child.href);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no horizontal scrolling at 390 px").toBeLessThanOrEqual(0);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });
});

describe("without JavaScript", () => {
  describe("desktop", () => {
    const tab = useTab({ ...DESKTOP, javaScriptEnabled: false });

    it("shows the home page and opens a navigation submenu to reach a child page", async () => {
      const { page, watch } = tab;
      await expectSitePage(page, (await visit(page, url("/"))).status(), "home without JavaScript");
      expect(await page.locator("main [data-block]").count(), "the home page's blocks are rendered").toBeGreaterThan(0);
      const { details, summary, child, childLink } = await firstSubmenu(page);
      await summary.click();
      await expect.poll(() => isOpen(details), { message: "the submenu opens without JavaScript" }).toBe(true);
      const response = await follow(page, () => childLink.click());
      expect(pathOf(page)).toBe(child.href);
      await expectSitePage(page, response.status(), `${child.href} without JavaScript`);
      expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
    });
  });

  describe("phone", () => {
    const tab = useTab({ ...PHONE, javaScriptEnabled: false });

    it("opens the Menu and a submenu to reach a child page", async () => {
      const { page, watch } = tab;
      await expectSitePage(page, (await visit(page, url("/"))).status(), "home on a phone without JavaScript");
      await page.locator("header summary:visible", { hasText: /^\s*Menu\s*$/ }).tap();
      await expect.poll(() => visibleMainNav(page).count(), { message: "Menu opens without JavaScript" }).toBe(1);
      const { details, summary, child, childLink } = await firstSubmenu(page);
      await summary.tap();
      await expect.poll(() => isOpen(details), { message: "the submenu opens without JavaScript" }).toBe(true);
      const response = await follow(page, () => childLink.tap());
      expect(pathOf(page)).toBe(child.href);
      await expectSitePage(page, response.status(), `${child.href} on a phone without JavaScript`);
      expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
    });
  });
});
