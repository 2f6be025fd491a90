/**
 * The search queue's consumer reads a document once per batch however many messages name it:
 * Strapi sends two webhooks (update, then publish) for one save-and-publish, and every message
 * of a batch was sent before the batch began, so one read as published now answers them all.
 */
import { describe, expect, it } from "vitest";
import type { SearchIndexStore } from "../../src/adapters/d1/search-index";
import type { SearchDocument, SearchModel } from "../../src/domain/search";
import { createSearchIndexer, type QueuedMessage } from "../../src/services/search/indexer";
import type { SearchSource } from "../../src/services/search/search-source";
import { createRecordingLog } from "../support/worker/memory-store";

const page = (documentId: string): SearchDocument =>
  ({ key: `general-page:${documentId}`, kind: "page", access: "public", title: documentId, description: "", body: "", href: `/${documentId}`, date: null }) as SearchDocument;

function harness(failFirstReadOf?: string) {
  const reads: string[] = [];
  const source: SearchSource = {
    async read(_model: SearchModel, query) {
      const documentId = "documentId" in query ? query.documentId : "";
      reads.push(documentId);
      if (documentId === failFirstReadOf && reads.filter((id) => id === documentId).length === 1) throw new Error("CMS answered 503");
      return { documents: [page(documentId)], returned: 1, malformed: [] };
    },
  };
  const written: string[] = [];
  const store = { upsert: async (documents: readonly SearchDocument[]) => void written.push(...documents.map((d) => d.key)) } as unknown as SearchIndexStore;
  const { log } = createRecordingLog();
  const indexer = createSearchIndexer({ store, source, send: async () => undefined, now: () => new Date(), log });
  return { indexer, reads, written };
}

const message = (documentId: string) => {
  const outcome = { acked: false, retried: false };
  const queued: QueuedMessage = {
    body: { kind: "document", model: "general-page", documentId },
    attempts: 1,
    ack: () => void (outcome.acked = true),
    retry: () => void (outcome.retried = true),
  };
  return { queued, outcome };
};

describe("the search queue's consumer", () => {
  it("reads a document named twice in one batch once, and acknowledges both messages", async () => {
    const { indexer, reads, written } = harness();
    const batch = [message("a"), message("b"), message("a")];
    await indexer.consume(batch.map((m) => m.queued));
    expect(reads).toEqual(["a", "b"]);
    expect(written).toEqual(["general-page:a", "general-page:b"]);
    expect(batch.map((m) => m.outcome)).toEqual(batch.map(() => ({ acked: true, retried: false })));
  });

  it("reads it again for the second message when the first read failed (that message is retried)", async () => {
    const { indexer, reads, written } = harness("a");
    const batch = [message("a"), message("a")];
    await indexer.consume(batch.map((m) => m.queued));
    expect(reads).toEqual(["a", "a"]);
    expect(written).toEqual(["general-page:a"]);
    expect(batch.map((m) => m.outcome)).toEqual([
      { acked: false, retried: true },
      { acked: true, retried: false },
    ]);
  });
});
