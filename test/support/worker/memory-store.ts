import type { CacheEntry, CacheStore } from "../../../src/adapters/kv/cache-store";

/** An in-memory CacheStore for unit tests of cache policy (KV itself is covered by integration tests). */
export function createMemoryStore(): CacheStore & { entries: Map<string, CacheEntry<unknown>>; failReads: boolean } {
  const entries = new Map<string, CacheEntry<unknown>>();
  return {
    entries,
    failReads: false,
    async get<T>(key: string) {
      if (this.failReads) throw new Error("KV read failed");
      return (entries.get(key) as CacheEntry<T> | undefined) ?? null;
    },
    async put(key, entry) {
      entries.set(key, entry);
    },
  };
}

/** A logger that records lines instead of printing them. */
export function createRecordingLog() {
  const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (event: string, fields: Record<string, unknown> = {}) => {
    lines.push({ level, event, fields });
  };
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}
