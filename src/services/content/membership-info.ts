/**
 * Membership information pages (`/professionals/join-{membership slug}`, `hrefs.membershipInfo`).
 * Every membership has one, so every membership card can link to it:
 * 1. the general page at that address (type Professionals, slug `join-{membership slug}`);
 * 2. else the public general page that presents this membership alone (a membership-settings
 *    block for it and for no other membership): shown at the information address, and its own
 *    address answers with a 301 to it. A page with blocks for several memberships compares them
 *    and stays where it is; so does a page already at another membership's address.
 * 3. else a page made from the membership itself: its title and its card (price, joining fee,
 *    description and "Join as …").
 * A page that shows no card for its membership gets one at the end, so the price and joining
 * fee are always on the page.
 */
import type { Block, GeneralPage, Membership, PagePresentingMemberships } from "../../domain/content";
import { hrefs, MEMBERSHIP_INFO_TYPE, membershipInfoSlug, pageHref } from "../../shared/links";
import { withArticle } from "../../shared/wording";

export interface PageIdentity {
  type: string;
  slug: string;
}

/** Kept in the content cache as a derived value, so it is plain JSON. */
export interface MembershipInfoIndex {
  /** Membership slug -> the CMS page shown at its information address, or null for a page made from the membership. */
  pages: Record<string, PageIdentity | null>;
  /** The address of a CMS page shown at a membership's information address -> that address (its own answers with a 301). */
  redirects: Record<string, string>;
  /** The same, as the page identity links to it are rewritten to (so links lead straight to the information address). */
  moved: Record<string, PageIdentity>;
}

type SettingsBlock = Extract<Block, { kind: "membership-settings" }>;

const settingsOf = (page: GeneralPage): SettingsBlock[] =>
  page.blocks.filter((block): block is SettingsBlock => block.kind === "membership-settings" && block.membership !== null);


export function membershipInfoIndex(memberships: readonly Membership[], pages: readonly PagePresentingMemberships[]): MembershipInfoIndex {
  const index: MembershipInfoIndex = { pages: {}, redirects: {}, moved: {} };
  // Looked up once each, so the index is built in time proportional to memberships plus pages
  // (a thousand memberships over thousands of pages, matched pairwise, took minutes).
  const infoSlugs = new Set(memberships.map((m) => membershipInfoSlug(m.slug)));
  const atSomeAddress = (page: PageIdentity) => page.type === MEMBERSHIP_INFO_TYPE && infoSlugs.has(page.slug);
  const atAddress = new Map<string, PagePresentingMemberships>();
  const presentingAlone = new Map<string, PagePresentingMemberships>();
  for (const page of pages) {
    if (atSomeAddress(page)) {
      const slug = page.slug.slice(membershipInfoSlug("").length);
      if (!atAddress.has(slug)) atAddress.set(slug, page);
      continue;
    }
    if (page.authenticatedOnly || page.membersOnly) continue;
    const presented = new Set(page.membershipSlugs);
    const [only] = presented;
    if (presented.size === 1 && only !== undefined && !presentingAlone.has(only)) presentingAlone.set(only, page);
  }
  for (const membership of memberships) {
    const shownAt = atAddress.get(membership.slug);
    const presenting = shownAt ? undefined : presentingAlone.get(membership.slug);
    const shown = shownAt ?? presenting;
    index.pages[membership.slug] = shown ? { type: shown.type, slug: shown.slug } : null;
    if (presenting && !(pageHref(presenting) in index.redirects)) {
      index.redirects[pageHref(presenting)] = hrefs.membershipInfo(membership.slug);
      index.moved[pageHref(presenting)] = { type: MEMBERSHIP_INFO_TYPE, slug: membershipInfoSlug(membership.slug) };
    }
  }
  return index;
}

/** What the information address shows: the CMS page (with the membership's card if it has none), or a page made from the membership. */
export function membershipInfoPage(membership: Membership, page: GeneralPage | null): GeneralPage {
  const card: SettingsBlock = {
    kind: "membership-settings",
    id: `membership-${membership.id}`,
    subscriptionPriceId: null,
    offlinePriceId: null,
    initialPriceId: null,
    halfOffCouponId: null,
    membership,
  };
  if (page) {
    const hasCard = settingsOf(page).some((block) => block.membership!.slug === membership.slug);
    return hasCard ? page : { ...page, blocks: [...page.blocks, card] };
  }
  return {
    id: `membership-${membership.id}`,
    title: `Join as ${withArticle(membership.title)}`,
    slug: membershipInfoSlug(membership.slug),
    type: MEMBERSHIP_INFO_TYPE,
    authenticatedOnly: false,
    membersOnly: false,
    createdAt: null,
    publishedAt: null,
    updatedAt: null,
    seo: null,
    blocks: [card],
  };
}

/**
 * `data` with every link to a page that moved to a membership's information address pointing
 * there instead (page references are the objects with a `type` and a `slug`). The top-level
 * value itself is left as it is (a page keeps its own identity). Nothing is changed in place.
 */
export function withMovedPageLinks<T>(data: T, moved: MembershipInfoIndex["moved"]): T {
  if (Object.keys(moved).length === 0) return data;
  const walk = (value: unknown, top: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (value === null || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) out[key] = walk(item, false);
    if (!top && typeof record.type === "string" && typeof record.slug === "string") {
      const to = moved[pageHref({ type: record.type, slug: record.slug })];
      if (to) return { ...out, type: to.type, slug: to.slug };
    }
    return out;
  };
  return walk(data, true) as T;
}
