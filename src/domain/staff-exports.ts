/**
 * Background exports: a staff list too big for one download, built by the jobs queue into a
 * private file in R2, page by page, with durable progress (docs/decisions/0046-background-exports.md).
 * Types only; services/exports holds the rules and adapters/d1/staff-exports.ts the rows.
 */

/** Which list is exported. */
export const EXPORT_KINDS = ["members", "applications", "orders", "ledger"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A staff list's tab and search, as on its page. */
export interface ListExportFilter {
  status: string;
  search: string;
}

/** The finance ledger's range of days (YYYY-MM-DD, both included). */
export interface LedgerExportFilter {
  from: string;
  to: string;
}

/** What an export holds: a list's tab and search, or (for the ledger) a range of days. */
export type ExportFilter = ListExportFilter | LedgerExportFilter;

export const isLedgerFilter = (filter: ExportFilter): filter is LedgerExportFilter => "from" in filter;

/**
 * queued (asked for) -> running (pages being written) -> completing (every part uploaded, the
 * file being assembled) -> ready (downloadable until it expires) -> expired (file deleted); or
 * failed (it could not be completed: no file is ever offered).
 */
export type StaffExportStatus = "queued" | "running" | "completing" | "ready" | "failed" | "expired";

/** One uploaded part of the file (R2 multipart upload). */
export interface ExportPart {
  partNumber: number;
  etag: string;
}

export interface StaffExport {
  id: string;
  kind: ExportKind;
  /** The list's tab and search, or the ledger's range of days. */
  filter: ExportFilter;
  requestedBy: string;
  /** Instant; the moment the export is "as of". */
  requestedAt: string;
  /** How many rows matched when it was asked for. */
  expectedRows: number;
  status: StaffExportStatus;
  /** Steps committed so far (every move is a compare and set on it). */
  step: number;
  /** Where the next page starts (the list's own keyset position); null before the first. */
  cursor: unknown;
  rows: number;
  bytes: number;
  objectKey: string;
  uploadId: string | null;
  parts: ExportPart[];
  /** The object holding the bytes written but not yet in a part, and how many. */
  carryKey: string | null;
  carryBytes: number;
  failure: string | null;
  completedAt: string | null;
  expiresAt: string | null;
  updatedAt: string;
}
