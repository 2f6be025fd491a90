/**
 * Cursor tokens for keyset paging: a row's sort key and id, as base64url JSON in the query
 * string. A token that does not read back is a 400, never a silent first page.
 */
import { AppError } from "../errors";
import { decodeBase64url, encodeBase64url } from "../shared/base64url";

export interface CursorKey {
  key: number | string;
  id: string;
}


export function encodeCursor(cursor: CursorKey): string {
  return encodeBase64url(new TextEncoder().encode(JSON.stringify([cursor.key, cursor.id])));
}

export function decodeCursor(token: string): CursorKey {
  try {
    const bytes = decodeBase64url(token) ?? new Uint8Array();
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (Array.isArray(value) && value.length === 2 && (typeof value[0] === "number" || typeof value[0] === "string") && typeof value[1] === "string") {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError("BAD_REQUEST", "This page link is not valid any more: start again from the first page");
}

/**
 * The page from `limit + 1` rows read in display order from `cursor` (the extra row, when
 * there, says another page follows in the direction read): the rows shown and the cursors
 * either side.
 */
export function keysetPage<T>(read: readonly T[], limit: number, direction: "after" | "before" | null, keyOf: (row: T) => CursorKey) {
  const more = read.length > limit;
  const rows = !more ? [...read] : direction === "before" ? read.slice(read.length - limit) : read.slice(0, limit);
  const first = rows[0];
  const last = rows.at(-1);
  const next = direction === "before" ? (last ? encodeCursor(keyOf(last)) : null) : more && last ? encodeCursor(keyOf(last)) : null;
  const previous = direction === "before" ? (more && first ? encodeCursor(keyOf(first)) : null) : direction === "after" && first ? encodeCursor(keyOf(first)) : null;
  return { rows, next, previous };
}
