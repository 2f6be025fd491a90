/**
 * In-isolate request coalescing: while a load for a key is in flight, every other caller for
 * that key shares its promise, so concurrent cache misses in one isolate make one call (to the
 * CMS, or to the load every isolate shares: shared-load.ts).
 */
export type Coalesce = <T>(key: string, load: () => Promise<T>) => Promise<T>;

export function createCoalescer(): Coalesce {
  const inflight = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const existing = inflight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = load().finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  };
}

/** This isolate's coalescer: every request in the isolate shares it. */
export const coalesce = createCoalescer();
