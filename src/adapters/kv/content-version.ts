/**
 * The content version: a value in KV that every purge replaces. The edge cache puts it in its
 * keys, so after an editor's change every page is looked up under new keys and rendered afresh,
 * in every location (KV carries the new value everywhere; the Cache API is per location).
 *
 * Every anonymous page view reads it, so an isolate keeps the value it last read for at most
 * one second: a purge reaches this isolate's visitors at most that much later than KV itself
 * carries it, and at once when the purge ran in this isolate. (Only the value is kept, never a
 * pending read: workerd does not let one request wait on another request's I/O.)
 */
const KEY = "content-version";
const REMEMBER_MS = 1_000;

export interface ContentVersionStore {
  current(): Promise<string>;
  /** Replaces the version with a new, never-used value. */
  bump(): Promise<string>;
}

// Per isolate, and per namespace so that tests with bindings of their own never share a value.
let remembered: { kv: KVNamespace; value: string; readAt: number } | null = null;

export function createContentVersionStore(kv: KVNamespace, now: () => number = Date.now): ContentVersionStore {
  return {
    async current() {
      if (remembered?.kv === kv && now() - remembered.readAt < REMEMBER_MS) return remembered.value;
      const value = (await kv.get(KEY)) ?? "initial";
      remembered = { kv, value, readAt: now() };
      return value;
    },
    async bump() {
      const value = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
      await kv.put(KEY, value);
      remembered = { kv, value, readAt: now() };
      return value;
    },
  };
}
