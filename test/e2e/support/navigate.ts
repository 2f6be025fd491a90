/** Small helpers for driving the site like a person: follow a link and see where it led. */
import type { Locator, Page, Response } from "playwright-core";
import { isScriptless } from "./chromium";

/** Suspense boundaries React has streamed but not yet revealed (fallback still shown). */
const UNREVEALED = 'template[id^="B:"], div[hidden][id^="S:"]';

/**
 * Waits for the page to load and for every streamed Suspense boundary to replace its fallback.
 * React reveals streamed boundaries in batches, a few hundred milliseconds after they arrive, so
 * `load` alone can still show "Loading…". Without JavaScript the fallbacks stay: nothing to wait for.
 */
export async function settle(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForLoadState("load");
  if (isScriptless(page.context())) return;
  const deadline = Date.now() + timeoutMs;
  while ((await page.locator(UNREVEALED).count()) > 0) {
    if (Date.now() > deadline) throw new Error(`${page.url()}: streamed content still not revealed after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** page.goto, then settle; resolves with the document's response. */
export async function visit(page: Page, url: string): Promise<Response> {
  const response = await page.goto(url);
  if (!response) throw new Error(`no response for ${url}`);
  await settle(page);
  return response;
}

/**
 * Runs `action` (a click, a tap, Enter on a focused link) and resolves with the response of the
 * document it navigated to, once that page has loaded and settled.
 */
export async function follow(page: Page, action: () => Promise<unknown>): Promise<Response> {
  const responded = page.waitForEvent("response", {
    predicate: (response) => response.request().isNavigationRequest() && response.frame() === page.mainFrame(),
    timeout: 15_000,
  });
  // The response event comes with the headers; the new document commits later (streamed HTML).
  const committed = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame(), timeout: 15_000 });
  // If the action throws, these are never awaited: keep their timeouts from becoming unhandled.
  responded.catch(() => undefined);
  committed.catch(() => undefined);
  await action();
  const [response] = await Promise.all([responded, committed]);
  await settle(page);
  return response;
}

/** The path (and query) of the page's current URL. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Presses Tab until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`Tab never reached ${target} in ${max} presses`);
}

/** The sidebar (section navigation): the one navigation landmark outside header, main and footer. */
export const sidebarOf = (page: Page) => page.locator("nav:not(header nav, main nav, footer nav)");

/** The main navigation the visitor can see now (phone and desktop variants are both in the DOM). */
export const visibleMainNav = (page: Page) => page.locator('nav[aria-label="Main"]:visible');

/** Links of a landmark with where they point, whether they sit in a <details>, and which is current. */
export async function linksIn(scope: Locator) {
  return scope.locator("a").evaluateAll((anchors) =>
    anchors.map((anchor, index) => ({
      index,
      href: anchor.getAttribute("href") ?? "",
      text: (anchor.textContent ?? "").trim(),
      inDropdown: anchor.closest("details") !== null,
      current: anchor.getAttribute("aria-current") === "page",
    })),
  );
}
