/**
 * The mapping screen of an uploaded file (/staff/members/import/<id> while it waits): for each of
 * its columns, the header's name, what the first rows hold, and a choice of what it is, from the
 * site's fields, a part of a payment or CPD entry (with the entry's number, so a row can carry
 * several), kept as the society's own field under a name, or ignored. The guess is chosen to start
 * with; after a refused choice, staff's choices are kept and each problem is beside its column.
 * A plain form: no JavaScript needed.
 */
import { HISTORY_FIELD_LABELS, MAX_HISTORY_ENTRIES, MEMBER_FIELD_LABELS, MEMBER_FIELDS, REQUIRED_FIELDS, type ColumnUse, type ImportMapping, type MappingProblem, useValue } from "../../domain/import-mapping";
import type { ImportJob } from "../../domain/member-import";
import { ErrorSummary } from "../forms/error-summary";
import { StaffTable } from "./staff-table";

export interface MemberImportMappingProps {
  job: ImportJob;
  /** What is chosen: the guess, or what staff sent with its problems. */
  mapping: ImportMapping;
  problems: readonly MappingProblem[];
  /** Before staff have sent a choice: what the guess leaves to do, said as a to-do, not an error. */
  toDo: readonly MappingProblem[];
  samples: readonly string[][];
  csrfToken: string;
}

const USES: { group: string; options: { value: string; label: string }[] }[] = [
  { group: "The member", options: MEMBER_FIELDS.map((f) => ({ value: `field:${f}`, label: `${MEMBER_FIELD_LABELS[f]}${REQUIRED_FIELDS.includes(f) ? " (needed)" : ""}` })) },
  { group: "Their history", options: Object.entries(HISTORY_FIELD_LABELS).map(([f, label]) => ({ value: `history:${f}`, label })) },
  {
    group: "Otherwise",
    options: [
      { value: "custom", label: "Keep as the society's own field" },
      { value: "ignore", label: "Ignore this column" },
    ],
  },
];

const entryOf = (use: ColumnUse | undefined) => (use?.kind === "history" ? String(use.entry) : "1");
const nameOf = (use: ColumnUse | undefined, header: string) => (use?.kind === "custom" ? use.name : header.trim());

export function MemberImportMapping({ job, mapping, problems, toDo, samples, csrfToken }: MemberImportMappingProps) {
  const header = job.header ?? [];
  const byColumn = (column: number) => problems.filter((p) => p.column === column).map((p) => p.message);
  const general = problems.filter((p) => p.column === null);
  return (
    <>
      <p>
        Match each column of the file to what it holds on this site. The obvious ones are chosen already; check them against the examples. A payment or a
        CPD activity takes several columns (its date, amount…): give the columns of one payment the same number, and those of the next payment the next
        number. Payments are kept as history for the register, marked as imported: they are not receipts, and the finance ledger and VAT return do not
        count them. Nothing is written until the file has been checked{job.mode === "check" ? ", and this is a dry run: nothing is written at all" : ""}.
      </p>
      {toDo.length > 0 ? (
        <div className="notice" role="status">
          <p>Before the file can be checked:</p>
          <ul>
            {toDo.map((p) => (
              <li key={`${p.column}:${p.message}`}>{p.column === null ? p.message : `Column ${p.column + 1} (${header[p.column] ?? ""}): ${p.message}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorSummary
        problems={problems.map((p) => ({ field: p.column === null ? "use-0" : `use-${p.column}`, message: p.column === null ? p.message : `Column ${p.column + 1} (${header[p.column] ?? ""}): ${p.message}` }))}
      />
      {general.length > 0 ? (
        <ul className="field__error">
          {general.map((p) => (
            <li key={p.message}>{p.message}</li>
          ))}
        </ul>
      ) : null}
      <form method="post" action={`/staff/members/import/${job.id}/mapping`} className="staff-form">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <StaffTable
          caption="The file's columns"
          head={<><th scope="col">Column</th><th scope="col">Examples</th><th scope="col">Holds</th><th scope="col">Entry number</th><th scope="col">Kept as</th></>}
        >
          {header.map((name, column) => {
            const use = mapping[column];
            const errors = byColumn(column);
            const label = `Column ${column + 1}, ${name.trim() || "(no name)"}`;
            return (
              <tr key={column} className={errors.length > 0 ? "field--error" : undefined}>
                <th scope="row" id={`column-${column}`}>
                  {label}
                </th>
                <td>{samples.map((row) => row[column] ?? "").filter((v) => v.trim() !== "").slice(0, 3).join(" · ") || "—"}</td>
                <td>
                  <select
                    className="field__input"
                    id={`use-${column}`}
                    name={`use.${column}`}
                    defaultValue={use ? useValue(use) : "ignore"}
                    aria-labelledby={`column-${column}`}
                    aria-invalid={errors.length > 0 ? true : undefined}
                    aria-describedby={errors.length > 0 ? `use-${column}-error` : undefined}
                  >
                    {USES.map(({ group, options }) => (
                      <optgroup key={group} label={group}>
                        {options.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  {errors.length > 0 ? (
                    <p className="field__error" id={`use-${column}-error`} data-field-error={`use.${column}`}>
                      <span className="visually-hidden">Error: </span>
                      {errors.join(". ")}
                    </p>
                  ) : null}
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`entry-${column}`}>
                    {`Entry number for ${label} (payments and CPD only)`}
                  </label>
                  <input className="field__input" type="number" min={1} max={MAX_HISTORY_ENTRIES} id={`entry-${column}`} name={`entry.${column}`} defaultValue={entryOf(use)} />
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`name-${column}`}>
                    {`Name to keep ${label} under (kept fields only)`}
                  </label>
                  <input className="field__input" type="text" maxLength={60} id={`name-${column}`} name={`name.${column}`} defaultValue={nameOf(use, name)} />
                </td>
              </tr>
            );
          })}
        </StaffTable>
        <p className="staff-form__actions">
          <button type="submit" className="button">
            {job.mode === "check" ? "Check the file with these columns (dry run)" : "Check and import with these columns"}
          </button>
        </p>
      </form>
    </>
  );
}
