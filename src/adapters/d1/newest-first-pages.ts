/**
 * Staff lists read newest first by (created_at, id), a page at a time, through an index on
 * (status, created_at, id) (applications_status_created, orders_status_created: migrations/0037).
 * A list is a union of branches, each fixing one status, so every branch is a range of that index
 * starting at the cursor; the page is the first rows of their merge. No `?N IS NULL OR …`
 * (which would stop SQLite starting the range at the cursor) and no OFFSET: the hundredth page
 * costs what the first does. An "every status" list is the union of the statuses' branches.
 */

/** Where a page starts: after (older than) or before (newer than) a row, in the list's order. */
export interface CreatedCursor {
  direction: "after" | "before";
  createdAt: string;
  id: string;
}

/** A statement's text and its values, numbered as they were added. */
export interface BuiltStatement {
  sql: string;
  values: unknown[];
}

/** Numbered placeholders: `param` adds a value and returns `?N`. */
export function numberedParams() {
  const values: unknown[] = [];
  return { values, param: (value: unknown) => `?${values.push(value)}` };
}

/**
 * One page: each branch's first `limit` rows past the cursor in the list's order, merged. Rows
 * come back newest first whichever way the page was read. `select` is the outer projection
 * (`page` is each row); the branches read `table`'s rows.
 */
export function newestFirstPage(
  table: string,
  branches: readonly string[],
  cursor: CreatedCursor | null,
  limit: number,
  param: (value: unknown) => string,
  select = "page.*",
): string {
  // Reading back (newer than the cursor) walks the index the other way; the outer query turns the rows round.
  const back = cursor?.direction === "before";
  const dir = back ? "ASC" : "DESC";
  const from = cursor ? `(created_at, id) ${back ? ">" : "<"} (${param(cursor.createdAt)}, ${param(cursor.id)})` : null;
  const limitParam = param(limit);
  const parts = branches.map(
    (where) => `SELECT * FROM (SELECT * FROM ${table} WHERE ${[where, from].filter(Boolean).join(" AND ")} ORDER BY created_at ${dir}, id ${dir} LIMIT ${limitParam})`,
  );
  const merged = `SELECT * FROM (${parts.join(" UNION ALL ")}) ORDER BY created_at ${dir}, id ${dir} LIMIT ${limitParam}`;
  return `SELECT ${select} FROM (${merged}) AS page ORDER BY page.created_at DESC, page.id DESC`;
}

/** Each branch's rows counted up to `cap`, one column each (`n0`, `n1`…). */
export function cappedCounts(table: string, branches: readonly string[], cap: number, param: (value: unknown) => string): string {
  const capParam = param(cap);
  return `SELECT ${branches.map((where, i) => `(SELECT COUNT(*) FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ${capParam})) AS n${i}`).join(", ")}`;
}

/** The branches' counts from `cappedCounts`' row, added up: at least `cap` means "at least". */
export const sumCounts = (row: Record<string, number> | null, branches: number): number =>
  Array.from({ length: branches }, (_, i) => row?.[`n${i}`] ?? 0).reduce((sum, n) => sum + n, 0);
