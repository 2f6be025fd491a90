/**
 * In-isolate request coalescing: while a load for a key is in flight, every other caller for
 * that key shares its promise, so concurrent cache misses make one CMS call.
 */
const inflight = new Map<string, Promise<unknown>>();

export function coalesce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = inflight.get(key);
  if (existing) return existing as Promise<T>;
  const promise = load().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

/** How many loads are in flight (for tests and diagnostics). */
export const inflightCount = (): number => inflight.size;
