/**
 * Collects what a page reports while a test drives it: console errors, uncaught exceptions and
 * Content-Security-Policy violations (both the console message Chromium prints and the DOM's
 * `securitypolicyviolation` event, relayed through a CDP binding that the page's CSP cannot block).
 */
import type { ConsoleMessage, Page } from "playwright-core";

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

export interface PageWatch {
  /** Everything reported since the last call, minus console errors matching `allow`; then clears. */
  take(allow?: RegExp[]): PageProblems;
}

const CSP_BINDING = "__guildhallReportCspViolation";

export async function watchPage(page: Page): Promise<PageWatch> {
  let problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };

  page.on("console", (message: ConsoleMessage) => {
    const text = message.text();
    const source = message.location().url;
    const where = ` (on ${page.url()}${source && source !== page.url() ? `, from ${source}` : ""})`;
    if (/Content[- ]Security[- ]Policy/i.test(text)) problems.cspViolations.push(`console: ${text}${where}`);
    else if (message.type() === "error") problems.consoleErrors.push(`${text}${where}`);
  });
  page.on("pageerror", (error) => problems.pageErrors.push(`on ${page.url()}: ${error.stack ?? String(error)}`));

  await page.exposeBinding(CSP_BINDING, ({ frame }, violation: Record<string, unknown>) => {
    const inFrame = frame === page.mainFrame() ? "" : ` in a frame (${frame.url()})`;
    problems.cspViolations.push(`securitypolicyviolation on ${page.url()}${inFrame}: ${JSON.stringify(violation)}`);
  });
  await page.addInitScript((binding: string) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as Record<string, (value: unknown) => void>)[binding];
      report?.({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sourceFile: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
      });
    });
  }, CSP_BINDING);

  return {
    take(allow = []) {
      const taken = problems;
      problems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
      return { ...taken, consoleErrors: taken.consoleErrors.filter((text) => !allow.some((rule) => rule.test(text))) };
    },
  };
}

/** No problems at all: an empty shape compares equal and prints every message when not. */
export const NO_PROBLEMS: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };

/** Chromium's console line for a document or fetch answered with `code`, for statuses a test expects. */
export const failedToLoad = (code: number): RegExp => new RegExp(`Failed to load resource: the server responded with a status of ${code}`);
