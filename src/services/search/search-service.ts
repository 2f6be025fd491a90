/**
 * Searching the site: ranked results (FTS5's bm25, the title weighing most) that the viewer may
 * see, a page at a time by key, each with its title, kind, date and a highlighted excerpt. A
 * query that finds nothing is tried once more with the closest spellings of its words
 * (did-you-mean.ts). Every uncached search counts towards the client's limit (SEARCH_LIMITER).
 */
import type { ExcerptRow, RankedRow, SearchIndexStore } from "../../adapters/d1/search-index";
import { MARK_END, MARK_START } from "../../adapters/d1/search-index";
import { type Excerpt, type SearchAccess, type SearchHit, type SearchResults, SEARCH_PAGE_SIZE } from "../../domain/search";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import type { RateLimiter } from "../auth/attempt-limits";
import { SEARCH_INDEX_MARKER } from "../cache/generations";
import { decodeCursor, encodeCursor } from "../page-cursor";
import { candidateRange, correctedWords, type IndexedWord } from "./did-you-mean";
import { matchExpression } from "./query";

/** Indexed words read per query word for a "did you mean" spelling: a bound, not a page. */
const CANDIDATES_PER_WORD = 2000;

export interface SearchServiceDeps {
  store: SearchIndexStore;
  /** Searches per client address (wrangler.toml SEARCH_LIMITER). */
  limiter: RateLimiter;
  /** The client's address as Cloudflare reports it. */
  client: string;
  log: Logger;
  /** Told what results depend on (the index's marker): the edge cache keeps a visitor's results until the index changes. */
  onRead?: (dependsOn: readonly string[]) => void;
}

/** Who is searching: what they may see is decided by the same tiers as the pages themselves. */
export interface SearchViewer {
  signedIn: boolean;
  member: boolean;
}

export function accessFor(viewer: SearchViewer): SearchAccess[] {
  if (!viewer.signedIn) return ["public"];
  return viewer.member ? ["public", "signed-in", "members"] : ["public", "signed-in"];
}

export interface SearchRequest {
  /** The query's words (query.ts parseQuery). */
  words: string[];
  /** The next-page cursor from a previous page, or null for the first page. */
  cursor: string | null;
  viewer: SearchViewer;
  /** Whether a query that finds nothing may be tried with corrected spellings (off: "search only for what I typed"). */
  correct: boolean;
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: SearchServiceDeps) {
  /** Rows for `words`, or none when FTS5 refuses the expression (it never should: each word is quoted). */
  async function ranked(words: readonly string[], access: SearchAccess[], after: { rank: number; id: number } | null): Promise<RankedRow[]> {
    try {
      return await deps.store.ranked(matchExpression(words), access, after, SEARCH_PAGE_SIZE + 1);
    } catch (error) {
      if (!/fts5|MATCH/i.test(error instanceof Error ? error.message : "")) throw error;
      deps.log.warn("search.query_refused", { words, error });
      return [];
    }
  }

  /**
   * The query spelt as the index spells its words, or null. The words come from every document,
   * whoever may see it, but a correction is shown only when the corrected query finds documents
   * this viewer may see, which then hold those words.
   */
  async function spelledBetter(words: readonly string[]): Promise<string[] | null> {
    const candidates = new Map<string, IndexedWord[]>();
    for (const word of words) {
      const range = candidateRange(word);
      if (range) candidates.set(word, await deps.store.words(range, CANDIDATES_PER_WORD));
    }
    return correctedWords(words, candidates);
  }

  return {
    async search({ words, cursor, viewer, correct }: SearchRequest): Promise<SearchResults> {
      const { success } = await deps.limiter.limit({ key: `search:ip:${deps.client}` });
      if (!success) {
        deps.log.warn("search.rate_limited", { client: deps.client });
        throw new AppError("RATE_LIMITED", "You have searched many times in a short time. Please wait a minute and try again.");
      }
      deps.onRead?.([SEARCH_INDEX_MARKER]);
      const access = accessFor(viewer);
      const after = cursor ? fromCursor(cursor) : null;
      let searched = words;
      let rows = await ranked(words, access, after);
      let correctedFrom: string | null = null;
      if (rows.length === 0 && !after && correct) {
        const corrected = await spelledBetter(words);
        const retried = corrected ? await ranked(corrected, access, null) : [];
        if (corrected && retried.length > 0) {
          correctedFrom = words.join(" ");
          searched = corrected;
          rows = retried;
        }
      }
      const shown = rows.slice(0, SEARCH_PAGE_SIZE);
      const excerpts = new Map((await deps.store.excerpts(matchExpression(searched), shown.map((row) => row.id))).map((row) => [row.id, row]));
      const hits = shown.flatMap((row): SearchHit[] => {
        const text = excerpts.get(row.id);
        // A row removed between the two reads is left out rather than shown without its title.
        return text ? [{ kind: row.kind, title: text.title, href: row.href, date: row.date, excerpt: excerptOf(text) }] : [];
      });
      const last = shown.at(-1);
      return {
        hits,
        next: rows.length > SEARCH_PAGE_SIZE && last ? encodeCursor({ key: last.rank, id: String(last.id) }) : null,
        correctedFrom,
        query: searched.join(" "),
      };
    },
  };
}

function fromCursor(token: string): { rank: number; id: number } {
  const { key, id } = decodeCursor(token);
  const rowId = Number(id);
  if (typeof key !== "number" || !Number.isFinite(key) || !Number.isSafeInteger(rowId)) {
    throw new AppError("BAD_REQUEST", "This page link is not valid any more: start again from the first page");
  }
  return { rank: key, id: rowId };
}

/**
 * The excerpt shown: the body's passage around the match, else the description's, else the
 * description (a title-only match), else the body's opening words.
 */
export function excerptOf(row: Pick<ExcerptRow, "description" | "descriptionSnippet" | "bodySnippet">): Excerpt {
  const marked = (text: string) => text.includes(MARK_START);
  const chosen = marked(row.bodySnippet) ? row.bodySnippet : marked(row.descriptionSnippet) ? row.descriptionSnippet : row.description || row.bodySnippet;
  return excerptParts(chosen);
}

/** Splits a snippet at its markers: the parts between MARK_START and MARK_END are the matches. */
export function excerptParts(snippet: string): Excerpt {
  const parts: Excerpt = [];
  for (const [i, piece] of snippet.split(MARK_START).entries()) {
    const [inside, after] = i === 0 ? [null, piece] : splitOnce(piece, MARK_END);
    if (inside) parts.push({ text: inside, marked: true });
    if (after) parts.push({ text: after.replaceAll(MARK_END, ""), marked: false });
  }
  return parts;
}

const splitOnce = (text: string, separator: string): [string, string] => {
  const at = text.indexOf(separator);
  return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
};
