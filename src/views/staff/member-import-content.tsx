/**
 * /staff/members/import: the upload form (a dry run first, or the real run), the problems that
 * refused a file as a whole (its encoding, quoting, an empty header), and the latest imports with where
 * each has got to. Works without JavaScript: a plain multipart form.
 */
import { IMPORT_COLUMNS, OPTIONAL_IMPORT_COLUMNS, type ImportJob, type ImportProblem } from "../../domain/member-import";
import { CheckboxField } from "../forms/choice-fields";
import { ImportPhaseWords } from "./member-import-phase";
import { StaffNav } from "./staff-nav";
import { StaffTable } from "./staff-table";

export interface MemberImportContentProps {
  csrfToken: string;
  /** Why the file just uploaded was refused as a whole; none otherwise. */
  refused: ImportProblem[];
  recent: ImportJob[];
  /** The most members a file may hold. */
  maxRows: number;
}

export function MemberImportContent({ csrfToken, refused, recent, maxRows }: MemberImportContentProps) {
  return (
    <div className="staff-screen">
      <StaffNav current="import" />
      <h1>Import members</h1>
      {refused.length > 0 ? (
        <div className="notice notice--error" role="alert">
          <p>
            <strong>The file cannot be read. Nothing has been imported.</strong>
          </p>
          <ul>
            {refused.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="post" action="/staff/members/import" encType="multipart/form-data" className="staff-form">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <p id="import-file-hint">
          A CSV file saved as UTF-8, its first line naming the columns. Any columns, in any order: a file from another system (Wild Apricot, CiviCRM, a
          spreadsheet) goes to a screen where you match its columns to the site's fields, including earlier payments, CPD and the society's own fields. A file
          with the site's own columns ({IMPORT_COLUMNS.join(", ")}, and if it has them {OPTIONAL_IMPORT_COLUMNS.join(", ")}) is checked straight away. Dates
          as YYYY-MM-DD or DD/MM/YYYY; consents separated by semicolons, each with the day it was given if known (newsletter:2024-03-01); special_status
          honorary, life or concession (a concession with its yearly price and the day it ends); notes are kept as a staff note from you; leave the member
          number blank to give the next one. Each member is found by e-mail address, so importing the same file twice changes
          nothing. Up to {maxRows.toLocaleString("en-GB")} members a file: the file is checked and written in the background, and its page shows how far it
          has got.
        </p>
        <div className="field">
          <label className="field__label" htmlFor="file">
            Members file (CSV)
          </label>
          <input className="field__input" type="file" id="file" name="file" accept=".csv,text/csv" required aria-describedby="import-file-hint" />
        </div>
        <CheckboxField id="invite" label="Invite each imported member who has not signed in yet to claim their membership (once per address, a day's budget at a time)" />
        <p className="staff-form__actions">
          <button type="submit" name="mode" value="check" className="button">
            Check the file (dry run)
          </button>{" "}
          <button type="submit" name="mode" value="import" className="button button--secondary">
            Import
          </button>
        </p>
      </form>
      {recent.length > 0 ? (
        <StaffTable caption="Latest imports" head={<><th scope="col">Import</th><th scope="col">Started</th><th scope="col">By</th><th scope="col">Rows</th><th scope="col">Where it is</th></>}>
          {recent.map((job) => (
            <tr key={job.id}>
              <th scope="row">
                <a href={`/staff/members/import/${job.id}`}>
                  {job.mode === "check" ? "Dry run" : "Import"} {job.id}
                </a>
              </th>
              <td>{job.createdAt.slice(0, 16).replace("T", " ")} UTC</td>
              <td className="staff-table__email">{job.staffEmail}</td>
              <td className="staff-table__number">{job.rows}</td>
              <td>
                <ImportPhaseWords job={job} />
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </div>
  );
}
