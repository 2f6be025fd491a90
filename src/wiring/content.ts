/** Content: the published content through the KV cache, an editor's draft preview, and purging the cache. */
import { createCmsClient } from "../adapters/cms/client";
import { createPurgeLog } from "../adapters/d1/purge-log";
import { createKvCacheStore } from "../adapters/kv/cache-store";
import { createContentVersionStore } from "../adapters/kv/content-version";
import type { Config } from "../env";
import { log } from "../log";
import { entryTtlSeconds } from "../services/cache/read-through";
import { createContentService, type ContentService } from "../services/content/content-service";
import { purgeContent, type PurgeRequest } from "../services/content/purge";

type WaitUntil = (promise: Promise<unknown>) => void;

/** The content's version, for the edge cache's keys (middleware/edge-cache), before any service is built. */
export const contentVersion = (config: Config) => createContentVersionStore(config.bindings.contentCache);

/** Published content, through the KV cache: what prices, orders, memberships and e-mails use (requests, queue and cron alike). */
export function publishedContent(config: Config, waitUntil: WaitUntil): ContentService {
  return createContentService({
    cms: createCmsClient(config.cms),
    cache: { store: createKvCacheStore(config.bindings.contentCache), policy: config.cache, now: Date.now, waitUntil, log },
    log,
  });
}

export function contentServices(config: Config, published: ContentService, preview: boolean) {
  const { db, contentCache } = config.bindings;
  return {
    /**
     * What pages show: in an editor's preview, drafts read straight from the CMS with no cache in
     * either direction (services/preview); otherwise the published content.
     */
    content: preview ? createContentService({ cms: createCmsClient({ ...config.cms, status: "draft" }), cache: null, log }) : published,
    /** Always the published content: who may see an upload is decided by what is published. */
    publishedContent: published,
    /** Invalidates cached content that reads the changed model (every operation when null). */
    purgeContent: (request: PurgeRequest) =>
      purgeContent(
        {
          store: createKvCacheStore(contentCache),
          contentVersion: createContentVersionStore(contentCache),
          purgeLog: createPurgeLog(db),
          log,
          ttlSeconds: entryTtlSeconds(config.cache),
        },
        request,
      ),
  };
}
