/**
 * /staff/members/import/<id>: one import as the job moves it on. While it is being checked or
 * written the page shows how far it has got and reloads itself (the route sends a Refresh header,
 * so no JavaScript is needed; a link reloads it by hand). Then its report: every problem with its
 * line, column and reason (nothing imported), or what it would do or did to each member, a page
 * of rows at a time; the claim invitations queued and handed to e-mail; and, after a clean dry
 * run, the button that imports it without uploading the file again.
 */
import type { ImportMapping, MappingProblem } from "../../domain/import-mapping";
import type { ImportView, ListedRow } from "../../domain/member-import";
import { CheckboxField } from "../forms/choice-fields";
import { formatPence } from "../format";
import { MemberImportMapping } from "./member-import-mapping";
import { importPhaseText } from "./member-import-phase";
import { StaffNav } from "./staff-nav";
import { StaffTable } from "./staff-table";

export interface MemberImportJobContentProps {
  view: ImportView;
  csrfToken: string;
  /** Where the lists start (the links go on from their last rows). */
  from: { problemsAfterLine: number; actingAfterSeq: number };
  /** What staff chose on the mapping screen, when it was refused, with why. */
  mapping?: { chosen: ImportMapping; problems: readonly MappingProblem[] };
}

const WHAT: Record<NonNullable<ListedRow["action"]>, string> = { create: "Create", change: "Change", unchanged: "No change", skip: "Skip" };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function Summary({ view }: { view: ImportView }) {
  const { job } = view;
  const problems = job.problems + job.fileProblems.length;
  const running = job.phase === "staging" || job.phase === "checking" || job.phase === "writing";
  if (running) {
    const done = job.phase === "writing" ? job.pass * job.rows + job.position : job.position;
    const total = job.phase === "writing" ? 2 * job.rows : job.rows;
    return (
      <div className="notice" role="status">
        <p>
          <strong>{importPhaseText(job)}.</strong> This page reloads itself every few seconds; nothing is written until every row has been checked.{" "}
          <a href={`/staff/members/import/${job.id}`}>Refresh now</a>
        </p>
        <progress max={Math.max(total, 1)} value={done} aria-label="Progress of the import">
          {done} of {total}
        </progress>
      </div>
    );
  }
  if (problems > 0 || job.phase === "refused") {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <strong>{`${plural(problems, "problem")} in the file. Nothing has been imported.`}</strong> Fix them in the file and upload it again.
        </p>
      </div>
    );
  }
  if (job.phase === "failed") {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <strong>The import stopped while writing: {job.error}.</strong> The rows written before it are kept; upload the file again once the cause is
          fixed (rows already written show as unchanged).
        </p>
      </div>
    );
  }
  const counts = `${job.rows} members: ${job.created} to create, ${job.changed} to change, ${job.unchanged} unchanged, ${job.skipped} skipped.`;
  if (job.phase === "checked") {
    return (
      <div className="notice notice--success" role="status">
        <p>
          <strong>Dry run: nothing has been written.</strong> {counts}
        </p>
      </div>
    );
  }
  return (
    <div className="notice notice--success" role="status">
      <p>
        <strong>Imported.</strong> {counts.replace("to create", "created").replace("to change", "changed")}
      </p>
    </div>
  );
}

/** What the file brings of the members' history, once checked or written. */
function History({ view }: { view: ImportView }) {
  const { job } = view;
  if (job.problems + job.fileProblems.length > 0 || job.payments + job.cpd + job.custom + job.notes + job.consentDates === 0) return null;
  const verb = job.phase === "done" ? "brought" : "brings";
  return (
    <p>
      {`The file ${verb} ${plural(job.payments, "earlier payment")} (kept as history, marked imported: not receipts, not in the ledger or the VAT return), ${plural(job.cpd, "CPD entry")
        .replace("entrys", "entries")} (in each member's CPD log as their own) and ${plural(job.custom, "value")} of the society's own fields. `}
      {job.notes + job.consentDates > 0
        ? `It ${verb} ${plural(job.notes, "note")} for staff (on each member's timeline, from ${job.staffEmail}, dated the day of the import; never shown to the member) and ${plural(job.consentDates, "consent")} with the day it was given. `
        : null}
      Each is recorded once, however often the file is imported.
    </p>
  );
}

function Invitations({ view }: { view: ImportView }) {
  const { job, invitations } = view;
  if (!job.invite || job.invitations === 0 || job.problems + job.fileProblems.length > 0) return null;
  const { queued, written, perDay, writtenToday } = invitations;
  return (
    <p>
      {job.phase === "done"
        ? `${plural(job.invitations, "invitation")} to claim their membership will be sent: ${written} handed to e-mail, ${queued} queued.`
        : `${plural(job.invitations, "member")} would be invited to claim their membership.`}{" "}
      The site lets at most {perDay} invitations a day into e-mail (today so far: {writtenToday}), so a large import is invited over several days; each
      address is invited once.
    </p>
  );
}

function ProblemRows({ view, from }: Pick<MemberImportJobContentProps, "view" | "from">) {
  const { job, problemRows, moreProblems } = view;
  const fileProblems = job.fileProblems;
  if (problemRows.length === 0 && fileProblems.length === 0) return null;
  const last = problemRows.at(-1);
  return (
    <>
      <StaffTable caption="Problems, by line" head={<><th scope="col">Line</th><th scope="col">Column</th><th scope="col">Why</th></>}>
        {from.problemsAfterLine === 0
          ? fileProblems.map((p, i) => (
              <tr key={`file-${i}`}>
                <td className="staff-table__number">{p.line ?? "—"}</td>
                <td>{p.column ?? "—"}</td>
                <td>{p.message}</td>
              </tr>
            ))
          : null}
        {problemRows.flatMap((row) =>
          row.problems.map((p, i) => (
            <tr key={`${row.seq}-${i}`}>
              <td className="staff-table__number">{p.line ?? row.line}</td>
              <td>{p.column ?? "—"}</td>
              <td>{p.message}</td>
            </tr>
          )),
        )}
      </StaffTable>
      {moreProblems && last ? (
        <p>
          More problems follow. <a href={`/staff/members/import/${job.id}?problemsAfter=${last.line}`}>Show the problems after line {last.line}</a>
        </p>
      ) : null}
    </>
  );
}

/** A row to create, in staff's words: its membership and how it stands. */
function standingOf(row: ListedRow): string {
  if (row.honour) return `${row.membershipTitle}, ${row.honour === "life" ? "life membership" : "honorary membership"} (no end, no renewals)`;
  const concession = row.concession ? `, concession ${formatPence(row.concession.pence)} a year until ${row.concession.until}` : "";
  return `${row.membershipTitle}, ${row.status} until ${row.periodEnd}${concession}`;
}

/** What a row brings besides the record's fields: each consent's day, and a note for staff. */
function extrasOf(row: ListedRow): string[] {
  if (row.action === "skip") return [];
  return [
    ...row.consentsGiven.map((c) => `consent ${c.name} given ${c.date}`),
    ...(row.note ? ["a note for staff"] : []),
  ];
}

function ActingRows({ view }: Pick<MemberImportJobContentProps, "view">) {
  const { job, actingRows, moreActing } = view;
  if (actingRows.length === 0) return null;
  const last = actingRows.at(-1)!;
  return (
    <>
      <StaffTable
        caption={job.phase === "done" ? "What the import did" : "What the import would do"}
        head={<><th scope="col">Line</th><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Action</th><th scope="col">Details</th></>}
      >
        {actingRows.map((row) => (
          <tr key={row.seq}>
            <td className="staff-table__number">{row.line}</td>
            <td className="staff-table__email">{row.email}</td>
            <th scope="row">{row.name}</th>
            <td>{row.action ? WHAT[row.action] : "—"}</td>
            <td>{[row.detail ?? standingOf(row), ...extrasOf(row)].join("; ")}</td>
          </tr>
        ))}
      </StaffTable>
      {moreActing ? (
        <p>
          More rows follow. <a href={`/staff/members/import/${job.id}?actingAfter=${last.seq}`}>Show the rows after line {last.line}</a>
        </p>
      ) : null}
    </>
  );
}

export function MemberImportJobContent({ view, csrfToken, from, mapping }: MemberImportJobContentProps) {
  const { job } = view;
  const cleanDryRun = job.phase === "checked" && job.mode === "check" && job.problems + job.fileProblems.length === 0;
  return (
    <div className="staff-screen">
      <StaffNav current="import" />
      <h1>
        {job.mode === "check" ? "Dry run" : "Import"} {job.id}
      </h1>
      <p>
        {job.rows} rows, uploaded by {job.staffEmail} at {job.createdAt.slice(0, 16).replace("T", " ")} UTC. <a href="/staff/members/import">Import another file</a>
      </p>
      {job.phase === "mapping" ? (
        <MemberImportMapping job={job} mapping={mapping?.chosen ?? job.mapping ?? []} problems={mapping?.problems ?? []} toDo={mapping ? [] : view.mappingProblems} samples={view.samples} csrfToken={csrfToken} />
      ) : null}
      {job.phase === "mapping" ? null : <Summary view={view} />}
      {job.phase === "done" || job.phase === "checked" ? <History view={view} /> : null}
      <Invitations view={view} />
      {cleanDryRun ? (
        <form method="post" action={`/staff/members/import/${job.id}/import`} className="staff-form">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <CheckboxField id="invite" checked={job.invite} label="Invite each imported member who has not signed in yet to claim their membership (once per address, a day's budget at a time)" />
          <p className="staff-form__actions">
            <button type="submit" className="button">
              Import these members
            </button>{" "}
            (the file is checked once more first, then written)
          </p>
        </form>
      ) : null}
      <ProblemRows view={view} from={from} />
      <ActingRows view={view} />
    </div>
  );
}
