/**
 * What finance staff read (/staff/finance): the ledger of a date range with its totals, its CSV
 * export (audited like every staff export) and a quarter's VAT summary.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { LedgerStore } from "../../adapters/d1/ledger";
import type { DayRange, LedgerEntry, LedgerTotals } from "../../domain/ledger";
import { AppError } from "../../errors";
import { vatTotals } from "../../shared/pricing/vat";
import { quarterDays, type RecordedVatLine, type VatQuarter } from "../receipts/vat-summary";
import { ledgerExportLimit } from "./ledger-limits";
import { ledgerCsv } from "./ledger-export";
import { ledgerTotals } from "./ledger-totals";
import { refundVatLines } from "./refund-vat";
import type { VatReturn } from "../../domain/ledger";
import { vatReturn } from "./vat-return";

export interface FinanceLedgerDeps {
  ledger: LedgerStore;
  audit: AuditLog;
}

export interface Ledger {
  range: DayRange;
  entries: LedgerEntry[];
  totals: LedgerTotals;
}

export type FinanceLedger = ReturnType<typeof createFinanceLedger>;

export function createFinanceLedger(deps: FinanceLedgerDeps) {
  /**
   * Every entry of the range, refunds with the VAT they take back (their credit note's stored
   * split, or for a note issued before it was stored the same rule applied to its receipt);
   * refused past the limit.
   */
  const read = async (range: DayRange): Promise<Ledger> => {
    const stored = await deps.ledger.entries(range, ledgerExportLimit + 1);
    if (stored.length > ledgerExportLimit) {
      throw new AppError("BAD_REQUEST", `More than ${ledgerExportLimit.toLocaleString("en-GB")} payments and refunds from ${range.from} to ${range.to}: choose a shorter range`);
    }
    const entries = stored.map(({ entry, refundedReceiptLines }) => {
      if (entry.kind !== "refund" || entry.netPence !== null || refundedReceiptLines === null) return entry;
      const { netPence, vatPence } = vatTotals(refundVatLines(refundedReceiptLines, entry.grossPence));
      return { ...entry, netPence, vatPence };
    });
    return { range, entries, totals: ledgerTotals(entries) };
  };

  return {
    read,

    /** The range as CSV, and an audit entry saying who took it. */
    async export(staffEmail: string, range: DayRange): Promise<string> {
      const { entries } = await read(range);
      await deps.audit.record({ staffEmail, action: "ledger.exported", details: { from: range.from, to: range.to, count: entries.length } }).run();
      return ledgerCsv(entries);
    },

    /** Output VAT by rate for a calendar quarter, less the VAT of credit notes issued in it. */
    async vatSummary(quarter: VatQuarter): Promise<VatReturn> {
      const days = quarterDays(quarter);
      const [receipts, creditNotes] = await Promise.all([deps.ledger.receiptsPaid(days), deps.ledger.creditNotes(days)]);
      const sales: RecordedVatLine[] = receipts.flatMap((r) => (r.lines ?? []).map((line) => ({ ...line, paidOn: r.paidOn })));
      const creditLines = creditNotes.map((note) => ({
        note,
        lines: note.storedLines ?? (note.refundedReceiptLines ? refundVatLines(note.refundedReceiptLines, note.totalPence) : null),
      }));
      const credits: RecordedVatLine[] = creditLines.flatMap(({ note, lines }) => (lines ?? []).map((line) => ({ ...line, paidOn: note.refundedOn })));
      return vatReturn(sales, credits, quarter, {
        receipts: receipts.filter((r) => r.lines === null).length,
        creditNotes: creditLines.filter(({ lines }) => lines === null).length,
      });
    },
  };
}
