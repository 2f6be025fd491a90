/** /members/directory: the search box, one page of listed members, and links to the pages beside it. */
import type { DirectoryListing, DirectoryPage } from "../../domain/directory";
import { directorySearchHref, MAX_DIRECTORY_SEARCH } from "../../shared/directory-form";
import { PageLinks } from "../components/page-links";
import { SummaryRow } from "../components/summary-row";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";

export interface DirectoryContentProps {
  /** The search as typed (empty to browse everyone). */
  text: string;
  /** What is wrong with the search, shown beside the box; then there is no page. */
  problem: string | null;
  result: DirectoryPage | null;
}

function Listing({ listing }: { listing: DirectoryListing }) {
  const rows: [string, React.ReactNode][] = [];
  if (listing.specialisation) rows.push(["Specialisation", listing.specialisation]);
  if (listing.town) rows.push(["Town or city", listing.town]);
  if (listing.workplace) rows.push(["Workplace", listing.workplace]);
  if (listing.email) rows.push(["E-mail", <a href={`mailto:${listing.email}`}>{listing.email}</a>]);
  if (listing.phone) rows.push(["Phone", <a href={`tel:${listing.phone.replace(/[^+0-9]/g, "")}`}>{listing.phone}</a>]);
  return (
    <li className="directory__entry">
      <h2 className="directory__name">{listing.displayName}</h2>
      {rows.length > 0 ? (
        <dl className="summary-list">
          {rows.map(([label, value]) => (
            <SummaryRow label={label} key={label}>
              {value}
            </SummaryRow>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

function Pages({ text, result }: { text: string; result: DirectoryPage }) {
  return (
    <PageLinks
      className="pagination"
      label="Directory pages"
      previousHref={result.previous ? directorySearchHref(text, { before: result.previous }) : null}
      nextHref={result.next ? directorySearchHref(text, { after: result.next }) : null}
    />
  );
}

export function DirectoryContent({ text, problem, result }: DirectoryContentProps) {
  const searching = text !== "";
  return (
    <div className="directory">
      <ScreenTitle>Member directory</ScreenTitle>
      <p>
        Members who have chosen to be listed, with the details each has chosen to show. To be listed yourself, or to change what you
        show, see <a href="/user/directory">your directory listing</a>.
      </p>
      <form method="get" action="/members/directory" className="form" role="search" aria-label="Search the directory">
        <TextField
          id="q"
          label="Name, town or specialism"
          hint="Finds members whose name, town or specialism has words starting with what you type."
          value={text}
          error={problem}
          maxLength={MAX_DIRECTORY_SEARCH}
        />
        <div className="form__actions">
          <button type="submit" className="button">
            Search
          </button>
          {searching || problem ? <a href="/members/directory">Clear the search</a> : null}
        </div>
      </form>
      {result ? (
        <>
          {result.listings.length === 0 ? (
            <p role="status">{searching ? "No listed member matches this search." : "No member is listed yet."}</p>
          ) : (
            <ul className="directory__list">
              {result.listings.map((listing, index) => (
                <Listing listing={listing} key={`${listing.displayName}:${index}`} />
              ))}
            </ul>
          )}
          <Pages text={text} result={result} />
        </>
      ) : null}
    </div>
  );
}
