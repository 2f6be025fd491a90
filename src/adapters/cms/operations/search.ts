/**
 * What the site search indexes, read straight from the CMS (never through the content cache, so
 * the index follows the CMS itself): pages of published general pages, articles and webinars
 * in documentId order, or the one document a webhook named. Each entity is read on its own: a
 * malformed one is reported and the others are still indexed. Not in ALL_OPERATIONS, since
 * nothing caches them.
 */
import * as z from "zod";
import type { Article, GeneralPage, Webinar } from "../../../domain/content";
import { BLOCK_FIELDS, BLOCKS_SELECTION, MEDIA_FIELDS, PAGE_REF_FIELDS, WEBINAR_SUMMARY_FIELDS } from "../fragments";
import { defineOperation } from "../operation";
import { ArticleEntity, SUMMARY_FIELDS, toArticle } from "./articles";
import { GENERAL_PAGE_SELECTION, GeneralPageEntity, PAGE_FRAGMENTS, PAGE_MODELS, toGeneralPage } from "./pages";
import { WEBINAR_SELECTION, WebinarEntity } from "./webinars";

/** One page of documents (`start`, at most `limit`), or the one whose documentId is given (searchSourceVars). */
export interface SearchSourceVars extends Record<string, unknown> {
  filters: { documentId?: { eq: string } };
  start: number;
  limit: number;
}

/** The documents read, with the entities that could not be (why, for the log). */
export interface SearchSourcePage<T> {
  documents: { documentId: string; value: T }[];
  /** How many entities the CMS returned, readable or not: fewer than `limit` means the last page. */
  returned: number;
  malformed: { documentId: string | null; problem: string }[];
}

const DocumentId = z.object({ attributes: z.object({ documentId: z.string().min(1) }) });

function readEach<T>(entities: unknown[], read: (entity: unknown) => T): SearchSourcePage<T> {
  const page: SearchSourcePage<T> = { documents: [], returned: entities.length, malformed: [] };
  for (const entity of entities) {
    const id = DocumentId.safeParse(entity);
    const documentId = id.success ? id.data.attributes.documentId : null;
    try {
      if (!documentId) throw new Error("no documentId");
      page.documents.push({ documentId, value: read(entity) });
    } catch (error) {
      page.malformed.push({ documentId, problem: error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error) });
    }
  }
  return page;
}

/** Selects documentId beside the selection it extends (GraphQL merges the two `attributes`). */
const WITH_DOCUMENT_ID = "attributes { documentId }";

export const searchGeneralPagesOperation = defineOperation({
  name: "searchGeneralPages",
  document: /* GraphQL */ `
    query searchGeneralPages($filters: GeneralPageFiltersInput, $start: Int!, $limit: Int!) {
      generalPages_connection(filters: $filters, pagination: { start: $start, limit: $limit }, sort: "documentId:asc") {
        data { ${WITH_DOCUMENT_ID} ${GENERAL_PAGE_SELECTION} }
      }
    }
    ${PAGE_FRAGMENTS}`,
  models: PAGE_MODELS,
  schema: z.object({ generalPages_connection: z.object({ data: z.array(z.unknown()) }) }),
  map: (data, _vars: SearchSourceVars): SearchSourcePage<GeneralPage> =>
    readEach(data.generalPages_connection.data, (entity) => toGeneralPage(GeneralPageEntity.parse(entity))),
});

export const searchArticlesOperation = defineOperation({
  name: "searchArticles",
  document: /* GraphQL */ `
    query searchArticles($filters: ArticleFiltersInput, $start: Int!, $limit: Int!) {
      articles_connection(filters: $filters, pagination: { start: $start, limit: $limit }, sort: "documentId:asc") {
        data { ${WITH_DOCUMENT_ID} id attributes { ${SUMMARY_FIELDS} ${BLOCKS_SELECTION} } }
      }
    }
    ${BLOCK_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`,
  models: ["article", "general-page", "webinar", "webinar-bundle", "membership", "file"],
  schema: z.object({ articles_connection: z.object({ data: z.array(z.unknown()) }) }),
  map: (data, _vars: SearchSourceVars): SearchSourcePage<Article> =>
    readEach(data.articles_connection.data, (entity) => {
      const article = ArticleEntity.parse(entity);
      return toArticle(article);
    }),
});

export const searchWebinarsOperation = defineOperation({
  name: "searchWebinars",
  document: /* GraphQL */ `
    query searchWebinars($filters: WebinarFiltersInput, $start: Int!, $limit: Int!) {
      webinars_connection(filters: $filters, pagination: { start: $start, limit: $limit }, sort: "documentId:asc") {
        data { ${WITH_DOCUMENT_ID} ${WEBINAR_SELECTION} }
      }
    }
    ${WEBINAR_SUMMARY_FIELDS} ${MEDIA_FIELDS}`,
  models: ["webinar", "webinar-bundle", "file"],
  schema: z.object({ webinars_connection: z.object({ data: z.array(z.unknown()) }) }),
  map: (data, _vars: SearchSourceVars): SearchSourcePage<Webinar> => readEach(data.webinars_connection.data, (entity): Webinar => WebinarEntity.parse(entity)),
});

/** The variables for one page of `limit` documents from `start`, or (documentId) for that one document. */
export const searchSourceVars = (documentId: string | null, start = 0, limit = 1): SearchSourceVars => ({
  filters: documentId ? { documentId: { eq: documentId } } : {},
  start,
  limit,
});
