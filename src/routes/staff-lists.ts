/** What the staff lists share: the status and search in the query string, and the CSV download. */
import type { Context } from "hono";
import * as z from "zod";
import { AppError } from "../errors";
import { londonDate } from "../shared/london-date";
import type { HonoEnv } from "../types";

/** The newest this many are listed on screen; a search finds older ones. */
export const LIST_LIMIT = 200;
/** At most this many rows in one export. */
export const EXPORT_LIMIT = 10_000;

/**
 * `?status=` (one of `statuses` or "all"; the first by default) and `?q=` (the search). An
 * unknown status or an overlong search is a 400 with a specific message.
 */
export function listQuery<const S extends string>(c: Context<HonoEnv>, statuses: readonly [S, ...S[]]) {
  const known = new Set<string>([...statuses, "all"]);
  const schema = z.object({
    status: z.custom<S | "all">((value) => typeof value === "string" && known.has(value), { error: "Unknown status" }).default(statuses[0]),
    q: z.string().trim().max(200, { error: "Search for at most 200 characters" }).default(""),
  });
  const parsed = schema.safeParse({ status: c.req.query("status") || undefined, q: c.req.query("q") });
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]!.message);
  const { status, q } = parsed.data;
  return { status, q, storeStatus: status === "all" ? undefined : status };
}

/** A private CSV download named `{name}-{today}.csv`. */
export function csvDownload(c: Context<HonoEnv>, name: string, csv: string): Response {
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${londonDate(new Date())}.csv"`,
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  });
}
