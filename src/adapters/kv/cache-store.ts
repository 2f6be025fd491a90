/**
 * Cache entries in Workers KV. A value is stored with the time it was fetched and whether a
 * purge has invalidated it; an invalidated entry is kept (not deleted) so it can still stand in
 * when the CMS is down.
 */
export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
  invalidated: boolean;
}

export interface CacheStore {
  get<T>(key: string): Promise<CacheEntry<T> | null>;
  put<T>(key: string, entry: CacheEntry<T>, ttlSeconds: number): Promise<void>;
  /** Every key that starts with `prefix`. */
  keys(prefix: string): Promise<string[]>;
}

/** KV refuses expirationTtl below 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;

export function createKvCacheStore(kv: KVNamespace): CacheStore {
  return {
    async get<T>(key: string) {
      const entry = await kv.get<CacheEntry<T>>(key, "json");
      if (!entry || typeof entry.fetchedAt !== "number") return null;
      return entry;
    },
    async put(key, entry, ttlSeconds) {
      await kv.put(key, JSON.stringify(entry), {
        expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil(ttlSeconds)),
      });
    },
    async keys(prefix) {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page: KVNamespaceListResult<unknown, string> = await kv.list({ prefix, cursor });
        names.push(...page.keys.map((k) => k.name));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return names;
    },
  };
}
