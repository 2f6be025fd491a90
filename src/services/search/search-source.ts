/**
 * The published documents the index is built from, read straight from the CMS (no cache: the
 * index must follow what is published now) and turned into plain text (document-text.ts).
 */
import type { CmsClient } from "../../adapters/cms/client";
import { searchArticlesOperation, searchGeneralPagesOperation, searchSourceVars, type SearchSourcePage, searchWebinarsOperation } from "../../adapters/cms/operations/search";
import type { SearchDocument, SearchModel } from "../../domain/search";
import { articleDocument, pageDocument, webinarDocument } from "./document-text";

export interface SearchSourceBatch {
  documents: SearchDocument[];
  /** Entities the CMS returned, readable or not (fewer than asked for: the last page). */
  returned: number;
  malformed: { documentId: string | null; problem: string }[];
}

export interface SearchSource {
  /** One page of `limit` published documents of `model` from `start`, or (documentId) that one document if published. */
  read(model: SearchModel, query: { documentId: string } | { start: number; limit: number }): Promise<SearchSourceBatch>;
}

const asBatch = <T>(page: SearchSourcePage<T>, toDocument: (documentId: string, value: T) => SearchDocument): SearchSourceBatch => ({
  documents: page.documents.map(({ documentId, value }) => toDocument(documentId, value)),
  returned: page.returned,
  malformed: page.malformed,
});

export function createSearchSource(cms: CmsClient): SearchSource {
  return {
    async read(model, query) {
      const vars = "documentId" in query ? searchSourceVars(query.documentId) : searchSourceVars(null, query.start, query.limit);
      switch (model) {
        case "general-page":
          return asBatch(await cms.run(searchGeneralPagesOperation, vars), pageDocument);
        case "article":
          return asBatch(await cms.run(searchArticlesOperation, vars), articleDocument);
        case "webinar":
          return asBatch(await cms.run(searchWebinarsOperation, vars), webinarDocument);
      }
    },
  };
}
