/**
 * Site search: what the index holds of a published page, article or webinar (plain text, never
 * HTML, never a draft), who may see it, and what a search answers with.
 */

/** What a result is; "event" joins when events do. */
export type SearchKind = "page" | "article" | "webinar";

/** Who may see a document, and its text, in results. */
export type SearchAccess = "public" | "signed-in" | "members";

/** The CMS models the index follows (Strapi's singular names, as its webhook sends them). */
export const SEARCH_MODELS = ["general-page", "article", "webinar"] as const;
export type SearchModel = (typeof SEARCH_MODELS)[number];

export const isSearchModel = (model: unknown): model is SearchModel => SEARCH_MODELS.includes(model as SearchModel);

/** One document as indexed. */
export interface SearchDocument {
  /** `<model>:<documentId>`: the CMS document, whatever its slug becomes. */
  key: string;
  kind: SearchKind;
  access: SearchAccess;
  title: string;
  /** The SEO description, an article's summary: plain text, possibly empty. */
  description: string;
  /** Every block's text, or a webinar's description: plain text, possibly empty. */
  body: string;
  href: string;
  /** What the result shows as its date (ISO): updated, published or the webinar's start; null when none. */
  date: string | null;
}

export const searchDocumentKey = (model: SearchModel, documentId: string) => `${model}:${documentId}`;

/** The longest query accepted, in characters; a longer one gets a clear refusal, never a silent cut. */
export const MAX_QUERY_LENGTH = 200;
/** Words of a query searched for; more are refused like an over-long query. */
export const MAX_QUERY_WORDS = 12;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 10;

/** A highlighted excerpt: plain-text parts, the marked ones matched the query. */
export type Excerpt = { text: string; marked: boolean }[];

export interface SearchHit {
  kind: SearchKind;
  title: string;
  href: string;
  date: string | null;
  excerpt: Excerpt;
}

export interface SearchResults {
  hits: SearchHit[];
  /** The next page's cursor, or null on the last page. */
  next: string | null;
  /**
   * Set when the query as typed found nothing and a close spelling did: the query the results
   * are for (the page says so and offers the original).
   */
  correctedFrom: string | null;
  /** The words searched for, as shown back to the visitor. */
  query: string;
}
