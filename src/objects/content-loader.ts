/**
 * A content loader: the Durable Object for one content cache key (its name), shared by every
 * isolate in every location, so a key invalidated by a purge is loaded from the CMS once, not
 * once per isolate (services/cache/single-flight.ts has the rule). It keeps only the last entry,
 * in memory: losing it costs one more load, never a wrong answer.
 */
import { DurableObject } from "cloudflare:workers";
import type { ContentLoaderRpc, SharedLoad, SharedLoadResult, Wanted } from "../adapters/durable-objects/content-loader";
import type { Bindings } from "../env";
import { createSingleFlight } from "../services/cache/single-flight";

/** About as long as KV takes to carry a write to every location. */
export const REMEMBER_LOAD_MS = 60_000;

export class ContentLoader extends DurableObject<Bindings> implements ContentLoaderRpc {
  private readonly flight = createSingleFlight({ now: Date.now, rememberMs: REMEMBER_LOAD_MS });

  load(wanted: Wanted, load: SharedLoad<unknown>): Promise<SharedLoadResult<unknown>> {
    return this.flight.run(wanted, load);
  }
}
