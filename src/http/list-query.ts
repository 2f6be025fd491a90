/** What the staff lists share: the status, search and page position in the query string. */
import * as z from "zod";
import type { PageCursor } from "../domain/paging";
import { AppError } from "../errors";

/** The newest this many are listed on screen; a search finds older ones. */
export const LIST_LIMIT = 200;

/**
 * `?status=` (one of `statuses` or "all"; the first by default) and `?q=` (the search). An
 * unknown status or an overlong search is a 400 with a specific message.
 */
export function listQuery<const S extends string>(query: { status?: string | undefined; q?: string | undefined }, statuses: readonly [S, ...S[]]) {
  const known = new Set<string>([...statuses, "all"]);
  const schema = z.object({
    status: z.custom<S | "all">((value) => typeof value === "string" && known.has(value), { error: "Unknown status" }).default(statuses[0]),
    q: z.string().trim().max(200, { error: "Search for at most 200 characters" }).default(""),
  });
  const parsed = schema.safeParse({ status: query.status || undefined, q: query.q });
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * `?after=` or `?before=`: where a keyset page starts (the service reads the token); null for
 * the first page. Both at once, or an overlong token, is a 400.
 */
export function pageCursor(query: { after?: string | undefined; before?: string | undefined }): PageCursor | null {
  const token = z.string().max(400, { error: "This page link is not valid" }).optional();
  const parsed = z.object({ after: token, before: token }).safeParse({ after: query.after || undefined, before: query.before || undefined });
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]!.message);
  const { after, before } = parsed.data;
  if (after && before) throw new AppError("BAD_REQUEST", "This page link is not valid");
  if (after) return { direction: "after", token: after };
  if (before) return { direction: "before", token: before };
  return null;
}
