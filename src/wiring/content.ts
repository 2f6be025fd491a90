/** Content: the published content through the KV cache, an editor's draft preview, and purging the cache. */
import { createCmsClient } from "../adapters/cms/client";
import { createEventStateChangeStore } from "../adapters/d1/event-state-changes";
import { createContentGenerationsStore } from "../adapters/kv/content-generations";
import type { Config } from "../env";
import { log } from "../log";
import { contentCache, contentPurge } from "../services/cache/content-cache";
import { createContentService, type ContentService } from "../services/content/content-service";
import { purgeChangedDerived } from "../services/content/purge";
import { withEventStates } from "../services/events/event-states";

type WaitUntil = (promise: Promise<unknown>) => void;

/** The content generations, whose version keys the edge cache's pages (middleware/edge-cache), before any service is built. */
export const contentGenerations = (config: Config) => createContentGenerationsStore(config.bindings.contentCache);

/** What a request's edge cache hears of the content it was given (middleware/edge-cache). */
export interface ContentHeard {
  /** Content served while a purge's replacement loads, or none because its load failed: the page must not be kept. */
  onOutdated?: () => void;
  /** What each current value given depends on: the kept page is retired by a purge of one of those. */
  onRead?: (dependsOn: readonly string[]) => void;
}

/**
 * Published content, through the KV cache: what prices, orders, memberships and e-mails use
 * (requests, queue and cron alike). Events carry staff's cancelling or postponing from D1 over
 * the CMS's state (services/events/event-states.ts).
 */
export function publishedContent(config: Config, waitUntil: WaitUntil, heard: ContentHeard = {}): ContentService {
  const content = createContentService({
    cms: createCmsClient(config.cms),
    cache: contentCache(config.bindings, config.cache, { waitUntil, ...heard, log }),
    log,
    onDerivedChange: purgeChangedDerived(contentPurge(config.bindings, config.cache, log), waitUntil),
  });
  return withEventStates(content, createEventStateChangeStore(config.bindings.db));
}

/**
 * Published content read straight from the CMS, no cache either way: for the CMS webhook's own
 * request, which must see the change it tells of while the cache still serves the old value
 * during its reload.
 */
export function publishedUncached(config: Config): ContentService {
  return withEventStates(createContentService({ cms: createCmsClient(config.cms), cache: null, log }), createEventStateChangeStore(config.bindings.db));
}

export function contentServices(config: Config, published: ContentService, preview: boolean) {
  return {
    /**
     * What pages show: in an editor's preview, drafts read straight from the CMS with no cache in
     * either direction (services/preview); otherwise the published content.
     */
    content: preview ? createContentService({ cms: createCmsClient({ ...config.cms, status: "draft" }), cache: null, log }) : published,
    /** Always the published content: who may see an upload is decided by what is published. */
    publishedContent: published,
    /** Outdates cached content that reads the changed model (every operation when null). */
    purgeContent: contentPurge(config.bindings, config.cache, log),
  };
}
