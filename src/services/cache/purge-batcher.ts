import type { PublishPurge, PurgeOutcome } from "../../adapters/durable-objects/content-purger";

/**
 * How purges are serialised and debounced (the rule the content purger object follows,
 * objects/content-purger.ts): a purge opens a batch, every purge that arrives while the batch
 * waits joins it, and the batch is published once, as one change of the content generations,
 * `debounceMs` after it opened and never sooner than `minIntervalMs` after the previous
 * publish (KV takes one write a second per key), by the publish function of the purge that
 * opened it. Batches never overlap. Everyone in a batch gets its outcome: the new version, or
 * the failure, in which case nothing was published (the site goes on serving what it served)
 * and the batch's operations are carried into the next.
 */
export interface PurgeBatcherOptions {
  debounceMs: number;
  minIntervalMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface PurgeBatcher {
  purge(operations: readonly string[], publish: PublishPurge): Promise<PurgeOutcome>;
}

interface Batch {
  operations: Set<string>;
  promise: Promise<PurgeOutcome>;
}

export function createPurgeBatcher({ debounceMs, minIntervalMs, now, sleep }: PurgeBatcherOptions): PurgeBatcher {
  let open: Batch | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  let lastPublishAt = Number.NEGATIVE_INFINITY;
  const carried = new Set<string>();

  return {
    purge(operations, publish) {
      if (open) {
        for (const operation of operations) open.operations.add(operation);
        return open.promise;
      }
      const openedAt = now();
      const before = previous;
      const batch: Batch = { operations: new Set([...carried, ...operations]), promise: Promise.resolve({ failed: "not yet published" }) };
      carried.clear();
      open = batch;
      batch.promise = (async () => {
        await before;
        const wait = Math.max(openedAt + debounceMs, lastPublishAt + minIntervalMs) - now();
        if (wait > 0) await sleep(wait);
        // Closed: a purge from now on opens the next batch.
        if (open === batch) open = null;
        let outcome: PurgeOutcome;
        try {
          outcome = await publish([...batch.operations].sort());
        } catch (error) {
          outcome = { failed: error instanceof Error ? error.message : String(error) };
        }
        lastPublishAt = now();
        if ("failed" in outcome) for (const operation of batch.operations) carried.add(operation);
        return outcome;
      })();
      previous = batch.promise;
      return batch.promise;
    },
  };
}
