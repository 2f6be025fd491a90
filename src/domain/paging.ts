/**
 * A page of a long staff list, read by key (the rows after or before the last one seen), never
 * by offset, so the hundredth page costs what the first does.
 */

/** Where a page starts: after (forward) or before (back) the row a cursor names. */
export interface PageCursor {
  direction: "after" | "before";
  /** Opaque to everyone but the service that made it. */
  token: string;
}

export interface KeysetPage<T> {
  rows: T[];
  /** The next page's cursor token; null on the last page. */
  next: string | null;
  /** The previous page's cursor token; null on the first page. */
  previous: string | null;
  /** How many rows match: exactly `count`, or (`more`) more than `count`. */
  total: { count: number; more: boolean };
}
