/**
 * The ledger of a range of days as an export source (services/csv-stream): the download's
 * columns, a capped count, and pages read from each kind's (day, id) index with a cursor that
 * survives JSON. The same source serves the download and the background export, so a file made in
 * the background has the download's columns and order.
 */
import type { LedgerCursor, LedgerStore } from "../../adapters/d1/ledger";
import type { DayRange, LedgerEntry } from "../../domain/ledger";
import type { ExportSource } from "../csv-stream";
import { LEDGER_COLUMNS } from "./ledger-export";
import { withRefundVat } from "./ledger-entry-vat";

export function ledgerExportSource(ledger: Pick<LedgerStore, "entries" | "count">, range: DayRange): ExportSource<LedgerEntry, LedgerCursor> {
  return {
    columns: LEDGER_COLUMNS,
    count: (cap) => ledger.count(range, cap),
    async page(cursor, limit) {
      const rows = (await ledger.entries(range, cursor, "after", limit)).map(withRefundVat);
      const last = rows.at(-1);
      return { rows, next: rows.length === limit && last ? { day: last.day, kind: last.kind, id: last.id } : null };
    },
  };
}
