/**
 * The content generations: one small value in KV that every purge replaces, and nothing else.
 * `version` moves with every purge (the edge cache puts it in its keys, so every kept page is
 * retired at once); `operations` holds, per CMS operation (and `derived`), the version of the
 * last purge that touched it. A cached entry records the generation of its operation when its
 * load began, so a purge retires every entry of an operation without reading or writing one
 * of them: one write whatever the number of entries (services/cache/generations.ts).
 *
 * Every page view reads it, so an isolate keeps the value it last read for at most one second:
 * a purge reaches this isolate's visitors at most that much later than KV itself carries it,
 * and at once when the purge was published from this isolate. (Only the value is kept, never a
 * pending read: workerd does not let one request wait on another request's I/O.)
 */
import * as z from "zod";

const KEY = "content-generations";
const REMEMBER_MS = 1_000;

export interface ContentGenerations {
  /** Moves with every purge: what the edge cache keys pages by. */
  version: number;
  /** Per operation name: the version of the last purge that touched it (absent: never purged). */
  operations: Record<string, number>;
  /**
   * Per document or address tag (services/cache/document-tags.ts): the version of the last purge
   * of that one document. Kept only as long as a cached entry can live.
   */
  tags?: Record<string, number>;
}

export const NO_GENERATIONS: ContentGenerations = { version: 0, operations: {} };

const Stored = z.object({
  version: z.number().int().nonnegative(),
  operations: z.record(z.string(), z.number().int().nonnegative()),
  tags: z.record(z.string(), z.number().int().nonnegative()).optional(),
});

export interface ContentGenerationsStore {
  /** The value as this isolate last read it (at most a second ago). */
  current(): Promise<ContentGenerations>;
  /** The value in KV now, bypassing the isolate's copy (for the purge that replaces it). */
  read(): Promise<ContentGenerations>;
  /** Replaces the value: one KV write. */
  write(generations: ContentGenerations): Promise<void>;
}

// Per isolate, and per namespace so that tests with bindings of their own never share a value.
let remembered: { kv: KVNamespace; value: ContentGenerations; readAt: number } | null = null;

export function createContentGenerationsStore(kv: KVNamespace, now: () => number = Date.now): ContentGenerationsStore {
  const store: ContentGenerationsStore = {
    async current() {
      if (remembered?.kv === kv && now() - remembered.readAt < REMEMBER_MS) return remembered.value;
      return store.read();
    },
    async read() {
      const parsed = Stored.safeParse(await kv.get(KEY, "json"));
      // A missing or unreadable value means no purge has been published: every entry stands.
      const value = parsed.success ? parsed.data : NO_GENERATIONS;
      remembered = { kv, value, readAt: now() };
      return value;
    },
    async write(generations) {
      await kv.put(KEY, JSON.stringify(generations));
      remembered = { kv, value: generations, readAt: now() };
    },
  };
  return store;
}
