/**
 * The content version: a value in KV that every purge replaces. The edge cache puts it in its
 * keys, so after an editor's change every page is looked up under new keys and rendered afresh,
 * in every location (KV carries the new value everywhere; the Cache API is per location).
 */
const KEY = "content-version";

export interface ContentVersionStore {
  current(): Promise<string>;
  /** Replaces the version with a new, never-used value. */
  bump(): Promise<string>;
}

export function createContentVersionStore(kv: KVNamespace): ContentVersionStore {
  return {
    async current() {
      return (await kv.get(KEY)) ?? "initial";
    },
    async bump() {
      const version = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
      await kv.put(KEY, version);
      return version;
    },
  };
}
