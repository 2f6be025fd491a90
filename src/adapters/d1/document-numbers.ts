/**
 * The gap-free number series of receipts, credit notes and pro-forma invoices (one series per
 * table and calendar year). A document takes its year's highest sequence plus one inside the very
 * statement that inserts it, and the caller puts that statement in its change's `db.batch([...])`:
 * D1 runs a batch as one transaction, so a number is taken only if the batch commits, and two
 * documents issued at once never share a number or leave one out.
 */
export type NumberedTable = "receipts" | "credit_notes" | "pro_forma_invoices";

/**
 * The SQL for the next document's `number, year, seq` columns: `values` to select (the number is
 * `printf(format, year, seq)`) and the `from` clause they read the sequence from. `format` and
 * `year` are the statement's placeholders for them: anonymous (`?`, bound format, year, year, and
 * later year again for `from`) or numbered (`?1`, `?2`).
 */
export function nextDocumentNumber(table: NumberedTable, placeholders: { format: string; year: string } = { format: "?", year: "?" }) {
  const { format, year } = placeholders;
  return {
    columns: "number, year, seq",
    values: `printf(${format}, ${year}, allocated.seq), ${year}, allocated.seq`,
    from: `FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${table} WHERE year = ${year}) AS allocated`,
  };
}
