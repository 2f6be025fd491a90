/**
 * /search: the search box again (with what was typed), what went wrong with the query beside it,
 * and one page of results, each with its kind, date and an excerpt whose matched words are
 * marked. The excerpt is plain text from the index: React escapes it, and only the marks are ours.
 */
import type { SearchHit, SearchKind, SearchResults } from "../../domain/search";
import { MAX_QUERY_LENGTH } from "../../domain/search";
import { DateTime } from "../components/date-time";
import { PageLinks } from "../components/page-links";
import { ScreenTitle } from "../components/screen-title";
import { TextField } from "../forms/text-field";

export interface SearchContentProps {
  /** The query as typed. */
  text: string;
  /** Why the query was refused (too long), shown beside the box; then there are no results. */
  problem: string | null;
  /** Why there was nothing to search for (only punctuation, say), or null. */
  notice: string | null;
  results: SearchResults | null;
}

const KIND_LABELS: Record<SearchKind, string> = { page: "Page", article: "Article", webinar: "Webinar" };

/** The address of a results page. */
export function searchHref(query: string, options: { after?: string; exact?: boolean } = {}): string {
  const params = new URLSearchParams({ q: query });
  if (options.exact) params.set("exact", "1");
  if (options.after) params.set("after", options.after);
  return `/search?${params.toString()}`;
}

function Hit({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-result">
      <h2 className="search-result__title">
        <a href={hit.href}>{hit.title}</a>
      </h2>
      <p className="search-result__meta">
        <span className="search-result__kind">{KIND_LABELS[hit.kind]}</span>
        {hit.date ? (
          <>
            {" · "}
            <DateTime value={hit.date} />
          </>
        ) : null}
      </p>
      {hit.excerpt.length > 0 ? (
        <p className="search-result__excerpt">{hit.excerpt.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</p>
      ) : null}
    </li>
  );
}

export function SearchContent({ text, problem, notice, results }: SearchContentProps) {
  return (
    <div className="search">
      <ScreenTitle>Search</ScreenTitle>
      <form method="get" action="/search" className="form" role="search" aria-label="Search again">
        <TextField id="search-q" name="q" type="search" label="Search this site for" value={text} error={problem} maxLength={MAX_QUERY_LENGTH} />
        <div className="form__actions">
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      {notice ? <p role="status">{notice}</p> : null}
      {results ? <Results results={results} typed={text} /> : null}
    </div>
  );
}

function Results({ results, typed }: { results: SearchResults; typed: string }) {
  return (
    <>
      {results.correctedFrom ? (
        <p role="status">
          {`Nothing was found for “${results.correctedFrom}”, so these are the results for “${results.query}”.`}{" "}
          <a href={searchHref(typed, { exact: true })}>{`Search only for “${typed}”`}</a>
        </p>
      ) : null}
      {results.hits.length === 0 ? (
        <p role="status">{`Nothing on this site matches “${typed}”. Try fewer words, or other words for the same thing.`}</p>
      ) : (
        <ol className="search-results">
          {results.hits.map((hit) => (
            <Hit hit={hit} key={hit.href} />
          ))}
        </ol>
      )}
      <PageLinks className="pagination" label="More results" previousHref={null} nextHref={results.next ? searchHref(results.query, { after: results.next, exact: true }) : null} />
    </>
  );
}
