/**
 * Who is shopping and what they already have, for pricing at the edge: the viewer class
 * (visitor, signed-in user, member), the webinars they own (D1 entitlements) and the catalogue
 * (the CMS's webinars and bundles, through the KV cache). Prices are always computed from these,
 * never taken from the browser.
 */
import type { Context } from "hono";
import { createOrderStore } from "../../adapters/d1/orders";
import { log } from "../../log";
import type { Catalogue, CartQuote } from "../../shared/pricing/cart-quote";
import type { WebinarBundle, WebinarSummary } from "../../domain/content";
import type { Viewer } from "../../shared/pricing/webinar-offer";
import type { PricingWarning } from "../../shared/pricing/warnings";
import type { HonoEnv } from "../../types";

export interface Shopper {
  viewer: Viewer;
  userId: string | null;
  /** Webinar ids the user has been granted (empty for a visitor). */
  owned: ReadonlySet<string>;
}

export async function shopperFor(c: Context<HonoEnv>): Promise<Shopper> {
  const session = c.var.session;
  if (!session) return { viewer: "visitor", userId: null, owned: new Set() };
  const [member, owned] = await Promise.all([c.var.isMember(), createOrderStore(c.var.config.bindings.db).entitledWebinarIds(session.userId)]);
  return { viewer: member ? "member" : "user", userId: session.userId, owned };
}

/** The CMS's webinars and bundles; fits the pricing module's `Catalogue`. */
export async function loadCatalogue(c: Context<HonoEnv>): Promise<{ webinars: WebinarSummary[]; bundles: WebinarBundle[] } & Catalogue> {
  const [webinars, bundles] = await Promise.all([c.var.content.webinars(), c.var.content.webinarBundles()]);
  return { webinars, bundles };
}

/** Warnings already logged by this isolate: the same CMS data gives the same warning on every request. */
const logged = new Set<string>();
const MAX_REMEMBERED = 1_000;

/**
 * Logs the CMS data problems pricing found (contradictory dates, member price above default...),
 * each once per isolate, so a page view does not repeat what the last one said.
 */
export function logPricingWarnings(warnings: readonly (PricingWarning & { id?: string; kind?: string })[] | CartQuote["warnings"]): void {
  for (const warning of warnings) {
    const key = `${warning.kind ?? ""}:${warning.id ?? ""}:${warning.code}:${warning.message}`;
    if (logged.has(key)) continue;
    if (logged.size >= MAX_REMEMBERED) logged.clear();
    logged.add(key);
    log.warn("pricing.cms_data", { ...warning });
  }
}
