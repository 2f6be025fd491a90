/**
 * What a browser test file needs, started once for the file and stopped after it: its own
 * `wrangler dev` (see site-worker.ts) and one Chromium (see chromium.ts).
 *
 *   const stack = useBrowserStack(WORKER_SLOTS.navigation);
 *   // in tests: stack.browser, stack.url("/about")
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./chromium";
import { startSiteWorker, type SiteWorker, type SiteWorkerOptions } from "./site-worker";

export interface BrowserStack {
  readonly browser: Browser;
  readonly worker: SiteWorker;
  /** An absolute URL on this file's Worker. */
  url(path: string): string;
}

export function useBrowserStack(slot: number, options: SiteWorkerOptions = {}): BrowserStack {
  let worker: SiteWorker | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Both at once; if one fails, afterAll still stops the other.
    const [workerStart, browserStart] = await Promise.allSettled([startSiteWorker(slot, options), launchChromium()]);
    if (workerStart.status === "fulfilled") worker = workerStart.value;
    if (browserStart.status === "fulfilled") browser = browserStart.value;
    if (workerStart.status === "rejected") throw workerStart.reason;
    if (browserStart.status === "rejected") throw browserStart.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  return {
    get browser() {
      if (!browser) throw new Error("Chromium is not running (beforeAll failed?)");
      return browser;
    },
    get worker() {
      if (!worker) throw new Error("The Worker is not running (beforeAll failed?)");
      return worker;
    },
    url: (path: string) => {
      if (!worker) throw new Error("The Worker is not running (beforeAll failed?)");
      return `${worker.url}${path}`;
    },
  };
}
