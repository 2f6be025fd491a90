/** What the staff lists share: the status and search in the query string, and the CSV download's headers. */
import * as z from "zod";
import { AppError } from "../../errors";
import { londonDate } from "../../shared/london-date";

/** The newest this many are listed on screen; a search finds older ones. */
export const LIST_LIMIT = 200;
/** At most this many rows in one export. */
export const EXPORT_LIMIT = 10_000;

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

/** Headers of a private CSV download named `{name}-{today}.csv`. */
export function csvHeaders(name: string, now: Date): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${londonDate(now)}.csv"`,
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
}
