/**
 * Site search: the search itself and the indexer's webhook and rebuild entry points for a
 * request, and the indexer for the search queue's consumer (src/index.ts), which has no request.
 */
import { createCmsClient } from "../adapters/cms/client";
import { createSearchIndexStore } from "../adapters/d1/search-index";
import type { Config } from "../env";
import { log } from "../log";
import { contentPurge } from "../services/cache/content-cache";
import { purgeSearchPages } from "../services/content/purge";
import { createSearchIndexer } from "../services/search/indexer";
import { createSearchService } from "../services/search/search-service";
import { createSearchSource } from "../services/search/search-source";

/** The indexer: reads published documents from the CMS (no cache) and writes the D1 index. */
export function searchIndexer(config: Config) {
  return createSearchIndexer({
    store: createSearchIndexStore(config.bindings.db),
    source: createSearchSource(createCmsClient(config.cms)),
    send: async (message) => void (await config.bindings.searchQueue.send(message)),
    now: () => new Date(),
    log,
    onIndexChanged: purgeSearchPages(contentPurge(config.bindings, config.cache, log)),
  });
}

/** The site search for one request from `clientAddress` (its edge cache told what results depend on), and its index's entry points. */
export function searchServices(config: Config, clientAddress: string, contentRead?: (dependsOn: readonly string[]) => void) {
  return {
    search: createSearchService({ store: createSearchIndexStore(config.bindings.db), limiter: config.bindings.searchLimiter, client: clientAddress, log, onRead: contentRead }),
    searchIndex: searchIndexer(config),
  };
}
