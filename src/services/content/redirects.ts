/**
 * Where an old address leads, from the editors' redirects (the CMS's Redirects collection).
 * Asked only when the site would otherwise answer "page not found", so a redirect can never hide
 * a page that exists.
 *
 * - Addresses match on the path alone, ignoring letter case and a trailing slash (old journals
 *   print `/About-Us/` as often as `/about-us`); the visitor's query string is kept unless the
 *   target has its own.
 * - Each answer is one step (`/a` → `/b`); the browser then asks for `/b`, which is answered as
 *   any address is, so a step to a page that exists ends there even if a rule names it too.
 * - A chain that comes back on itself, or runs longer than `MAX_HOPS` steps, is refused at its
 *   first step: the visitor gets the "not found" page rather than a browser's redirect-loop
 *   error. (The check follows the rules alone; it cannot know whether a page in the middle
 *   exists, so a cycle through an existing page is refused too. Editors see it in the logs as
 *   `redirects.refused`.)
 * - A target on another site is refused unless an editor marked that redirect external; targets
 *   that are not http(s) (`javascript:`, `data:`…) are always refused. Targets are read with the
 *   WHATWG URL parser, as browsers read them, so `//evil.example` and `\\evil.example` count as
 *   other sites.
 */
import type { Redirect } from "../../domain/content";

export const MAX_HOPS = 10;

export type RedirectOutcome =
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "refused"; reason: "loop" | "too-long" | "off-site" | "not-http"; rule: Redirect };

/** The path a rule or a request is matched on. */
export function redirectKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.replace(/\/+$/, "") || "/" : lower;
}

/** What to answer a request for `requestUrl` that found no page, or null when no redirect applies. */
export function resolveRedirect(rules: readonly Redirect[], requestUrl: URL, siteUrl: string): RedirectOutcome | null {
  const site = new URL(siteUrl);
  const byPath = new Map<string, Redirect>();
  for (const rule of rules) {
    const from = pathOf(rule.from, site);
    // The first rule for an address wins (the CMS keeps `from` unique; this is for older data).
    if (from !== null && !byPath.has(redirectKey(from))) byPath.set(redirectKey(from), rule);
  }

  const rule = byPath.get(redirectKey(requestUrl.pathname));
  if (!rule) return null;
  const target = targetOf(rule, site);
  if ("reason" in target) return { kind: "refused", reason: target.reason, rule };

  // Follow the rules on from the target, as the browser will, to refuse a chain that never ends.
  const visited = new Set<string>([redirectKey(requestUrl.pathname)]);
  let next: URL | null = target.url.origin === site.origin ? target.url : null;
  for (let hop = 0; next !== null; hop++) {
    const key = redirectKey(next.pathname);
    const onward = byPath.get(key);
    if (!onward) break;
    if (visited.has(key)) return { kind: "refused", reason: "loop", rule };
    // This rule is one step and each onward rule another.
    if (hop + 2 > MAX_HOPS) return { kind: "refused", reason: "too-long", rule };
    visited.add(key);
    const onwardTarget = targetOf(onward, site);
    next = "url" in onwardTarget && onwardTarget.url.origin === site.origin ? onwardTarget.url : null;
  }

  const url = target.url;
  if (!url.search && requestUrl.search) url.search = requestUrl.search;
  const location = url.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  return { kind: "redirect", location, status: rule.permanent ? 301 : 302 };
}

/** Where a rule leads, read as a browser reads it, or why it may not lead there. */
function targetOf(rule: Redirect, site: URL): { url: URL } | { reason: "off-site" | "not-http" } {
  let url: URL;
  try {
    url = new URL(rule.to.trim(), site);
  } catch {
    return { reason: "not-http" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { reason: "not-http" };
  if (url.origin !== site.origin && !rule.external) return { reason: "off-site" };
  return { url };
}

/** A rule's `from` as a path on this site, or null when it is not one. */
function pathOf(from: string, site: URL): string | null {
  const trimmed = from.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//")) return null;
  try {
    const url = new URL(trimmed, site);
    return url.origin === site.origin ? url.pathname : null;
  } catch {
    return null;
  }
}
