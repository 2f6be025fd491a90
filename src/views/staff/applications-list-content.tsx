import type { Application, ApplicationStatus } from "../../adapters/d1/applications";
import { DateTime } from "../components/date-time";
import { METHOD_LABELS, pounds, STATUS_LABELS } from "./labels";
import { StatusBadge } from "./status-badge";

export type StatusFilter = ApplicationStatus | "all";

export interface ApplicationsListContentProps {
  applications: readonly Application[];
  status: StatusFilter;
  search: string;
  /** The list was cut at this many; a narrower search finds the rest. */
  limit: number;
}

const TABS: readonly StatusFilter[] = ["awaiting_payment", "paid", "rejected", "all"];

/** The list's address for a status and search, so links and the export keep the current filter. */
export function listQuery(status: StatusFilter, search: string): string {
  const params = new URLSearchParams({ status });
  if (search) params.set("q", search);
  return `?${params}`;
}

const NONE: Record<StatusFilter, string> = {
  awaiting_payment: "No applications awaiting payment",
  paid: "No paid applications",
  rejected: "No rejected applications",
  all: "No applications",
};

const tabLabel = (status: StatusFilter) => (status === "all" ? "All" : STATUS_LABELS[status]);

/** /staff/applications: applications by status, searchable, newest first. */
export function ApplicationsListContent({ applications, status, search, limit }: ApplicationsListContentProps) {
  const caption = `${tabLabel(status)} applications${search ? ` matching “${search}”` : ""}, newest first`;
  return (
    <div className="staff-screen">
      <h1>Membership applications</h1>
      <nav className="staff-tabs" aria-label="Applications by status">
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <a href={`/staff/applications${listQuery(tab, search)}`} aria-current={tab === status ? "page" : undefined}>
                {tabLabel(tab)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/staff/applications" className="form form--inline staff-search" role="search">
        <input type="hidden" name="status" value={status} />
        <div className="field">
          <label className="field__label" htmlFor="q">
            Search by name, e-mail or reference
          </label>
          <input className="field__input" id="q" name="q" type="search" defaultValue={search} maxLength={200} />
        </div>
        <div className="form__actions">
          <button type="submit" className="button">
            Search
          </button>
          {search ? <a href={`/staff/applications${listQuery(status, "")}`}>Clear search</a> : null}
        </div>
      </form>
      <p>
        <a href={`/staff/applications.csv${listQuery(status, search)}`} download>
          Download these applications as CSV
        </a>
      </p>
      {applications.length === 0 ? (
        <p className="staff-empty" role="status">
          {`${NONE[status]} ${search ? "match your search." : "yet."}`}
        </p>
      ) : (
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-label={caption}>
          <table className="staff-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Membership</th>
                <th scope="col">Method</th>
                <th scope="col" className="staff-table__number">
                  Amount due
                </th>
                <th scope="col">Status</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    <a href={`/staff/applications/${encodeURIComponent(a.id)}`}>{a.reference}</a>
                  </th>
                  <td>
                    {a.givenName} {a.familyName}
                  </td>
                  <td className="staff-table__email">{a.email}</td>
                  <td>{a.membershipTitle}</td>
                  <td>{METHOD_LABELS[a.paymentMethod]}</td>
                  <td className="staff-table__number">{pounds(a.amountDuePence)}</td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                  <td>
                    <DateTime value={a.createdAt} style="short" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {applications.length >= limit ? (
        <p className="notice notice--info">
          <span>Showing the newest {limit}. Search to find older applications.</span>
        </p>
      ) : null}
    </div>
  );
}
