/**
 * What the staff lists share: the staff area's navigation, status tabs, search, the CSV export
 * of what is shown, the table (or a sentence when nothing matches) and a note when it was cut.
 */
import type { ReactNode } from "react";
import { PageLinks } from "../components/page-links";
import { StaffNav, type StaffArea } from "./staff-nav";
import { StaffTable } from "./staff-table";

/** The list's address for a status and search, so links and the export keep the current filter. */
export function listQuery(status: string, search: string): string {
  const params = new URLSearchParams({ status });
  if (search) params.set("q", search);
  return `?${params}`;
}

export interface ListPaging {
  total: { count: number; more: boolean };
  next: string | null;
  previous: string | null;
}

export interface StaffListProps<S extends string> {
  area: StaffArea;
  title: string;
  /** The list's address, e.g. "/staff/orders"; the export is the same with ".csv". */
  path: string;
  /** What is listed, plural and lower case: "applications". */
  noun: string;
  /** The status tabs in order, each with its label and the sentence when it has nothing. */
  tabs: readonly { status: S; label: string; none: string }[];
  status: S;
  search: string;
  searchLabel: string;
  /** How many rows are shown; at `limit` the list was cut and a narrower search finds the rest. */
  count: number;
  limit: number;
  /** A list paged by key: its total and the cursors either side (then `limit` is the page size). */
  paging?: ListPaging;
  /** The order, as the caption says it; "newest first" unless given. */
  order?: string;
  /** The header row's cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** A confirmation after an action, shown under the title. */
  notice?: string | null;
  /** Anything the list shows between its title and its tabs (a warning, a form acting on many rows). */
  intro?: ReactNode;
  /** Offer the CSV export of what is shown (`{path}.csv`); on unless a list has none. */
  csv?: boolean;
}

export function StaffList<S extends string>({ area, title, path, noun, tabs, status, search, searchLabel, count, limit, paging, order = "newest first", head, children, notice = null, intro = null, csv = true }: StaffListProps<S>) {
  const current = tabs.find((tab) => tab.status === status)!;
  const caption = `${current.label} ${noun}${search ? ` matching “${search}”` : ""}, ${order}`;
  return (
    <div className="staff-screen">
      <StaffNav current={area} />
      <h1>{title}</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      {intro}
      <nav className="staff-tabs" aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)} by status`}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.status}>
              <a href={`${path}${listQuery(tab.status, search)}`} aria-current={tab.status === status ? "page" : undefined}>
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action={path} className="form form--inline staff-search" role="search">
        <input type="hidden" name="status" value={status} />
        <div className="field">
          <label className="field__label" htmlFor="q">
            {searchLabel}
          </label>
          <input className="field__input" id="q" name="q" type="search" defaultValue={search} maxLength={200} />
        </div>
        <div className="form__actions">
          <button type="submit" className="button">
            Search
          </button>
          {search ? <a href={`${path}${listQuery(status, "")}`}>Clear search</a> : null}
        </div>
      </form>
      {csv ? (
        <p>
          <a href={`${path}.csv${listQuery(status, search)}`} download>
            Download these {noun} as CSV
          </a>
        </p>
      ) : null}
      {count === 0 ? (
        <p className="staff-empty" role="status">
          {`${current.none} ${search ? "match your search." : "yet."}`}
        </p>
      ) : (
        <StaffTable caption={caption} head={head}>
          {children}
        </StaffTable>
      )}
      {paging ? <Pager noun={noun} shown={count} paging={paging} href={(cursor, token) => `${path}${listQuery(status, search)}&${cursor}=${encodeURIComponent(token)}`} /> : null}
      {!paging && count >= limit ? (
        <p className="notice notice--info">
          <span>
            Showing the newest {limit}. Search to find older {noun}.
          </span>
        </p>
      ) : null}
    </div>
  );
}

const number = (n: number) => n.toLocaleString("en-GB");

/** "Showing 100 of more than 1,000 members" and the links to the pages either side (`href` makes a page's address). */
export function Pager({ noun, shown, paging, href: link }: { noun: string; shown: number; paging: ListPaging; href: (cursor: "after" | "before", token: string) => string }) {
  if (shown === 0 && !paging.previous) return null;
  return (
    <div className="staff-pager">
      <p role="status">{`Showing ${number(shown)} of ${paging.total.more ? `more than ${number(paging.total.count)}` : number(paging.total.count)} ${noun}`}</p>
      <PageLinks
        label={`Pages of ${noun}`}
        previousHref={paging.previous ? link("before", paging.previous) : null}
        nextHref={paging.next ? link("after", paging.next) : null}
      />
    </div>
  );
}
