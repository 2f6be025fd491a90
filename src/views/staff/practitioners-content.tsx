/** /staff/practitioners: every public listing with its state, its patients' messages, hide or show again. */
import type { StaffListingRow } from "../../domain/practitioners";
import { listingState } from "../../shared/listing-state";
import { ScreenTitle } from "../components/screen-title";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";

export interface PractitionersContentProps {
  rows: readonly StaffListingRow[];
  next: number | null;
  csrfToken: string;
  notice: string | null;
  problems: readonly FieldProblem[];
}

export function PractitionersContent({ rows, next, csrfToken, notice, problems }: PractitionersContentProps) {
  return (
    <div className="staff-screen">
      <ScreenTitle>Public listings</ScreenTitle>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorSummary problems={problems} />
      <p>
        Members' listings in <a href="/find-a-practitioner">Find a practitioner</a>. A listing shows only while its member's membership is in force, of a type that
        may be listed, with no disputed payment. Hiding one tells the member why. <a href="/staff/practitioners.csv">Download all listings (CSV)</a>
      </p>
      <table className="staff-table">
        <caption className="visually-hidden">Public listings</caption>
        <thead>
          <tr>
            <th scope="col">Name shown</th>
            <th scope="col">Member number</th>
            <th scope="col">Towns</th>
            <th scope="col">State</th>
            <th scope="col">Messages (30 days / all)</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.shown ? <a href={`/find-a-practitioner/${row.id}`}>{row.displayName}</a> : row.displayName}</td>
              <td>
                <a href={`/staff/members/${encodeURIComponent(row.userId)}`}>{row.memberNumber ?? "—"}</a>
              </td>
              <td>{row.towns}</td>
              <td>
                {listingState(row)}
                {row.hiddenReason ? <>: {row.hiddenReason}</> : null}
              </td>
              <td>
                {row.contacts30Days} / {row.contactsAll}
              </td>
              <td>
                {row.hiddenReason ? (
                  <form method="post" action={`/staff/practitioners/${row.id}/show`}>
                    <input type="hidden" name="csrfToken" value={csrfToken} />
                    <button type="submit" className="button button--secondary">
                      Show again
                    </button>
                  </form>
                ) : (
                  <form method="post" action={`/staff/practitioners/${row.id}/hide`} className="inline-form">
                    <input type="hidden" name="csrfToken" value={csrfToken} />
                    <label htmlFor={`reason-${row.id}`}>Reason (sent to the member)</label>
                    <input id={`reason-${row.id}`} name="reason" maxLength={500} required />
                    <button type="submit" className="button button--secondary">
                      Hide
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p>No member has a public listing yet.</p> : null}
      {next !== null ? (
        <nav className="pagination" aria-label="More listings">
          <a rel="next" href={`/staff/practitioners?after=${next}`}>
            Next page
          </a>
        </nav>
      ) : null}
    </div>
  );
}
