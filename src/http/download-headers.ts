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

/**
 * An applicant's document, shown inline to the applicant or staff: its type as its bytes showed
 * it to be (never sniffed again by the browser), private, never stored by any cache.
 */
export function applicantDocumentHeaders(document: { contentType: string; fileName: string }, size: number): Record<string, string> {
  const ascii = document.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return {
    "Content-Type": document.contentType,
    "Content-Length": String(size),
    "Content-Disposition": `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex",
  };
}
