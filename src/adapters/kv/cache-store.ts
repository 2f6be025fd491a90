/**
 * Cache entries in Workers KV. A value is stored with the time it was fetched and the
 * generation of its operation when its load began (services/cache/generations.ts): a purge
 * retires entries by moving that generation, never by touching them, so an outdated entry can
 * still stand in while its replacement loads or while the CMS is down, and expires on its own.
 */
export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
  generation: number;
  /** The documents and address it shows, when a purge of one of them alone outdates it (services/cache/document-tags.ts). */
  tags?: string[];
}

export interface CacheStore {
  get<T>(key: string): Promise<CacheEntry<T> | null>;
  put<T>(key: string, entry: CacheEntry<T>, ttlSeconds: number): Promise<void>;
}

/** KV refuses expirationTtl below 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;

export function createKvCacheStore(kv: KVNamespace): CacheStore {
  return {
    async get<T>(key: string) {
      const entry = await kv.get<CacheEntry<T>>(key, "json");
      if (!entry || typeof entry.fetchedAt !== "number" || typeof entry.generation !== "number") return null;
      return entry;
    },
    async put(key, entry, ttlSeconds) {
      await kv.put(key, JSON.stringify(entry), {
        expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil(ttlSeconds)),
      });
    },
  };
}
