/**
 * A CSV export as a stream: the heading, then one keyset page of rows at a time (each page read
 * only when the reader wants more), so memory stays flat and no query returns more than a page.
 *
 * What one request can do is bounded (Cloudflare: 1,000 D1 queries and about 30 seconds): an
 * export is offered only when its rows fit `EXPORT_MAX_ROWS` (the caller counts first), and if
 * one still runs past the bounds (rows added meanwhile, a slow database) the file ends with an
 * "Export incomplete" line and the download fails, so a short file is never passed off as whole.
 */
import { AppError } from "../errors";
import { csvCell, type CsvColumn } from "./csv";

/** Rows read per D1 query: a few hundred kilobytes of CSV. */
export const EXPORT_PAGE_ROWS = 1_000;
/** Pages one request reads at most (and so D1 queries, well under the 1,000 a request may make). */
export const EXPORT_MAX_PAGES = 200;
/** The most rows one download holds (docs/decisions/0040-exports-at-scale.md says why). */
export const EXPORT_MAX_ROWS = EXPORT_PAGE_ROWS * EXPORT_MAX_PAGES;
/** Past this much wall time the export stops (a request has about 30 seconds). */
export const EXPORT_TIME_BUDGET_MS = 25_000;

export interface CsvPage<T, C> {
  rows: readonly T[];
  /** Where the next page starts; null after the last. */
  next: C | null;
}

export interface CsvStreamOptions {
  /** Called once when the file is complete, or cut short (then `complete` is false). */
  finished?: (outcome: { rows: number; complete: boolean }) => void;
  now?: () => number;
  maxPages?: number;
}

const line = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;

export function csvStream<T, C>(columns: readonly CsvColumn<T>[], read: (cursor: C | null) => Promise<CsvPage<T, C>>, options: CsvStreamOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const now = options.now ?? Date.now;
  const maxPages = options.maxPages ?? EXPORT_MAX_PAGES;
  const started = now();
  let cursor: C | null = null;
  let pages = 0;
  let rows = 0;
  let headed = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headed) {
        headed = true;
        controller.enqueue(encoder.encode(line(columns.map(([heading]) => heading))));
      }
      if (pages >= maxPages || now() - started > EXPORT_TIME_BUDGET_MS) {
        controller.enqueue(encoder.encode(line([`Export incomplete: stopped after ${rows} rows. Narrow the filter and export again.`])));
        options.finished?.({ rows, complete: false });
        controller.error(new Error(`Export incomplete after ${rows} rows`));
        return;
      }
      const page = await read(cursor);
      pages += 1;
      rows += page.rows.length;
      if (page.rows.length > 0) controller.enqueue(encoder.encode(page.rows.map((row) => line(columns.map(([, value]) => value(row)))).join("")));
      if (page.next === null) {
        options.finished?.({ rows, complete: true });
        controller.close();
        return;
      }
      cursor = page.next;
    },
  });
}

/**
 * A staff list as an export: its columns, a capped count, and pages read by key from a cursor
 * that survives JSON (so a background export can keep it in D1 between steps).
 */
export interface ExportSource<T = unknown, C = unknown> {
  columns: readonly CsvColumn<T>[];
  count(cap: number): Promise<number>;
  page(cursor: C | null, limit: number): Promise<CsvPage<T, C>>;
}

/** The CSV text of rows (no heading), every line ending in CRLF. */
export const csvLines = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string => rows.map((row) => line(columns.map(([, value]) => value(row)))).join("");

/** The heading line. */
export const csvHeading = <T>(columns: readonly CsvColumn<T>[]): string => line(columns.map(([heading]) => heading));

/** A download offered, or refused as too big for one request (then a background export is offered instead). */
export type OfferedExport = { stream: ReadableStream<Uint8Array>; count: number } | { tooMany: { atLeast: number; maxRows: number } };

/**
 * A download of `source` when its rows fit `maxRows` (counted first), audited with the count
 * and streamed in keyset pages; past it, nothing is audited and the caller offers the background
 * export instead.
 */
export async function offerDownload<T, C>(source: ExportSource<T, C>, maxRows: number, audit: (count: number) => Promise<void>): Promise<OfferedExport> {
  const count = await source.count(maxRows + 1);
  if (count > maxRows) return { tooMany: { atLeast: maxRows + 1, maxRows } };
  await audit(count);
  return { stream: csvStream<T, C>(source.columns, (cursor) => source.page(cursor, EXPORT_PAGE_ROWS)), count };
}
