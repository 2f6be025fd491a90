/** /members/directory: the search form, one page of listed members, and links to other pages. */
import type { DirectoryListing, DirectoryPage, DirectorySearch } from "../../domain/directory";
import { directorySearchHref } from "../../shared/directory-form";
import { SummaryRow } from "../components/summary-row";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";

export interface DirectoryContentProps {
  search: DirectorySearch;
  result: DirectoryPage;
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

export function DirectoryContent({ search, result }: DirectoryContentProps) {
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const first = result.total === 0 ? 0 : (result.page - 1) * result.pageSize + 1;
  const last = Math.min(result.total, result.page * result.pageSize);
  const filtered = Boolean(search.name || search.town || search.specialisation);
  return (
    <div className="directory">
      <ScreenTitle>Member directory</ScreenTitle>
      <p>
        Members who have chosen to be listed, with the details each has chosen to show. To be listed yourself, or to change what you
        show, see <a href="/user/directory">your directory listing</a>.
      </p>
      <form method="get" action="/members/directory" className="form" role="search" aria-label="Search the directory">
        <TextField id="name" label="Name" value={search.name ?? ""} maxLength={100} />
        <TextField id="town" label="Town or city" value={search.town ?? ""} maxLength={100} />
        <TextField id="specialisation" label="Specialisation" value={search.specialisation ?? ""} maxLength={100} />
        <div className="form__actions">
          <button type="submit" className="button">
            Search
          </button>
          {filtered ? <a href="/members/directory">Clear the search</a> : null}
        </div>
      </form>
      <p role="status" data-directory-count={result.total}>
        {result.total === 0
          ? filtered
            ? "No listed member matches this search."
            : "No member is listed yet."
          : `Showing ${first} to ${last} of ${result.total} ${result.total === 1 ? "member" : "members"}.`}
      </p>
      {result.listings.length > 0 ? (
        <ul className="directory__list">
          {result.listings.map((listing, index) => (
            <Listing listing={listing} key={`${listing.displayName}:${index}`} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Directory pages">
          <ul>
            {result.page > 1 ? (
              <li>
                <a href={directorySearchHref({ ...search, page: result.page - 1 })} rel="prev">
                  Previous page
                </a>
              </li>
            ) : null}
            <li aria-current="page">
              Page {Math.min(result.page, pages)} of {pages}
            </li>
            {result.page < pages ? (
              <li>
                <a href={directorySearchHref({ ...search, page: result.page + 1 })} rel="next">
                  Next page
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
