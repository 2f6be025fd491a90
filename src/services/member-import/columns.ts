/**
 * The member import file's columns. The header names them, in any order and any case, with
 * spaces, hyphens or underscores ("Membership type", "membership_type"); every one must be there,
 * even where a member's value may be blank (member number, address, consents). The Stripe
 * columns may be left out altogether (OPTIONAL_IMPORT_COLUMNS).
 */
import { IMPORT_COLUMNS, OPTIONAL_IMPORT_COLUMNS, type ImportColumn } from "../../domain/member-import";

/** Where each column is in a record (an optional column the file leaves out: -1, read as blank). */
export type ColumnIndex = Record<ImportColumn, number>;

const normalise = (name: string) => name.trim().toLowerCase().replace(/[\s-]+/g, "_");

/** The columns' positions, or the problems with the header (missing or repeated columns). */
export function readHeader(header: readonly string[]): { ok: true; index: ColumnIndex } | { ok: false; problems: string[] } {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  header.forEach((raw, position) => {
    const name = normalise(raw);
    if (name === "") return;
    if (seen.has(name)) problems.push(`The column "${raw.trim()}" appears twice.`);
    else seen.set(name, position);
  });
  const missing = IMPORT_COLUMNS.filter((column) => !seen.has(column));
  if (missing.length > 0) problems.push(`Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. The first line must name every column: ${IMPORT_COLUMNS.join(", ")}.`);
  if (problems.length > 0) return { ok: false, problems };
  const columns = [...IMPORT_COLUMNS, ...OPTIONAL_IMPORT_COLUMNS];
  return { ok: true, index: Object.fromEntries(columns.map((column) => [column, seen.get(column) ?? -1])) as ColumnIndex };
}
