/**
 * The content purger: the one Durable Object every cache purge passes through (by name, the
 * same instance for every isolate and location). It serialises and debounces purges
 * (services/cache/purge-batcher.ts) so that a burst of CMS webhooks makes one change of the
 * content generations, never more than one a second (KV's limit for one key). It keeps nothing
 * but the batch in memory: the generations themselves live in KV.
 */
import { DurableObject } from "cloudflare:workers";
import type { ContentPurgerRpc, PublishPurge, PurgeOutcome } from "../adapters/durable-objects/content-purger";
import type { Bindings } from "../env";
import { createPurgeBatcher } from "../services/cache/purge-batcher";

/** Long enough for the webhooks of one editor's save (update, then publish) to share a change. */
export const PURGE_DEBOUNCE_MS = 1_000;
/** KV accepts one write a second to one key. */
export const PURGE_MIN_INTERVAL_MS = 1_000;

export class ContentPurger extends DurableObject<Bindings> implements ContentPurgerRpc {
  private readonly batcher = createPurgeBatcher({
    debounceMs: PURGE_DEBOUNCE_MS,
    minIntervalMs: PURGE_MIN_INTERVAL_MS,
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });

  purge(operations: string[], publish: PublishPurge): Promise<PurgeOutcome> {
    return this.batcher.purge(operations, publish);
  }
}
