/**
 * The CMS data problems pricing finds (contradictory dates, a member price above the default…),
 * logged once per isolate: the same CMS data gives the same warning on every request, and a page
 * view should not repeat what the last one said.
 */
import { log } from "../../log";
import type { WebinarBundle, WebinarSummary } from "../../domain/content";
import { quoteCart, type CartQuote } from "../../shared/pricing/cart-quote";
import type { PricingWarning } from "../../shared/pricing/warnings";

const logged = new Set<string>();
const MAX_REMEMBERED = 1_000;

export function logPricingWarnings(warnings: readonly (PricingWarning & { id?: string; kind?: string })[] | CartQuote["warnings"]): void {
  for (const warning of warnings) {
    const key = `${warning.kind ?? ""}:${warning.id ?? ""}:${warning.code}:${warning.message}`;
    if (logged.has(key)) continue;
    if (logged.size >= MAX_REMEMBERED) logged.clear();
    logged.add(key);
    log.warn("pricing.cms_data", { ...warning });
  }
}

/** Logs the CMS pricing problems of what a screen shows (priced as for a visitor), each once, for an editor to fix. */
export function logCatalogueWarnings(webinars: readonly WebinarSummary[], bundles: readonly WebinarBundle[], now: Date): void {
  const items = [...webinars.map((w) => ({ kind: "webinar" as const, id: w.id })), ...bundles.map((b) => ({ kind: "bundle" as const, id: b.id }))];
  logPricingWarnings(quoteCart(items, { webinars, bundles }, "visitor", now, new Set()).warnings);
}
