/**
 * Keeping the search index in step with the CMS. The CMS webhook (POST /api/cache/purge) puts one
 * message per changed document on the search queue; its consumer reads that document as
 * published now and writes it, or removes it when it is not published (unpublished, deleted, or
 * a draft never published): so publish, update, unpublish and delete are one path, and a late or
 * repeated message does no harm. A rebuild walks every page, article and webinar a page of
 * REBUILD_PAGE_SIZE per message, and only when the last page is written removes what it did not
 * see; a CMS outage midway leaves the index as it was (the message is retried, nothing removed).
 */
import * as z from "zod";
import type { SearchIndexStore } from "../../adapters/d1/search-index";
import { isSearchModel, SEARCH_MODELS, type SearchModel, searchDocumentKey } from "../../domain/search";
import type { Logger } from "../../log";
import type { SearchSource } from "./search-source";

/** Documents read and written per rebuild message: a handful of D1 statements each, well inside one invocation's 1,000. */
export const REBUILD_PAGE_SIZE = 25;
/** A failed message waits this long times its attempts before it is tried again. */
const RETRY_DELAY_SECONDS = 30;

const SearchModelSchema = z.enum(SEARCH_MODELS);

export const SearchQueueMessage = z.discriminatedUnion("kind", [
  /** A document the CMS says changed: index it as published now, or remove it. */
  z.object({ kind: z.literal("document"), model: SearchModelSchema, documentId: z.string().min(1).max(100) }),
  /** One page of rebuild `generation`: `model`'s documents from `start`. */
  z.object({ kind: z.literal("rebuild"), generation: z.number().int().positive(), model: SearchModelSchema, start: z.number().int().min(0) }),
]);
export type SearchQueueMessage = z.infer<typeof SearchQueueMessage>;

/** What a queue message offers its consumer (Cloudflare's Message). */
export interface QueuedMessage {
  body: unknown;
  attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface SearchIndexerDeps {
  store: SearchIndexStore;
  source: SearchSource;
  send: (message: SearchQueueMessage) => Promise<void>;
  now: () => Date;
  log: Logger;
  /**
   * Told once per consumed batch that changed the index: the pages kept at the edge that show
   * search results are then retired (a purge of the index's marker, through the purge
   * coordinator, so a stream of batches never writes KV faster than it allows).
   */
  onIndexChanged?: () => Promise<void>;
}

/** The part of a Strapi webhook payload the index reads: the model and the entry's documentId. */
const WebhookEntry = z.object({
  event: z.string().max(100).nullish(),
  model: z.string().max(100).nullish(),
  entry: z.object({ documentId: z.string().min(1).max(100) }).loose(),
});

/**
 * The queue message for a CMS webhook payload, or null (logged) when the index has nothing to
 * do: a model it does not follow, a media event, or an entry it cannot read.
 */
export function webhookChange(payload: unknown, log: Logger): SearchQueueMessage | null {
  const model = typeof payload === "object" && payload !== null ? (payload as { model?: unknown }).model : undefined;
  const event = typeof payload === "object" && payload !== null ? (payload as { event?: unknown }).event : undefined;
  if (!isSearchModel(model)) {
    // (Not `event`: that field of a log line is the line's own event.)
    log.info("search.webhook_ignored", { model: typeof model === "string" ? model : null, cmsEvent: typeof event === "string" ? event : null });
    return null;
  }
  const parsed = WebhookEntry.safeParse(payload);
  if (!parsed.success) {
    log.warn("search.webhook_malformed", { model, cmsEvent: typeof event === "string" ? event : null, problem: z.prettifyError(parsed.error) });
    return null;
  }
  return { kind: "document", model, documentId: parsed.data.entry.documentId };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;

export function createSearchIndexer(deps: SearchIndexerDeps) {
  const { store, source, log } = deps;

  /** Whether the index changed. */
  async function indexDocument(model: SearchModel, documentId: string): Promise<boolean> {
    const key = searchDocumentKey(model, documentId);
    const { documents, malformed } = await source.read(model, { documentId });
    if (malformed.length > 0) {
      // The published entry cannot be read: what the index holds of it stays until it can.
      log.warn("search.entry_malformed", { model, documentId, problem: malformed[0]!.problem });
      return false;
    }
    const document = documents.find((doc) => doc.key === key);
    if (document) {
      await store.upsert([document], null, deps.now());
      log.info("search.indexed", { key, access: document.access });
      return true;
    }
    const removed = await store.remove([key]);
    log.info("search.removed", { key, removed });
    return removed > 0;
  }

  async function rebuildPage(message: Extract<SearchQueueMessage, { kind: "rebuild" }>): Promise<void> {
    const { generation, model, start } = message;
    const page = await source.read(model, { start, limit: REBUILD_PAGE_SIZE });
    for (const { documentId, problem } of page.malformed) log.warn("search.entry_malformed", { model, documentId, problem, generation });
    await store.upsert(page.documents, generation, deps.now());
    if (page.returned >= REBUILD_PAGE_SIZE) return deps.send({ kind: "rebuild", generation, model, start: start + page.returned });
    const nextModel = SEARCH_MODELS[SEARCH_MODELS.indexOf(model) + 1];
    if (nextModel) return deps.send({ kind: "rebuild", generation, model: nextModel, start: 0 });
    const removed = await store.finishRebuild(generation, deps.now());
    log.info("search.rebuilt", { generation, removed, indexed: await store.count() });
  }

  return {
    /** Queues the index's share of a CMS webhook; `{ queued: false }` when it has none (logged). */
    async queueChange(payload: unknown): Promise<{ queued: boolean }> {
      const message = webhookChange(payload, log);
      if (!message) return { queued: false };
      try {
        await deps.send(message);
        return { queued: true };
      } catch (error) {
        // The webhook's purge stands; the index catches up at the next change or rebuild.
        log.error("search.queue_failed", { message, error });
        return { queued: false };
      }
    },

    /** Starts a full rebuild: its first page is queued; returns its generation. */
    async requestRebuild(): Promise<{ generation: number }> {
      const generation = await store.startRebuild(deps.now());
      await deps.send({ kind: "rebuild", generation, model: SEARCH_MODELS[0], start: 0 });
      log.info("search.rebuild_started", { generation });
      return { generation };
    },

    /** The search queue's consumer: each message acknowledged once done, retried with a delay when the CMS or D1 fails. */
    async consume(messages: readonly QueuedMessage[]): Promise<void> {
      let changed = false;
      // Every message of a batch was sent before the batch began, so one read of a document, as
      // published now, answers them all: Strapi sends two webhooks for one save-and-publish.
      const indexed = new Set<string>();
      for (const message of messages) {
        const parsed = SearchQueueMessage.safeParse(message.body);
        if (!parsed.success) {
          log.warn("search.message_malformed", { problem: z.prettifyError(parsed.error) });
          message.ack();
          continue;
        }
        try {
          if (parsed.data.kind === "document") {
            const key = searchDocumentKey(parsed.data.model, parsed.data.documentId);
            if (!indexed.has(key)) changed = (await indexDocument(parsed.data.model, parsed.data.documentId)) || changed;
            indexed.add(key);
          } else {
            await rebuildPage(parsed.data);
            changed = true;
          }
          message.ack();
        } catch (error) {
          log.error("search.index_failed", { message: parsed.data, attempts: message.attempts, error });
          message.retry({ delaySeconds: RETRY_DELAY_SECONDS * message.attempts });
        }
      }
      if (!changed || !deps.onIndexChanged) return;
      try {
        await deps.onIndexChanged();
      } catch (error) {
        // The index is written; pages showing the old results are kept at most their minute.
        log.error("search.pages_not_retired", { error });
      }
    },
  };
}
