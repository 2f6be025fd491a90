/**
 * Content for pages: every read goes through the KV read-through cache, and CMS failures with
 * no usable cached copy become a CMS_UNAVAILABLE application error (a friendly 503 page).
 */
import type { CmsClient } from "../../adapters/cms/client";
import { BLOCKS_PAGE_SIZE, readEveryPage } from "../../adapters/cms/every-page";
import type { ListPage, PageVars } from "../../adapters/cms/list-page";
import { CmsError, type Operation } from "../../adapters/cms/operation";
import * as ops from "../../adapters/cms/operations";
import type { PractitionerSettings } from "../../adapters/cms/operations/practitioners";
import { AppError } from "../../errors";
import { builtInScreenPage } from "../../shared/built-in-screens";
import type { DiscountCode } from "../../shared/pricing/discount-code";
import { MEMBERSHIP_INFO_TYPE, membershipInfoSlug, pageHref } from "../../shared/links";
import { cacheKey, derivedKey } from "../cache/cache-key";
import type { Logger } from "../../log";
import { answerTags } from "../cache/document-tags";
import { DERIVED_GENERATION, derivedMarker } from "../cache/generations";
import { type Cached, type CacheSlot, readThrough, type ReadThroughDeps, withCurrentContent, withCurrentInputs } from "../cache/read-through";
import { type MembershipInfoIndex, membershipInfoIndex, membershipInfoPage, withMovedPageLinks } from "./membership-info";
import type { SocietyEvent } from "../../domain/events";
import type {
  Article,
  ArticleListPage,
  ArticleSlug,
  GeneralPage,
  GeneralPageSlug,
  Homepage,
  JoinPage,
  LayoutData,
  Membership,
  Redirect,
  Webinar,
  WebinarBundle,
} from "../../domain/content";

export interface ContentServiceDeps {
  cms: CmsClient;
  /**
   * The KV read-through cache, or null to read the CMS on every call and keep nothing (an
   * editor's draft preview: a draft never enters a cache, nor is a cached copy shown).
   */
  cache: ReadThroughDeps | null;
  log: Logger;
  /**
   * Told when a derived value was recomputed and came out different: its marker must then be
   * purged, so that what showed the previous value (pages kept at the edge) is retired.
   */
  onDerivedChange?: (name: string) => void;
}

type NoVars = Record<string, never>;
const none: NoVars = {};

/** A general page's identity: its type and slug. */
const pageKey = (page: { type: string; slug: string }) => `${page.type}/${page.slug}`;

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({ cms, cache, log, onDerivedChange }: ContentServiceDeps) {
  /** Without a cache, every read is a load of its own (no coalescing with anyone else's either). */
  const through = <T>(slot: CacheSlot, load: () => Promise<T>): Promise<Cached<T>> =>
    cache ? readThrough(cache, slot, load) : load().then((value): Cached<T> => ({ value, status: "miss", fetchedAt: Date.now() }));

  /** A CMS read kept under the operation's cache key for these variables. */
  async function cached<Result>(name: string, variables: Record<string, unknown>, load: () => Promise<Result>, tags?: () => string[]): Promise<Cached<Result>> {
    const key = await cacheKey(name, variables);
    try {
      return await through({ key, generation: name, tags }, async () => {
        try {
          return await load();
        } catch (error) {
          log.error("cms.request_failed", {
            operation: name,
            kind: error instanceof CmsError ? error.kind : "unknown",
            message: error instanceof Error ? error.message : String(error),
            ...(error instanceof CmsError ? error.details : {}),
          });
          throw error;
        }
      });
    } catch (error) {
      throw new AppError("CMS_UNAVAILABLE", "The content service is unavailable and nothing is cached", {
        cause: error,
        details: { operation: name },
      });
    }
  }

  /**
   * An operation's answer under its cache key. One that shows documents one by one is tagged with
   * the documents in it and the address it looked up, so a purge of one document outdates only
   * the answers that show it (services/cache/document-tags.ts).
   */
  const query = <Vars extends Record<string, unknown>, Result>(operation: Operation<Vars, Result>, variables: Vars) => {
    if (operation.documentModels.length === 0) return cached(operation.name, variables, () => cms.run(operation, variables));
    let shown: string[] = [];
    const lookup = operation.lookup ? { model: operation.lookup.model, address: operation.lookup.address(variables) } : null;
    return cached(
      operation.name,
      variables,
      () => cms.run(operation, variables, (documentIds) => (shown = documentIds)),
      () => answerTags(shown, lookup),
    );
  };

  /**
   * Every entry of a paged list (adapters/cms/every-page.ts), read a CMS page at a time and kept
   * assembled under the operation's key without variables, as one cached value. A list too long
   * to read in one invocation is served as far as it was read, and said so in the log each time
   * it is assembled.
   */
  async function every<T>(operation: Operation<PageVars, ListPage<T>>, options: { pageSize?: number; key: (item: T) => string }): Promise<T[]> {
    const assembled = await cached(operation.name, none, async () => {
      const list = await readEveryPage(cms, operation, options);
      if (!list.complete) log.error("cms.list_incomplete", { operation: operation.name, total: list.total, read: list.items.length });
      return list.items;
    });
    return assembled.value;
  }

  const value = async <Vars extends Record<string, unknown>, Result>(operation: Operation<Vars, Result>, variables: Vars) =>
    (await query(operation, variables)).value;

  /**
   * Content whose links to a page shown at a membership's information address lead straight
   * there (membership-info.ts). Should that index be unavailable, the links stay as they are:
   * the page's own address answers with a 301 to the same place.
   */
  async function linked<T>(data: T | Promise<T>): Promise<T> {
    const [value, index] = await Promise.all([data, service.membershipInfoIndex().catch(() => null)]);
    return index ? withMovedPageLinks(value, index.moved) : value;
  }

  const service = {
    /** The five shared-layout queries every page needs, in parallel. */
    layout(): Promise<LayoutData> {
      return linked(
        Promise.all([
          value(ops.globalOperation, none),
          value(ops.globalSeoOperation, none),
          value(ops.sidebarOperation, none),
          value(ops.footerOperation, none),
          value(ops.navigationOperation, none),
        ]).then(([global, globalSeo, sidebar, footer, navigation]) => ({ global, globalSeo, sidebar, footer, navigation })),
      );
    },
    homepage: (): Promise<Homepage | null> => linked(value(ops.homepageOperation, none)),
    /** Every general page with its blocks (read in small CMS pages: blocks are slow to read). */
    allGeneralPages: (): Promise<GeneralPage[]> => every(ops.allGeneralPagesOperation, { pageSize: BLOCKS_PAGE_SIZE, key: pageKey }),
    allGeneralPageSlugs: (): Promise<GeneralPageSlug[]> => every(ops.allGeneralPageSlugsOperation, { key: pageKey }),
    /**
     * One general page by type (in any letter case) and slug: one filtered CMS query, whose
     * answer (the page, or that there is none) is cached like any other.
     */
    async generalPage(type: string, slug: string): Promise<GeneralPage | null> {
      const page = await value(ops.generalPageOperation, { type: type.toLowerCase(), slug });
      return page ? linked(page) : null;
    },
    /**
     * The editor's CMS page for the built-in screen at `path` (shared/built-in-screens.ts): a
     * general page whose address the screen takes, shown around it. Null when the path is no
     * built-in screen's (no CMS call at all) or no such page is published.
     */
    async screenPage(path: string): Promise<GeneralPage | null> {
      const page = builtInScreenPage(path);
      return page ? service.generalPage(page.type, page.slug) : null;
    },
    /** Every article with its blocks (read in small CMS pages), for work over all of them. */
    allArticles: (): Promise<Article[]> => every(ops.allArticlesOperation, { pageSize: BLOCKS_PAGE_SIZE, key: (article) => article.slug }),
    /** Every article's address and last change (the sitemap). */
    articleSlugs: (): Promise<ArticleSlug[]> => every(ops.articleSlugsOperation, { key: (article) => article.slug }),
    /**
     * One page of the article list, newest first (`page` counts from 1), or null past the last
     * page. The first page, read anyway by most visitors, says how many there are, so an address
     * past the end costs no CMS call and no cache entry.
     */
    async articleListPage(page: number): Promise<ArticleListPage | null> {
      const first = await value(ops.articlesPageOperation, { page: 1, pageSize: ops.ARTICLES_PER_PAGE });
      const pageCount = Math.max(1, first.pageCount);
      if (page < 1 || page > pageCount) return null;
      const shown = page === 1 ? first : await value(ops.articlesPageOperation, { page, pageSize: ops.ARTICLES_PER_PAGE });
      return { articles: shown.items, page, pageCount, total: shown.total };
    },
    /** One article by slug: one filtered CMS query, whose answer (the article, or none) is cached. */
    async article(slug: string): Promise<Article | null> {
      const article = await value(ops.articleOperation, { slug });
      return article ? linked(article) : null;
    },
    /** Every webinar, by date (read in CMS pages: the CMS gives at most maxLimit in one). */
    webinars: (): Promise<Webinar[]> => every(ops.webinarsOperation, { pageSize: BLOCKS_PAGE_SIZE, key: (webinar) => webinar.slug }),
    async webinar(slug: string): Promise<Webinar | null> {
      if (!(await service.webinars()).some((webinar) => webinar.slug === slug)) return null;
      return value(ops.webinarOperation, { slug });
    },
    /** Every bundle, by name, each with its webinars (read in CMS pages). */
    webinarBundles: (): Promise<WebinarBundle[]> => every(ops.webinarBundlesOperation, { pageSize: BLOCKS_PAGE_SIZE, key: (bundle) => bundle.slug }),
    /** Every published event with its ticket types, soonest first (services/events decides who sees what). */
    events: (): Promise<SocietyEvent[]> => every(ops.eventsOperation, { pageSize: BLOCKS_PAGE_SIZE, key: (event) => event.slug }),
    /** The yearly CPD target in hundredths of an hour (Global: cpdTargetHours), or null when none is set. */
    cpdTargetHundredths: async (): Promise<number | null> => (await value(ops.cpdSettingsOperation, none)).targetHundredths,
    /** Find a practitioner's lists and the membership types that may be listed publicly. */
    practitionerSettings: (): Promise<PractitionerSettings> => value(ops.practitionerSettingsOperation, none),
    async webinarBundle(slug: string): Promise<WebinarBundle | null> {
      if (!(await service.webinarBundles()).some((bundle) => bundle.slug === slug)) return null;
      return value(ops.webinarBundleOperation, { slug });
    },
    /** Every membership, by title (read in CMS pages). */
    memberships: (): Promise<Membership[]> => every(ops.membershipsOperation, { key: (membership) => membership.slug }),
    redirects: (): Promise<Redirect[]> => every(ops.redirectsOperation, { key: (redirect) => redirect.from }),
    /** Where each membership's information page comes from, and which pages answer with a 301 to one (membership-info.ts). */
    membershipInfoIndex: (): Promise<MembershipInfoIndex> =>
      service.derived("membership-info-v3", async () => {
        const [memberships, pages] = await Promise.all([service.memberships(), every(ops.pagesPresentingMembershipsOperation, { pageSize: BLOCKS_PAGE_SIZE, key: pageKey })]);
        return membershipInfoIndex(memberships, pages);
      }),
    /** The page at a membership's information address (/professionals/join-{slug}); null only for an unknown membership. */
    async membershipInfoPage(membershipSlug: string): Promise<GeneralPage | null> {
      const [memberships, index] = await Promise.all([service.memberships(), service.membershipInfoIndex()]);
      const membership = memberships.find((m) => m.slug === membershipSlug);
      if (!membership) return null;
      const shown = index.pages[membership.slug];
      return membershipInfoPage(membership, shown ? await service.generalPage(shown.type, shown.slug) : null);
    },
    /**
     * What answers at a general page's address (`/{slug}`, `/{type}/{slug}`): the page, a
     * membership's information page, or a permanent redirect to the information address where
     * this page is shown.
     */
    async pageAt(type: string, slug: string): Promise<{ page: GeneralPage } | { redirect: string } | null> {
      if (type.toLowerCase() === MEMBERSHIP_INFO_TYPE.toLowerCase() && slug.startsWith(membershipInfoSlug(""))) {
        const info = await service.membershipInfoPage(slug.slice(membershipInfoSlug("").length));
        if (info) return { page: info };
      }
      const page = await service.generalPage(type, slug);
      if (!page) return null;
      if (page.blocks.some((block) => block.kind === "membership-settings")) {
        const to = (await service.membershipInfoIndex()).redirects[pageHref(page)];
        if (to) return { redirect: to };
      }
      return { page };
    },
    /** The webinars and bundles on sale: what carts and checkouts are priced from. */
    async catalogue(): Promise<{ webinars: Webinar[]; bundles: WebinarBundle[] }> {
      const [webinars, bundles] = await Promise.all([service.webinars(), service.webinarBundles()]);
      return { webinars, bundles };
    },
    joinPage: (): Promise<JoinPage | null> => value(ops.joinPageOperation, none),
    /** The published discount code named `code` (in capitals), or null: looked up in the cached list, never asked of the CMS per code typed. */
    async discountCode(code: string): Promise<DiscountCode | null> {
      const codes = await every(ops.discountCodesOperation, { key: (entry) => entry.id });
      return codes.find((entry) => entry.code === code) ?? null;
    },
    /**
     * Called by the CMS webhook once its purge is published: reads again, from current content
     * only, what every page shows and what derives from it (the layout, and the membership-page
     * index its links pass through), the home page, and the article list's first page. (Not the
     * sitemap's lists: read in pages, they would add many CMS requests to every publish for what
     * crawlers read now and then.) What the purge outdated is loaded again
     * (one shared load per key, decision 0073) and each derived value recomputed, its marker
     * purged if it came out different: so the webhook's request pays for them, not a visitor's.
     * What the purge left current costs a KV read. Never fails: a visitor's read loads what this
     * could not.
     */
    async refreshAfterPurge(): Promise<void> {
      try {
        await withCurrentContent(() =>
          Promise.all([service.layout(), service.membershipInfoIndex(), service.homepage(), service.articleListPage(1)]),
        );
      } catch (error) {
        log.warn("cache.refresh_after_purge_failed", { error });
      }
    },
    /**
     * A value computed from other content (through the operations above), kept in the same
     * cache under the same policy, so it is computed once per freshness window rather than per
     * request; every purge outdates it. What shows it depends on its marker, purged only when a
     * recomputation changes it. It must survive JSON (no Maps or Sets).
     */
    async derived<T>(name: string, compute: () => Promise<T>): Promise<T> {
      const slot: CacheSlot = {
        key: derivedKey(name),
        generation: DERIVED_GENERATION,
        local: true,
        marker: derivedMarker(name),
        ...(onDerivedChange ? { onChange: () => onDerivedChange(name) } : {}),
      };
      try {
        return (await through(slot, () => withCurrentInputs(compute))).value;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError("CMS_UNAVAILABLE", "Content derived from the CMS cannot be computed and nothing is cached", { cause: error, details: { derived: name } });
      }
    },
  };
  return service;
}
