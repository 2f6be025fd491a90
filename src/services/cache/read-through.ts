/**
 * The content cache policy, in one place:
 * - fresh (age < fresh): serve the cached copy;
 * - stale-while-revalidate (age < fresh + swr, not purged): serve the cached copy and refresh
 *   it in the background with `waitUntil`;
 * - otherwise (missing, purged or too old): load now; if the load fails and the copy is younger
 *   than fresh + stale-if-error, serve it and log the error; with no usable copy, fail.
 * Loads for one key are coalesced within the isolate. A cache read or write that fails is
 * logged and treated as a miss: the cache never makes a page fail on its own.
 */
import type { CacheEntry, CacheStore } from "../../adapters/kv/cache-store";
import type { Logger } from "../../log";
import { coalesce } from "./coalesce";

export interface CachePolicy {
  freshMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
}

export type CacheStatus = "fresh" | "stale" | "miss" | "stale-if-error";

export interface Cached<T> {
  value: T;
  status: CacheStatus;
  fetchedAt: number;
}

export interface ReadThroughDeps {
  store: CacheStore;
  policy: CachePolicy;
  now: () => number;
  waitUntil: (promise: Promise<unknown>) => void;
  log: Logger;
}

/** How long KV keeps an entry: long enough for the longest stale window. */
export const entryTtlSeconds = (policy: CachePolicy): number =>
  (policy.freshMs + Math.max(policy.staleWhileRevalidateMs, policy.staleIfErrorMs)) / 1000;

export async function readThrough<T>(deps: ReadThroughDeps, key: string, load: () => Promise<T>): Promise<Cached<T>> {
  const { policy, now } = deps;
  const entry = await safeGet<T>(deps, key);
  const age = entry ? now() - entry.fetchedAt : Number.POSITIVE_INFINITY;

  if (entry && !entry.invalidated && age < policy.freshMs) {
    return { value: entry.value, status: "fresh", fetchedAt: entry.fetchedAt };
  }
  if (entry && !entry.invalidated && age < policy.freshMs + policy.staleWhileRevalidateMs) {
    deps.waitUntil(
      refresh(deps, key, load).catch((error: unknown) => deps.log.error("cache.revalidate_failed", { key, error })),
    );
    return { value: entry.value, status: "stale", fetchedAt: entry.fetchedAt };
  }

  try {
    const loaded = refresh(deps, key, load);
    // Keep the loading request alive until the shared load settles, even if its client goes away.
    deps.waitUntil(loaded.catch(() => undefined));
    const fresh = await loaded;
    return { value: fresh.value, status: "miss", fetchedAt: fresh.fetchedAt };
  } catch (error) {
    if (entry && age < policy.freshMs + policy.staleIfErrorMs) {
      deps.log.error("cache.stale_if_error", { key, ageSeconds: Math.round(age / 1000), error });
      return { value: entry.value, status: "stale-if-error", fetchedAt: entry.fetchedAt };
    }
    throw error;
  }
}

function refresh<T>(deps: ReadThroughDeps, key: string, load: () => Promise<T>): Promise<CacheEntry<T>> {
  return coalesce(key, async () => {
    const value = await load();
    const entry: CacheEntry<T> = { value, fetchedAt: deps.now(), invalidated: false };
    try {
      await deps.store.put(key, entry, entryTtlSeconds(deps.policy));
    } catch (error) {
      deps.log.error("cache.write_failed", { key, error });
    }
    return entry;
  });
}

async function safeGet<T>(deps: ReadThroughDeps, key: string): Promise<CacheEntry<T> | null> {
  try {
    return await deps.store.get<T>(key);
  } catch (error) {
    deps.log.error("cache.read_failed", { key, error });
    return null;
  }
}
