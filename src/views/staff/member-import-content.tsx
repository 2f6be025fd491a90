/**
 * /staff/members/import: the upload form (a dry run first, or the real run) and the report of a
 * run: every problem with its line, column and reason, and every member it would create, change
 * or skip. Works without JavaScript: a plain multipart form.
 */
import { IMPORT_COLUMNS, type ImportAction, type ImportReport } from "../../domain/member-import";
import { CheckboxField } from "../forms/choice-fields";
import { StaffNav } from "./staff-nav";
import { StaffTable } from "./staff-table";

export interface MemberImportContentProps {
  csrfToken: string;
  /** The run just made, with whether it was the real one; null before any upload. */
  result: { report: ImportReport; mode: "check" | "import" } | null;
}

const WHAT: Record<ImportAction["kind"], string> = { create: "Create", change: "Change", unchanged: "No change", skip: "Skip" };

function Summary({ report, mode }: { report: ImportReport; mode: "check" | "import" }) {
  const count = (kind: ImportAction["kind"]) => report.actions.filter((a) => a.kind === kind).length;
  if (report.problems.length > 0) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <strong>
            {report.problems.length} problem{report.problems.length === 1 ? "" : "s"} in the file. Nothing has been imported.
          </strong>{" "}
          Fix them in the file and upload it again.
        </p>
      </div>
    );
  }
  const counts = `${report.rows} members: ${count("create")} to create, ${count("change")} to change, ${count("unchanged")} unchanged, ${count("skip")} skipped.`;
  return (
    <div className="notice notice--success" role="status">
      {mode === "check" ? (
        <p>
          <strong>Dry run: nothing has been written.</strong> {counts} Choose the same file and press “Import” to write it.
        </p>
      ) : (
        <p>
          <strong>Imported.</strong> {counts.replace("to create", "created").replace("to change", "changed")}
          {report.invitations > 0 ? ` ${report.invitations} invitation${report.invitations === 1 ? "" : "s"} to claim their membership will be sent.` : ""}
        </p>
      )}
    </div>
  );
}

export function MemberImportContent({ csrfToken, result }: MemberImportContentProps) {
  const listed = result?.report.actions.filter((a) => a.kind !== "unchanged") ?? [];
  return (
    <div className="staff-screen">
      <StaffNav current="import" />
      <h1>Import members</h1>
      {result ? <Summary report={result.report} mode={result.mode} /> : null}
      <form method="post" action="/staff/members/import" encType="multipart/form-data" className="staff-form">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <p id="import-file-hint">
          A CSV file saved as UTF-8, its first line naming the columns: {IMPORT_COLUMNS.join(", ")}. Dates as YYYY-MM-DD; consents separated by semicolons;
          leave the member number blank to give the next one. Each member is found by e-mail address, so importing the same file twice changes nothing.
        </p>
        <div className="field">
          <label className="field__label" htmlFor="file">
            Members file (CSV)
          </label>
          <input className="field__input" type="file" id="file" name="file" accept=".csv,text/csv" required aria-describedby="import-file-hint" />
        </div>
        <CheckboxField id="invite" label="Invite each imported member who has not signed in yet to claim their membership (once per address)" />
        <p className="staff-form__actions">
          <button type="submit" name="mode" value="check" className="button">
            Check the file (dry run)
          </button>{" "}
          <button type="submit" name="mode" value="import" className="button button--secondary">
            Import
          </button>
        </p>
      </form>
      {result && result.report.problems.length > 0 ? (
        <StaffTable caption="Problems, by line" head={<><th scope="col">Line</th><th scope="col">Column</th><th scope="col">Why</th></>}>
          {result.report.problems.map((p, i) => (
            <tr key={i}>
              <td className="staff-table__number">{p.line ?? "—"}</td>
              <td>{p.column ?? "—"}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {listed.length > 0 ? (
        <StaffTable
          caption={result?.mode === "import" && result.report.written ? "What the import did" : "What the import would do"}
          head={<><th scope="col">Line</th><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Action</th><th scope="col">Details</th></>}
        >
          {listed.map((a) => (
            <tr key={a.member.line}>
              <td className="staff-table__number">{a.member.line}</td>
              <td className="staff-table__email">{a.member.email}</td>
              <th scope="row">{a.member.name}</th>
              <td>{WHAT[a.kind]}</td>
              <td>{a.kind === "change" ? a.changes.join("; ") : a.kind === "skip" ? a.reason : `${a.member.membershipTitle}, ${a.member.status} until ${a.member.periodEnd}`}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </div>
  );
}
