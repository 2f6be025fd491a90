/**
 * Whom a screen's prices are for: their class (visitor, signed-in user, member) and the webinars
 * they already have. Routes make it from the request (services/orders/shopper.ts); views price
 * every webinar and bundle for it with the shared pricing module, never from the CMS fields.
 */
import type { Viewer } from "../../shared/pricing/webinar-offer";

export interface Buyer {
  viewer: Viewer;
  owned: ReadonlySet<string>;
}

export const VISITOR: Buyer = { viewer: "visitor", owned: new Set() };
