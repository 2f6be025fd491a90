/**
 * The person prices are for: their class (visitor, signed-in user, member), who they are, and
 * the webinars they already have. Every price on a webinar screen, in the cart and at checkout
 * is computed for a Buyer with the shared pricing module, never taken from the browser.
 */
import type { Viewer } from "../shared/pricing/webinar-offer";

export interface Buyer {
  viewer: Viewer;
  /** Null for a visitor. */
  userId: string | null;
  /** A member's membership type (its slug), for event tickets sold to one type; null or absent for anyone else. */
  membershipSlug?: string | null;
  /** Webinar ids the user has been granted (empty for a visitor). */
  owned: ReadonlySet<string>;
}

export const VISITOR: Buyer = { viewer: "visitor", userId: null, owned: new Set() };
