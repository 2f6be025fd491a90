/**
 * axe-core in real Chromium, with the WCAG 2.0/2.1/2.2 A and AA rules plus axe's best practices.
 * Violations come back as readable lines (rule id, impact, help, link, then each failing element's
 * selector and axe's summary of the fix), so a failing test says exactly what to change.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] as const;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** The WCAG A and AA rules alone, for HTML that is not a page of the site (an e-mail has no landmarks). */
export const WCAG_TAGS = AXE_TAGS.filter((tag) => tag !== "best-practice");

export interface AxeScope {
  /** Elements left out, with any frame they hold; see `exclude` below. */
  exclude?: string[];
  tags?: readonly string[];
}

/**
 * axe's findings on the page and its frames. A frame whose document is sandboxed without
 * `allow-scripts` must be excluded: axe's run inside it never settles (the sandbox stops the
 * timers it waits on), and the analysis would hang; check such a document on a page of its own.
 */
export async function axeFindings(page: Page, scope: AxeScope = {}): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags([...(scope.tags ?? AXE_TAGS)]);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? "unknown",
    help: violation.help,
    helpUrl: violation.helpUrl,
    targets: violation.nodes.map((node) => {
      const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
      return `${node.target.map(String).join(" >>> ")}${summary ? `  — ${summary}` : ""}`;
    }),
  }));
}

/** One block of text per violation, for assertion messages and logs. */
export function formatFindings(findings: AxeFinding[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.id} [${finding.impact}]: ${finding.help} (${finding.helpUrl})\n` +
      finding.targets.map((target) => `    • ${target}`).join("\n"),
  );
}
