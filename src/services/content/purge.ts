/**
 * Cache purge after an editor's change. Entries of every operation that reads the changed model
 * are marked invalidated (kept for stale-if-error), so the next request loads fresh content.
 * Unknown models and media changes purge everything: correctness over cache hit rate. Values
 * derived from several operations (which media are members-only, say) are invalidated by every
 * purge, since they may read any model.
 */
import type { PurgeLog } from "../../adapters/d1/purge-log";
import type { CacheStore } from "../../adapters/kv/cache-store";
import type { ContentVersionStore } from "../../adapters/kv/content-version";
import { ALL_OPERATIONS } from "../../adapters/cms/operations";
import type { Logger } from "../../log";
import { DERIVED_PREFIX, operationPrefix } from "../cache/cache-key";

export interface PurgeRequest {
  /** The CMS model that changed (Strapi's singular name); null purges everything. */
  model: string | null;
  /** The CMS event, e.g. `entry.publish`, for the log. */
  event: string | null;
}

export interface PurgeResult {
  operations: string[];
  invalidated: number;
}

export interface PurgeDeps {
  store: CacheStore;
  /** Pages the edge cache keeps are keyed by it: a new version retires them all. */
  contentVersion: ContentVersionStore;
  purgeLog: PurgeLog;
  log: Logger;
  ttlSeconds: number;
}

/** Operations whose cached responses depend on `model`; every operation when it is unknown. */
export function operationsForModel(model: string | null): string[] {
  const all = ALL_OPERATIONS.map((op) => op.name);
  if (!model) return all;
  const affected = ALL_OPERATIONS.filter((op) => op.models.includes(model)).map((op) => op.name);
  return affected.length > 0 ? affected : all;
}

export async function purgeContent(deps: PurgeDeps, request: PurgeRequest): Promise<PurgeResult> {
  const operations = operationsForModel(request.model);
  let invalidated = 0;
  for (const prefix of [...operations.map(operationPrefix), DERIVED_PREFIX]) {
    for (const key of await deps.store.keys(prefix)) {
      const entry = await deps.store.get(key);
      if (!entry || entry.invalidated) continue;
      await deps.store.put(key, { ...entry, invalidated: true }, deps.ttlSeconds);
      invalidated += 1;
    }
  }
  // Any page may show the changed model (the layout is on every page), so every kept page goes.
  await deps.contentVersion.bump();
  deps.log.info("cache.purged", { ...request, operations, invalidated });
  try {
    await deps.purgeLog.record({ ...request, operations, invalidated });
  } catch (error) {
    // The purge itself succeeded; a missing log line must not make the CMS retry it.
    deps.log.error("cache.purge_log_failed", { error });
  }
  return { operations, invalidated };
}
