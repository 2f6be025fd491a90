/**
 * The content cache policy, in one place. An entry is current while its operation's generation
 * is the one it was loaded under (a purge moves it: generations.ts), and then:
 * - fresh (current, age < fresh): serve the cached copy;
 * - stale (age < fresh + swr), whether merely old or outdated by a purge (for at most
 *   `maxOutdatedMs` after that purge): serve the cached copy and refresh it in the background
 *   with `waitUntil`, so after a publish visitors keep the previous copy until the new one is
 *   in, and no request waits on the CMS;
 * - otherwise (missing, or too old): load now; if the load fails and the copy is younger than
 *   fresh + stale-if-error, serve it and log the error; with no usable copy, fail.
 * Loads of one key are shared: within the isolate (coalesce.ts), and, with `shared`, the
 * replacement of a cached copy among every isolate in every location (one content loader object
 * per key), so a purge costs one CMS request per outdated key, not one per isolate. A cache read or write that fails is
 * logged and treated as a miss, and an unreachable loader object as a load of this isolate's
 * own: the cache never makes a page fail on its own.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { SharedLoadResult, SharedLoads } from "../../adapters/durable-objects/content-loader";
import type { CacheEntry, CacheStore } from "../../adapters/kv/cache-store";
import { type ContentGenerations, NO_GENERATIONS } from "../../adapters/kv/content-generations";
import type { Logger } from "../../log";
import { stableStringify } from "./cache-key";
import { type Coalesce, coalesce as isolateCoalesce } from "./coalesce";
import { requiredGeneration } from "./generations";

export interface CachePolicy {
  freshMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  /**
   * How long after the purge that outdated it a copy may still be served while it is replaced:
   * past that, the replacement is waited for (a refresh that keeps failing or never lands must
   * not hide a publish for the whole stale-while-revalidate window). Unbounded when unset.
   */
  maxOutdatedMs?: number;
}

export type CacheStatus = "fresh" | "stale" | "outdated" | "miss" | "stale-if-error";

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
  /** The content generations as this isolate knows them (at most a second old). */
  generations: () => Promise<ContentGenerations>;
  /** Loads shared by every isolate; null shares them within this isolate only. */
  shared: SharedLoads | null;
  /**
   * Told whenever this request is given content a purge has outdated, or none at all because
   * its load failed: a page built from it must not be kept (the edge cache).
   */
  onOutdated?: () => void;
  /**
   * Told, for every current value this request is given, what it depends on (its operation or
   * derived value's marker, and its tags): a page built from it is outdated by a later purge of
   * one of those and of nothing else (the edge cache keeps pages by them, decision 0073).
   */
  onRead?: (dependsOn: readonly string[]) => void;
  /** This isolate's coalescer unless told otherwise (a test standing in for a second isolate). */
  coalesce?: Coalesce;
  /**
   * How many misses this request is loading through loader objects now (`sharedMissGate`); a
   * miss past the gate's limit is loaded by this isolate. Without a gate, misses are never shared.
   */
  sharedMisses?: SharedMissGate;
}

/** Lets a request share at most `limit` of its misses at once (see `refresh`). */
export interface SharedMissGate {
  tryEnter(): boolean;
  leave(): void;
}

/**
 * A Worker invocation keeps only six connections open at once, and a call to a loader object
 * holds one while its load (a CMS request, then a KV write) needs more: a page that shared a
 * dozen misses at once held them all and starved its own loads until they timed out (seen
 * locally, decision 0048). Two at a time leaves room for their loads and the page's own reads.
 */
export const SHARED_MISSES_PER_REQUEST = 2;

export function sharedMissGate(limit = SHARED_MISSES_PER_REQUEST): SharedMissGate {
  let open = 0;
  return {
    tryEnter() {
      if (open >= limit) return false;
      open += 1;
      return true;
    },
    leave() {
      open -= 1;
    },
  };
}

/** What the cache holds and under which generation. */
export interface CacheSlot {
  key: string;
  /** The generation it belongs to: its operation's name, or DERIVED_GENERATION. */
  generation: string;
  /**
   * Loaded by this isolate alone, never through the key's loader object: a value computed from
   * other cached content (a derived value), whose own reads are shared. A shared load therefore
   * never waits on another shared load, so loads cannot hold each other up.
   */
  local?: boolean;
  /**
   * The tags of what was just loaded (services/cache/document-tags.ts), asked once the load has
   * finished: a purge of one of those documents or addresses outdates the entry too.
   */
  tags?: () => string[];
  /**
   * What shows this value depends on instead of `generation` (a derived value's marker, moved
   * only when the value changes: `onChange`).
   */
  marker?: string;
  /** Told when a reload replaced a cached copy with a different value (a derived value's marker is then purged). */
  onChange?: () => void;
}

/**
 * Set while outdated copies must not be served: outdated content is then loaded (through the
 * shared loads), not served. `inputs`: a derived value is being computed, whose inputs must be
 * current or the value would be stored as current while built from outdated content (and what
 * it read is not reported: what shows it depends on its marker). `render`: a page is rendered
 * again in the background after a purge retired its kept copy (the edge cache's
 * stale-while-revalidate); nobody waits for it, and it is kept only if built from current content.
 */
const currentOnly = new AsyncLocalStorage<"inputs" | "render">();

/** Runs `compute` so that every cached read it makes returns current content (loading it if need be). */
export const withCurrentInputs = <T>(compute: () => Promise<T>): Promise<T> => currentOnly.run("inputs", compute);

/** Runs `render` so that every cached read it makes returns current content, reporting what it read as usual. */
export const withCurrentContent = <T>(render: () => Promise<T>): Promise<T> => currentOnly.run("render", render);

/** Whether this is a render `withCurrentContent` runs (a page rendered again in the background). */
export const rendersCurrentContentOnly = (): boolean => currentOnly.getStore() === "render";

/** How long KV keeps an entry: long enough for the longest stale window. */
export const entryTtlSeconds = (policy: CachePolicy): number =>
  (policy.freshMs + Math.max(policy.staleWhileRevalidateMs, policy.staleIfErrorMs)) / 1000;

export async function readThrough<T>(deps: ReadThroughDeps, slot: CacheSlot, load: () => Promise<T>): Promise<Cached<T>> {
  const { policy, now } = deps;
  const [entry, generations] = await Promise.all([safeGet<T>(deps, slot.key), safeGenerations(deps)]);
  const generation = requiredGeneration(generations, slot.generation, entry?.tags);
  const current = entry !== null && entry.generation >= generation;
  // A load that begins now reads everything every purge so far has published.
  const stamp = generations.version;
  const age = entry ? now() - entry.fetchedAt : Number.POSITIVE_INFINITY;

  if (entry && current && age < policy.freshMs) {
    reported(deps, slot, entry);
    return { value: entry.value, status: "fresh", fetchedAt: entry.fetchedAt };
  }
  // A generation is the clock reading of the purge that set it: how long this copy has been outdated.
  const servable = current || (!currentOnly.getStore() && now() - generation < (policy.maxOutdatedMs ?? Number.POSITIVE_INFINITY));
  if (entry && age < policy.freshMs + policy.staleWhileRevalidateMs && servable) {
    if (current) reported(deps, slot, entry);
    else deps.onOutdated?.();
    deps.waitUntil(
      refresh(deps, slot, { generation, stamp, newerThan: entry.fetchedAt, share: true, previous: entry }, load).catch((error: unknown) =>
        deps.log.error("cache.revalidate_failed", { key: slot.key, error }),
      ),
    );
    return { value: entry.value, status: current ? "stale" : "outdated", fetchedAt: entry.fetchedAt };
  }

  try {
    const loaded = refresh(deps, slot, { generation, stamp, newerThan: entry?.fetchedAt ?? 0, share: entry !== null, previous: entry }, load);
    // Keep the loading request alive until the shared load settles, even if its client goes away.
    deps.waitUntil(loaded.catch(() => undefined));
    const fresh = await loaded;
    reported(deps, slot, fresh);
    return { value: fresh.value, status: "miss", fetchedAt: fresh.fetchedAt };
  } catch (error) {
    if (entry && age < policy.freshMs + policy.staleIfErrorMs) {
      if (current) reported(deps, slot, entry);
      else deps.onOutdated?.();
      deps.log.error("cache.stale_if_error", { key: slot.key, ageSeconds: Math.round(age / 1000), error });
      return { value: entry.value, status: "stale-if-error", fetchedAt: entry.fetchedAt };
    }
    // What is built without this content (a notice in its place) must not be kept either.
    deps.onOutdated?.();
    throw error;
  }
}

/**
 * Tells the request what a current value it was given depends on. A derived value's inputs are
 * not told: what shows the value depends on its marker, which moves only if it changes.
 */
function reported(deps: ReadThroughDeps, slot: CacheSlot, entry: CacheEntry<unknown>): void {
  if (!deps.onRead || currentOnly.getStore() === "inputs") return;
  deps.onRead([slot.marker ?? slot.generation, ...(entry.tags ?? [])]);
}

/**
 * Loads `slot` and stores it, through the key's loader object so that every isolate in every
 * location asking at once shares one CMS request: always for a copy being replaced (`share`:
 * after a publish every isolate has one), and for a miss while the request's gate lets it (at
 * most two at a time: `SHARED_MISSES_PER_REQUEST`); other misses are loaded by this isolate,
 * coalesced within it.
 */
function refresh<T>(
  deps: ReadThroughDeps,
  slot: CacheSlot,
  wanted: { generation: number; stamp: number; newerThan: number; share: boolean; previous: CacheEntry<T> | null },
  load: () => Promise<T>,
): Promise<CacheEntry<T>> {
  const { key } = slot;
  // Stamped with the version seen before loading: a purge published meanwhile outdates it.
  const loadAndStore = async (): Promise<CacheEntry<T>> => {
    const value = await load();
    const tags = slot.tags?.();
    const entry: CacheEntry<T> = { value, fetchedAt: deps.now(), generation: Math.max(wanted.stamp, wanted.generation), ...(tags?.length ? { tags } : {}) };
    try {
      await deps.store.put(key, entry, entryTtlSeconds(deps.policy));
    } catch (error) {
      deps.log.error("cache.write_failed", { key, error });
    }
    // Told once the new value is in, so whatever is rendered after the news can be given it.
    if (slot.onChange && wanted.previous && stableStringify(value) !== stableStringify(wanted.previous.value)) slot.onChange();
    return entry;
  };
  const coalesce = deps.coalesce ?? isolateCoalesce;
  return coalesce(key, async () => {
    const { shared } = deps;
    if (!shared || slot.local) return loadAndStore();
    const gate = wanted.share ? null : deps.sharedMisses;
    if (!wanted.share && !gate?.tryEnter()) return loadAndStore();
    try {
      return await sharedLoad(shared);
    } finally {
      gate?.leave();
    }
  });

  async function sharedLoad(shared: SharedLoads): Promise<CacheEntry<T>> {
    const loadForAll = (): Promise<SharedLoadResult<T>> =>
      loadAndStore().then(
        (entry) => ({ entry }),
        (error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) }),
      );
    let result: SharedLoadResult<T>;
    try {
      result = await shared.load(key, { generation: wanted.generation, newerThan: wanted.newerThan }, loadForAll);
    } catch (error) {
      // The loader object is out of reach: this isolate loads on its own rather than fail.
      deps.log.warn("cache.shared_load_unavailable", { key, error });
      return loadAndStore();
    }
    if ("failed" in result) throw new Error(result.failed);
    return result.entry;
  }
}

async function safeGet<T>(deps: ReadThroughDeps, key: string): Promise<CacheEntry<T> | null> {
  try {
    return await deps.store.get<T>(key);
  } catch (error) {
    deps.log.error("cache.read_failed", { key, error });
    return null;
  }
}

async function safeGenerations(deps: ReadThroughDeps): Promise<ContentGenerations> {
  try {
    return await deps.generations();
  } catch (error) {
    // Unknown generations: every entry counts as current, as before any purge.
    deps.log.error("cache.generations_read_failed", { error });
    return NO_GENERATIONS;
  }
}
