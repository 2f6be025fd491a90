/** Headers of the private files people and staff download: never stored by a cache, never indexed. */
import { londonDate } from "../shared/london-date";

/** A person's data as a JSON file to save: private, never stored by a cache, never indexed. */
export function jsonDownloadHeaders(name: string, now: Date): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${londonDate(now)}.json"`,
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
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
