/**
 * Content for pages: every read goes through the KV read-through cache, and CMS failures with
 * no usable cached copy become a CMS_UNAVAILABLE application error (a friendly 503 page).
 */
import type { CmsClient } from "../../adapters/cms/client";
import { CmsError, type Operation } from "../../adapters/cms/operation";
import * as ops from "../../adapters/cms/operations";
import { AppError } from "../../errors";
import { pageHref } from "../../shared/links";
import { cacheKey, derivedKey } from "../cache/cache-key";
import { type Cached, readThrough, type ReadThroughDeps } from "../cache/read-through";
import type {
  Article,
  ArticleSummary,
  GeneralPage,
  GeneralPageSlug,
  Homepage,
  JoinPage,
  LayoutData,
  Membership,
  Webinar,
  WebinarBundle,
} from "../../domain/content";

export interface ContentServiceDeps {
  cms: CmsClient;
  cache: ReadThroughDeps;
}

type NoVars = Record<string, never>;
const none: NoVars = {};

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({ cms, cache }: ContentServiceDeps) {
  async function query<Vars extends Record<string, unknown>, Result>(
    operation: Operation<Vars, Result>,
    variables: Vars,
  ): Promise<Cached<Result>> {
    const key = await cacheKey(operation.name, variables);
    try {
      return await readThrough(cache, key, async () => {
        try {
          return await cms.run(operation, variables);
        } catch (error) {
          cache.log.error("cms.request_failed", {
            operation: operation.name,
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
        details: { operation: operation.name },
      });
    }
  }

  const value = async <Vars extends Record<string, unknown>, Result>(operation: Operation<Vars, Result>, variables: Vars) =>
    (await query(operation, variables)).value;

  const service = {
    /** The five shared-layout queries every page needs, in parallel. */
    async layout(): Promise<LayoutData> {
      const [global, globalSeo, sidebar, footer, navigation] = await Promise.all([
        value(ops.globalOperation, none),
        value(ops.globalSeoOperation, none),
        value(ops.sidebarOperation, none),
        value(ops.footerOperation, none),
        value(ops.navigationOperation, none),
      ]);
      return { global, globalSeo, sidebar, footer, navigation };
    },
    homepage: (): Promise<Homepage | null> => value(ops.homepageOperation, none),
    allGeneralPages: (): Promise<GeneralPage[]> => value(ops.allGeneralPagesOperation, none),
    allGeneralPageSlugs: (): Promise<GeneralPageSlug[]> => value(ops.allGeneralPageSlugsOperation, none),
    /**
     * One general page by type and slug. Unknown pages are answered from the cached slug list,
     * so probing random URLs costs neither a CMS call nor a cache write.
     */
    async generalPage(type: string, slug: string): Promise<GeneralPage | null> {
      const slugs = await service.allGeneralPageSlugs();
      const known = slugs.find((page) => page.slug === slug && page.type.toLowerCase() === type.toLowerCase());
      if (!known) return null;
      return value(ops.generalPageOperation, { type: known.type, slug: known.slug });
    },
    allArticles: (): Promise<ArticleSummary[]> => value(ops.allArticlesOperation, none),
    async article(slug: string): Promise<Article | null> {
      if (!(await service.allArticles()).some((article) => article.slug === slug)) return null;
      return value(ops.articleOperation, { slug });
    },
    webinars: (): Promise<Webinar[]> => value(ops.webinarsOperation, none),
    async webinar(slug: string): Promise<Webinar | null> {
      if (!(await service.webinars()).some((webinar) => webinar.slug === slug)) return null;
      return value(ops.webinarOperation, { slug });
    },
    webinarBundles: (): Promise<WebinarBundle[]> => value(ops.webinarBundlesOperation, none),
    async webinarBundle(slug: string): Promise<WebinarBundle | null> {
      if (!(await service.webinarBundles()).some((bundle) => bundle.slug === slug)) return null;
      return value(ops.webinarBundleOperation, { slug });
    },
    memberships: (): Promise<Membership[]> => value(ops.membershipsOperation, none),
    /**
     * Each membership's information page (/professionals/join-{product}): the general page
     * whose membership-settings block links to it. Keyed by membership slug.
     */
    async membershipInfoPages(): Promise<Map<string, GeneralPage>> {
      const pages = await service.allGeneralPages();
      const bySlug = new Map<string, GeneralPage>();
      for (const page of pages) {
        if (page.authenticatedOnly || page.membersOnly) continue;
        for (const block of page.blocks) {
          if (block.kind === "membership-settings" && block.membership && !bySlug.has(block.membership.slug)) {
            bySlug.set(block.membership.slug, page);
          }
        }
      }
      return bySlug;
    },
    /** Membership slug -> the address of its information page. */
    async membershipInfoHrefs(): Promise<Map<string, string>> {
      return new Map([...(await service.membershipInfoPages())].map(([slug, page]) => [slug, pageHref(page)]));
    },
    /** The webinars and bundles on sale: what carts and checkouts are priced from. */
    async catalogue(): Promise<{ webinars: Webinar[]; bundles: WebinarBundle[] }> {
      const [webinars, bundles] = await Promise.all([service.webinars(), service.webinarBundles()]);
      return { webinars, bundles };
    },
    joinPage: (): Promise<JoinPage | null> => value(ops.joinPageOperation, none),
    /**
     * A value computed from other content (through the operations above), kept in the same
     * cache under the same policy, so it is computed once per freshness window rather than per
     * request; every purge invalidates it. It must survive JSON (no Maps or Sets).
     */
    async derived<T>(name: string, compute: () => Promise<T>): Promise<T> {
      try {
        return (await readThrough(cache, derivedKey(name), compute)).value;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError("CMS_UNAVAILABLE", "Content derived from the CMS cannot be computed and nothing is cached", { cause: error, details: { derived: name } });
      }
    },
  };
  return service;
}
