import { londonDate } from "../../shared/london-date";

/** A person's data as a JSON file to save: private, never stored by a cache, never indexed. */
export function jsonDownloadHeaders(name: string, now: Date): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${londonDate(now)}.json"`,
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
}
