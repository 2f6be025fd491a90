/**
 * The client of the content purger (objects/content-purger.ts): one Durable Object for the
 * whole site through which every purge passes, so purges are serialised and a burst of CMS
 * webhooks becomes one change. The change itself is published by the caller, passed as an RPC
 * callback: the object only decides when, and for which operations.
 */
import { settled } from "./content-loader";

/**
 * A published purge's content version, or why it could not be published. A failure is a value,
 * not a throw, so that it crosses the object and back as what it is.
 */
export type PurgeOutcome = { version: number } | { failed: string };

/** Publishes one change for `operations` (in the caller's isolate). */
export type PublishPurge = (operations: string[]) => Promise<PurgeOutcome>;

export interface ContentPurgerRpc {
  purge(operations: string[], publish: PublishPurge): Promise<PurgeOutcome>;
}

export interface PurgeCoordinator {
  /** The outcome of the batch this purge joined, once it is published or has failed. */
  purge(operations: readonly string[], publish: PublishPurge): Promise<PurgeOutcome>;
}

/** Every purge goes to the one instance of this name. */
const INSTANCE = "site";

export function createPurgeCoordinator(namespace: DurableObjectNamespace): PurgeCoordinator {
  return {
    async purge(operations, publish) {
      const purger = namespace.get(namespace.idFromName(INSTANCE)) as unknown as ContentPurgerRpc;
      return settled(await purger.purge([...operations], publish));
    },
  };
}
