/**
 * A page of a staff list read newest first by key (when made, then id): the applications and the
 * orders. The cursor in the link is the row's creation instant and id; the total is counted up to
 * LIST_COUNT_CAP + 1, so the list says "more than 1,000" rather than counting every row.
 */
import type { CreatedCursor } from "../adapters/d1/newest-first-pages";
import type { KeysetPage, PageCursor } from "../domain/paging";
import { decodeCursor, keysetPage } from "./page-cursor";

/** Rows on one screen of a staff list. */
export const LIST_PAGE_ROWS = 100;
/** Counted exactly up to this many; past it the list says "more than". */
export const LIST_COUNT_CAP = 1_000;

export async function newestFirstList<T extends { createdAt: string; id: string }>(
  cursor: PageCursor | null,
  read: (at: CreatedCursor | null, limit: number) => Promise<T[]>,
  count: (cap: number) => Promise<number>,
): Promise<KeysetPage<T>> {
  const at = cursor ? decodeCursor(cursor.token) : null;
  const [rows, total] = await Promise.all([
    read(cursor && at ? { direction: cursor.direction, createdAt: String(at.key), id: at.id } : null, LIST_PAGE_ROWS + 1),
    count(LIST_COUNT_CAP + 1),
  ]);
  const page = keysetPage(rows, LIST_PAGE_ROWS, cursor?.direction ?? null, (row) => ({ key: row.createdAt, id: row.id }));
  return { ...page, total: total > LIST_COUNT_CAP ? { count: LIST_COUNT_CAP, more: true } : { count: total, more: false } };
}
