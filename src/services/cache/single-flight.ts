/**
 * The rule one content loader object follows for its key (objects/content-loader.ts): while a
 * load that satisfies a caller is under way, the caller shares it; once one has finished, a
 * caller that it satisfies gets its entry at once. So after a purge every isolate in every
 * location asking for the key makes one CMS request between them, whoever asked first.
 * A failed load is reported to everyone who shared it, and the next caller tries again.
 *
 * The finished load is remembered only for `rememberMs`, about as long as KV takes to carry the
 * loader's write everywhere: after that, a caller still without the entry has lost it (expired,
 * or removed), and loads again.
 */
import type { SharedLoad, SharedLoadResult, Wanted } from "../../adapters/durable-objects/content-loader";
import type { CacheEntry } from "../../adapters/kv/cache-store";

export interface SingleFlight {
  run(wanted: Wanted, load: SharedLoad<unknown>): Promise<SharedLoadResult<unknown>>;
}

export function createSingleFlight({ now, rememberMs }: { now: () => number; rememberMs: number }): SingleFlight {
  let last: { entry: CacheEntry<unknown>; at: number } | null = null;
  let inflight: { generation: number; promise: Promise<SharedLoadResult<unknown>> } | null = null;

  return {
    run(wanted, load) {
      if (last && now() - last.at < rememberMs && last.entry.generation >= wanted.generation && last.entry.fetchedAt > wanted.newerThan) {
        return Promise.resolve({ entry: last.entry });
      }
      // A load under way will be fetched after the caller's copy was: only its generation matters.
      if (inflight && inflight.generation >= wanted.generation) return inflight.promise;
      const promise: Promise<SharedLoadResult<unknown>> = load()
        .then(
          (result): SharedLoadResult<unknown> => {
            if ("entry" in result && (!last || result.entry.fetchedAt >= last.entry.fetchedAt)) last = { entry: result.entry, at: now() };
            return result;
          },
          (error: unknown): SharedLoadResult<unknown> => ({ failed: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          if (inflight?.promise === promise) inflight = null;
        });
      inflight = { generation: wanted.generation, promise };
      return promise;
    },
  };
}
