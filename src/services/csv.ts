/**
 * CSV for the staff exports: RFC 4180 (quoted where needed, CRLF line ends), with every cell
 * that a spreadsheet would run as a formula neutralised by a leading quote.
 */
export type CsvValue = string | number | null;

/** A column: its heading and how to read its cell from a row. */
export type CsvColumn<T> = readonly [heading: string, value: (row: T) => CsvValue];

/** Cells a spreadsheet would evaluate (=, +, -, @, and tab or CR before one) start with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain number ("-10.00", "42"): nothing a spreadsheet could run, so a minus sign stays a minus sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV cell: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: CsvValue): string {
  let text = value === null ? "" : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A heading row, then one row per item; every line (the last too) ends in CRLF. */
export function csvTable<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
