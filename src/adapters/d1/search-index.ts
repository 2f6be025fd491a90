/**
 * The site search index in D1 (migrations/0047_site_search.sql): search_documents (what a result
 * links to, who may see it) with its words in the FTS5 table search_text of the same rowid, and
 * search_vocabulary (FTS5's own list of the words, for "did you mean"). A document's rows are
 * written and removed together, in one batch.
 */
import type { SearchAccess, SearchDocument, SearchKind } from "../../domain/search";

/** A result row before its excerpt: in rank order (bm25, lower is better), then id. */
export interface RankedRow {
  id: number;
  rank: number;
  kind: SearchKind;
  href: string;
  date: string | null;
}

export interface ExcerptRow {
  id: number;
  title: string;
  description: string;
  /** FTS5 snippets of the description and the body, the matched words between the markers. */
  descriptionSnippet: string;
  bodySnippet: string;
}

/** Where a page of results starts: after this row of the previous page. */
export interface RankKey {
  rank: number;
  id: number;
}

/** The characters FTS5 puts around a matched word: stored text never holds one (document-text.ts). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";
/** Words either side of a match in an excerpt. */
const SNIPPET_TOKENS = 28;

export interface SearchIndexStore {
  /**
   * Writes each document (replacing the one with its key), stamped with `generation` (a
   * rebuild's) or, when null, the newest rebuild's, so that rebuild's sweep keeps it.
   */
  upsert(documents: readonly SearchDocument[], generation: number | null, now: Date): Promise<void>;
  /** Removes the documents with these keys (a key not indexed is no error). */
  remove(keys: readonly string[]): Promise<number>;
  /** Up to `limit` matching rows `access` may see, in rank order after `after`. */
  ranked(match: string, access: readonly SearchAccess[], after: RankKey | null, limit: number): Promise<RankedRow[]>;
  /** Titles and excerpts of the rows `ids` (one page's), for `match`. */
  excerpts(match: string, ids: readonly number[]): Promise<ExcerptRow[]>;
  /**
   * Indexed words from `from` up to (not including) `to`, of `minLength` to `maxLength` letters,
   * with how many documents hold each; at most `limit`.
   */
  words(range: { from: string; to: string; minLength: number; maxLength: number }, limit: number): Promise<{ word: string; documents: number }[]>;
  /** Starts a rebuild: its generation number. */
  startRebuild(now: Date): Promise<number>;
  /** Ends rebuild `generation`: removes every document no write since it started has touched. */
  finishRebuild(generation: number, now: Date): Promise<number>;
  /** How many documents are indexed. */
  count(): Promise<number>;
}

const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export function createSearchIndexStore(db: D1Database): SearchIndexStore {
  const removeStatements = (key: string) => [db.prepare("DELETE FROM search_text WHERE rowid = (SELECT id FROM search_documents WHERE doc_key = ?)").bind(key)];
  return {
    async upsert(documents, generation, now) {
      if (documents.length === 0) return;
      const at = now.toISOString();
      const statements = documents.flatMap((doc) => [
        ...removeStatements(doc.key),
        db
          .prepare(
            `INSERT INTO search_documents (doc_key, kind, access, href, date, generation, indexed_at)
             VALUES (?, ?, ?, ?, ?, COALESCE(?, (SELECT MAX(generation) FROM search_rebuilds), 0), ?)
             ON CONFLICT (doc_key) DO UPDATE SET kind = excluded.kind, access = excluded.access, href = excluded.href,
               date = excluded.date, generation = excluded.generation, indexed_at = excluded.indexed_at`,
          )
          .bind(doc.key, doc.kind, doc.access, doc.href, doc.date, generation, at),
        db
          .prepare("INSERT INTO search_text (rowid, title, description, body) SELECT id, ?, ?, ? FROM search_documents WHERE doc_key = ?")
          .bind(doc.title, doc.description, doc.body, doc.key),
      ]);
      await db.batch(statements);
    },

    async remove(keys) {
      if (keys.length === 0) return 0;
      const results = await db.batch(keys.flatMap((key) => [...removeStatements(key), db.prepare("DELETE FROM search_documents WHERE doc_key = ?").bind(key)]));
      return results.filter((_, i) => i % 2 === 1).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
    },

    async ranked(match, access, after, limit) {
      const { results } = await db
        .prepare(
          `SELECT d.id AS id, search_text.rank AS rank, d.kind AS kind, d.href AS href, d.date AS date
           FROM search_text JOIN search_documents d ON d.id = search_text.rowid
           WHERE search_text MATCH ? AND d.access IN (${placeholders(access.length)})
             AND (? IS NULL OR search_text.rank > ? OR (search_text.rank = ? AND d.id > ?))
           ORDER BY search_text.rank, d.id
           LIMIT ?`,
        )
        .bind(match, ...access, after?.rank ?? null, after?.rank ?? null, after?.rank ?? null, after?.id ?? 0, limit)
        .all<RankedRow>();
      return results;
    },

    async excerpts(match, ids) {
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT rowid AS id, title, description,
             snippet(search_text, 1, ?, ?, '…', ${SNIPPET_TOKENS}) AS descriptionSnippet,
             snippet(search_text, 2, ?, ?, '…', ${SNIPPET_TOKENS}) AS bodySnippet
           FROM search_text WHERE search_text MATCH ? AND rowid IN (${placeholders(ids.length)})`,
        )
        .bind(MARK_START, MARK_END, MARK_START, MARK_END, match, ...ids)
        .all<ExcerptRow>();
      return results;
    },

    async words(range, limit) {
      const { results } = await db
        .prepare("SELECT term AS word, doc AS documents FROM search_vocabulary WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ? LIMIT ?")
        .bind(range.from, range.to, range.minLength, range.maxLength, limit)
        .all<{ word: string; documents: number }>();
      return results;
    },

    async startRebuild(now) {
      const row = await db.prepare("INSERT INTO search_rebuilds (started_at) VALUES (?) RETURNING generation").bind(now.toISOString()).first<{ generation: number }>();
      return row!.generation;
    },

    async finishRebuild(generation, now) {
      const stale = "SELECT id FROM search_documents WHERE generation < ?";
      const [, removed] = await db.batch([
        db.prepare(`DELETE FROM search_text WHERE rowid IN (${stale})`).bind(generation),
        db.prepare("DELETE FROM search_documents WHERE generation < ?").bind(generation),
        db.prepare("UPDATE search_rebuilds SET finished_at = ? WHERE generation = ?").bind(now.toISOString(), generation),
      ]);
      return removed?.meta.changes ?? 0;
    },

    async count() {
      return (await db.prepare("SELECT COUNT(*) AS n FROM search_documents").first<{ n: number }>())?.n ?? 0;
    },
  };
}
