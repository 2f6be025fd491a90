/**
 * Cache purge after an editor's change, in constant time: the operations that read the changed
 * model get a new generation, in one write of the content generations to KV, whatever the
 * number of cached entries (services/cache/generations.ts). Their entries are left as they are:
 * from then on they are outdated, served only while one shared load replaces each
 * (read-through.ts) or while the CMS is down, and they expire on their own. Unknown models and
 * media changes purge everything: correctness over cache hit rate. Values derived from several
 * operations are retired by every purge, since they may read any model.
 *
 * Purges pass through one coordinator (a Durable Object) that serialises and debounces them, so
 * a burst of webhooks makes one change. A purge that cannot be published changes nothing and
 * fails, so the CMS is answered with an error (and may retry) and the site keeps serving the
 * content it served.
 */
import type { PurgeCoordinator, PurgeOutcome } from "../../adapters/durable-objects/content-purger";
import type { PurgeLog } from "../../adapters/d1/purge-log";
import type { ContentGenerationsStore } from "../../adapters/kv/content-generations";
import { ALL_OPERATIONS } from "../../adapters/cms/operations";
import { pageAddress } from "../../adapters/cms/operations/pages";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { addressTag, documentTag } from "../cache/document-tags";
import { afterPurge, derivedMarker, SEARCH_INDEX_MARKER } from "../cache/generations";

export interface PurgeRequest {
  /** The CMS model that changed (Strapi's singular name); null purges everything. */
  model: string | null;
  /** The CMS event, e.g. `entry.publish`, for the log. */
  event: string | null;
  /**
   * The changed entry as the webhook describes it (its documentId, and a page's type and slug
   * or an article's slug as they are now), when it names one: then the operations that show
   * that model's documents one by one are purged for this document alone.
   */
  entry?: { documentId: string; slug?: string | null; type?: string | null } | null;
  /** Exactly what to purge instead (a derived value's marker when it changed), whatever the model. */
  items?: readonly string[];
}

/** Where a document of `model` is looked up, from the webhook's entry (the page's address as the cache knows it). */
function addressOf(model: string, entry: NonNullable<PurgeRequest["entry"]>): string | null {
  if (!entry.slug) return null;
  if (model === "general-page") return entry.type ? pageAddress({ type: entry.type, slug: entry.slug }) : null;
  if (model === "article") return entry.slug;
  return null;
}

export interface PurgeResult {
  operations: string[];
  /** The content version that includes this purge (shared by every purge in its batch). */
  version: number;
}

export interface PurgeDeps {
  coordinator: PurgeCoordinator;
  generations: ContentGenerationsStore;
  purgeLog: PurgeLog;
  log: Logger;
  now: () => number;
  /** How long a cached entry can live: a document's tag is kept that long after its purge. */
  retainTagsMs?: number;
}

/**
 * What a change to `model` outdates: the operations whose cached responses depend on it (every
 * operation when it is unknown). When the webhook names the changed document, an operation that
 * shows that model's documents one by one is not purged whole: the document's tag and its
 * address's tag are, so only the answers that show it or looked it up are outdated.
 */
export function operationsForModel(model: string | null, entry: PurgeRequest["entry"] = null): string[] {
  const all = ALL_OPERATIONS.map((op) => op.name);
  if (!model) return all;
  const reading = ALL_OPERATIONS.filter((op) => op.models.includes(model));
  if (reading.length === 0) return all;
  if (!entry || !reading.some((op) => op.documentModels.includes(model))) return reading.map((op) => op.name);
  const address = addressOf(model, entry);
  const tags = [documentTag(entry.documentId), ...(address ? [addressTag(model, address)] : [])];
  return [...reading.filter((op) => !op.documentModels.includes(model)).map((op) => op.name), ...tags];
}

/**
 * What a recomputed derived value that came out different does: its marker is purged (in the
 * background, through the same coordinator as every purge), which retires what showed it. A
 * failure is logged by the purge; the value's next change, or the edge's own expiry, follows.
 */
export function purgeChangedDerived(purge: (request: PurgeRequest) => Promise<PurgeResult>, waitUntil: (promise: Promise<unknown>) => void) {
  return (name: string): void =>
    waitUntil(purge({ model: null, event: "derived.changed", items: [derivedMarker(name)] }).catch(() => undefined));
}

/**
 * What the search indexer does once it has changed the index: a purge of the index's marker
 * alone, which retires the pages kept at the edge that show search results (and nothing else).
 */
export function purgeSearchPages(purge: (request: PurgeRequest) => Promise<PurgeResult>): () => Promise<void> {
  return async () => void (await purge({ model: null, event: "search.indexed", items: [SEARCH_INDEX_MARKER] }));
}

/** One change of the content generations for `operations`: a KV read and a KV write. */
export async function publishPurge(deps: Pick<PurgeDeps, "generations" | "now" | "retainTagsMs">, operations: readonly string[]): Promise<PurgeOutcome> {
  try {
    const next = afterPurge(await deps.generations.read(), operations, deps.now(), deps.retainTagsMs);
    await deps.generations.write(next);
    return { version: next.version };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

export async function purgeContent(deps: PurgeDeps, request: PurgeRequest): Promise<PurgeResult> {
  const operations = request.items ? [...request.items] : operationsForModel(request.model, request.entry);
  // (The CMS's event goes in the log as `cmsEvent`: `event` names the log line itself.)
  const about = { model: request.model, cmsEvent: request.event, operations };
  let outcome: PurgeOutcome;
  try {
    outcome = await deps.coordinator.purge(operations, (batch) => publishPurge(deps, batch));
  } catch (error) {
    outcome = { failed: `the purge coordinator could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  if ("failed" in outcome) {
    deps.log.error("cache.purge_failed", { ...about, reason: outcome.failed });
    throw new AppError("CACHE_PURGE_FAILED", "The purge could not be published; the site still serves the content it served. Send it again.", {
      details: { reason: outcome.failed },
    });
  }
  const { version } = outcome;
  deps.log.info("cache.purged", { ...about, version });
  // The batch may have been published by another isolate: what this one renders next must see it.
  if ((await deps.generations.current()).version < version) await deps.generations.read();
  try {
    await deps.purgeLog.record({ model: request.model, event: request.event, operations });
  } catch (error) {
    // The purge itself succeeded; a missing log line must not make the CMS retry it.
    deps.log.error("cache.purge_log_failed", { error });
  }
  return { operations, version };
}
