/**
 * The client of the content loaders (objects/content-loader.ts): one Durable Object per cache
 * key, the same instance for every isolate in every location, through which loads of that key
 * are shared. The load itself runs in the caller's isolate, passed as an RPC callback: the
 * object only decides whose load every caller gets.
 */
import { currentRequestId, withRequestId } from "../../request-context";
import type { CacheEntry } from "../kv/cache-store";

/** What a caller needs: an entry at least this generation, fetched after its own copy was. */
export interface Wanted {
  generation: number;
  newerThan: number;
}

/** A load's outcome as every sharer sees it: the entry, or why the load failed. */
export type SharedLoadResult<T> = { entry: CacheEntry<T> } | { failed: string };

/**
 * A load as the object calls it back: its failure is a value, not a throw, so that it crosses
 * the object and back as what it is (a throw out of a callback is also reported as uncaught).
 */
export type SharedLoad<T> = () => Promise<SharedLoadResult<T>>;

/** The RPC surface of a content loader object. */
export interface ContentLoaderRpc {
  load(wanted: Wanted, load: SharedLoad<unknown>): Promise<SharedLoadResult<unknown>>;
}

export interface SharedLoads {
  load<T>(key: string, wanted: Wanted, load: SharedLoad<T>): Promise<SharedLoadResult<T>>;
}

/**
 * The plain value of an object an RPC returned, with the result itself disposed: the runtime
 * gives every returned object a disposer, and one left to the garbage collector is reported.
 */
export function settled<T extends object>(result: T): T {
  const value = { ...result };
  (result as Partial<Disposable>)[Symbol.dispose]?.();
  return value;
}

export function createSharedLoads(namespace: DurableObjectNamespace): SharedLoads {
  return {
    async load<T>(key: string, wanted: Wanted, load: SharedLoad<T>) {
      const loader = namespace.get(namespace.idFromName(key)) as unknown as ContentLoaderRpc;
      // The object calls the load back as an RPC of its own, outside this request's context: it
      // runs under the caller's request id again, so its log lines still name the request.
      const requestId = currentRequestId();
      const asCaller: SharedLoad<T> = requestId ? () => withRequestId(requestId, load) : load;
      return settled((await loader.load(wanted, asCaller)) as SharedLoadResult<T>);
    },
  };
}
