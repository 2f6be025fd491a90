/**
 * What a CSV link answers (409) when the list holds more rows than one download can stream: why,
 * and a button that asks for the same list as a background export (a form: no JavaScript needed).
 */
import { isLedgerFilter, type ExportFilter, type ExportKind } from "../../domain/staff-exports";
import { NOUNS } from "../../shared/export-words";
import { StaffNav, type StaffArea } from "./staff-nav";

const AREAS: Record<ExportKind, StaffArea> = { members: "members", applications: "applications", orders: "orders", ledger: "finance" };
const number = (n: number) => n.toLocaleString("en-GB");

export interface ExportTooBigProps {
  kind: ExportKind;
  /** The list's tab and search, or the ledger's days: sent back as they were asked for. */
  filter: ExportFilter;
  maxRows: number;
  csrfToken: string;
}

export function ExportTooBigContent({ kind, filter, maxRows, csrfToken }: ExportTooBigProps) {
  return (
    <div className="staff-screen">
      <StaffNav current={AREAS[kind]} />
      <h1>Too many rows for one download</h1>
      <p>{`More than ${number(maxRows)} ${NOUNS[kind]} match, which is more than one download can hold. The file can be prepared in the background instead: you will get an e-mail when it is ready, and it is kept for 7 days.`}</p>
      <form method="post" action={`/staff/exports/${kind}`} className="form">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        {isLedgerFilter(filter) ? (
          <>
            <input type="hidden" name="from" value={filter.from} />
            <input type="hidden" name="to" value={filter.to} />
          </>
        ) : (
          <>
            <input type="hidden" name="status" value={filter.status} />
            <input type="hidden" name="q" value={filter.search} />
          </>
        )}
        <div className="form__actions">
          <button type="submit" className="button">
            {`Prepare this export of ${NOUNS[kind]}`}
          </button>
          <a href={`/staff/exports/${kind}`}>See earlier exports</a>
        </div>
      </form>
    </div>
  );
}
