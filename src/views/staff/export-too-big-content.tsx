/**
 * What a CSV link answers (409) when the list holds more rows than one download can stream: why,
 * and a button that asks for the same list as a background export (a form: no JavaScript needed).
 */
import type { ExportKind } from "../../domain/staff-exports";
import { StaffNav, type StaffArea } from "./staff-nav";

const AREAS: Record<ExportKind, StaffArea> = { members: "members", applications: "applications", orders: "orders" };
const number = (n: number) => n.toLocaleString("en-GB");

export interface ExportTooBigProps {
  kind: ExportKind;
  status: string;
  search: string;
  maxRows: number;
  csrfToken: string;
}

export function ExportTooBigContent({ kind, status, search, maxRows, csrfToken }: ExportTooBigProps) {
  return (
    <div className="staff-screen">
      <StaffNav current={AREAS[kind]} />
      <h1>Too many rows for one download</h1>
      <p>{`More than ${number(maxRows)} ${kind} match, which is more than one download can hold. The file can be prepared in the background instead: you will get an e-mail when it is ready, and it is kept for 7 days.`}</p>
      <form method="post" action={`/staff/exports/${kind}`} className="form">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="q" value={search} />
        <div className="form__actions">
          <button type="submit" className="button">
            {`Prepare this export of ${kind}`}
          </button>
          <a href={`/staff/exports/${kind}`}>See earlier exports</a>
        </div>
      </form>
    </div>
  );
}
