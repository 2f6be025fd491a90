/**
 * Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, offline.
 *
 * The global setup launches one Chromium for the whole run (`launchChromiumServer`) and each
 * browser test file connects to it: a file's contexts are its own (fresh storage, closed when the
 * file disconnects), so nothing carries over between files, and the run pays for one browser
 * start instead of one per file. The flags are the ones
 * this offline machine needs: no background networking, no component updates, no sync, no first-run UI.
 * Every browser context also refuses requests that would leave loopback (see `openContext`).
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer } from "playwright-core";
import { inject } from "vitest";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../scripts/lib/chromium.mjs";

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

/** Phone and desktop viewports the browser tests use. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** The run's one Chromium (global setup); its closing ends every file's connection. */
export async function launchChromiumServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install chromium\`, or set CHROMIUM_PATH.`);
  }
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}

/** A test file's connection to the run's Chromium; `close()` ends the connection and its contexts. */
export async function launchChromium(): Promise<Browser> {
  return chromium.connect(inject("chromiumWsEndpoint"));
}

/** True for http(s) URLs on this machine: 127.0.0.0/8, localhost and [::1]. */
export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol !== "http:" && protocol !== "https:") return true; // data:, blob:, about:
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

const scriptless = new WeakSet<BrowserContext>();

/** Whether the context was opened with JavaScript turned off. */
export const isScriptless = (context: BrowserContext) => scriptless.has(context);

/**
 * A browser context that aborts every request to a host other than loopback (an embed's
 * third-party iframe, say) and records it in `blocked`, so a test never reaches the network.
 */
export async function openContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ context: BrowserContext; blocked: string[] }> {
  const context = await browser.newContext({ locale: "en-GB", timezoneId: "Europe/London", ...options });
  if (options.javaScriptEnabled === false) scriptless.add(context);
  const blocked: string[] = [];
  await context.route(
    (url) => !isLoopback(url.href),
    (route) => {
      blocked.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  return { context, blocked };
}
