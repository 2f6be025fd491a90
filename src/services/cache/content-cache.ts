/**
 * The content cache's wiring in one place, for every entry point (a request, the queue, the
 * cron): the KV read-through cache with its generations and shared loads, and the purge.
 */
import { createSharedLoads } from "../../adapters/durable-objects/content-loader";
import { createPurgeCoordinator } from "../../adapters/durable-objects/content-purger";
import { createPurgeLog } from "../../adapters/d1/purge-log";
import { createKvCacheStore } from "../../adapters/kv/cache-store";
import { createContentGenerationsStore } from "../../adapters/kv/content-generations";
import type { Logger } from "../../log";
import { purgeContent, type PurgeRequest, type PurgeResult } from "../content/purge";
import { type CachePolicy, entryTtlSeconds, type ReadThroughDeps, sharedMissGate } from "./read-through";

export interface ContentCacheBindings {
  contentCache: KVNamespace;
  contentLoader: DurableObjectNamespace;
  contentPurger: DurableObjectNamespace;
  db: D1Database;
}

export interface ContentCacheContext {
  waitUntil: (promise: Promise<unknown>) => void;
  /** Told when the response was given content a purge has outdated, or none (a request's edge cache). */
  onOutdated?: () => void;
  /** Told what each current value the response was given depends on (a request's edge cache). */
  onRead?: (dependsOn: readonly string[]) => void;
  log: Logger;
}

export function contentCache(bindings: ContentCacheBindings, policy: CachePolicy, { waitUntil, onOutdated, onRead, log }: ContentCacheContext): ReadThroughDeps {
  const generations = createContentGenerationsStore(bindings.contentCache);
  return {
    store: createKvCacheStore(bindings.contentCache),
    policy,
    now: Date.now,
    waitUntil,
    log,
    generations: () => generations.current(),
    shared: createSharedLoads(bindings.contentLoader),
    sharedMisses: sharedMissGate(),
    onOutdated,
    onRead,
  };
}

export function contentPurge(bindings: ContentCacheBindings, policy: CachePolicy, log: Logger): (request: PurgeRequest) => Promise<PurgeResult> {
  const deps = {
    coordinator: createPurgeCoordinator(bindings.contentPurger),
    generations: createContentGenerationsStore(bindings.contentCache),
    purgeLog: createPurgeLog(bindings.db),
    log,
    now: Date.now,
    retainTagsMs: entryTtlSeconds(policy) * 1000,
  };
  return (request) => purgeContent(deps, request);
}
