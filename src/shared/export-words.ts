/** How a background export is named to staff: on its page and in its e-mail (shared by the service and the views). */
import { isLedgerFilter, type ExportKind, type StaffExport } from "../domain/staff-exports";

export const NOUNS: Record<ExportKind, string> = { members: "members", applications: "applications", orders: "orders", ledger: "payments and refunds" };

/** "Renewal due, matching “smith”": the tab (its status in words) and the search; for the ledger, its days. */
export function describeExport(exported: Pick<StaffExport, "filter">): string {
  if (isLedgerFilter(exported.filter)) return `${exported.filter.from} to ${exported.filter.to}`;
  const status = exported.filter.status.replaceAll("_", " ");
  const tab = `${status[0]!.toUpperCase()}${status.slice(1)}`;
  return exported.filter.search ? `${tab}, matching “${exported.filter.search}”` : tab;
}

/** The staff page listing a kind's exports. */
export const exportsPath = (kind: ExportKind) => `/staff/exports/${kind}`;

/** The file's address, served only by the Worker (never R2 directly). */
export const exportFilePath = (exported: Pick<StaffExport, "kind" | "id">) => `/staff/exports/${exported.kind}/${encodeURIComponent(exported.id)}/file`;
