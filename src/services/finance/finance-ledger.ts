/**
 * What finance staff read (/staff/finance): the ledger of a date range a page at a time with the
 * whole range's totals (added up in D1), its CSV export streamed page by page (audited like every
 * staff export) and a quarter's VAT summary.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { LedgerCursor, LedgerStore } from "../../adapters/d1/ledger";
import type { PageCursor } from "../../domain/paging";
import type { DayRange, LedgerEntry, LedgerTotals } from "../../domain/ledger";
import { AppError } from "../../errors";
import { addVatRows, quarterDays, quarterlyVatSummary, vatSummaryOfRows, type RecordedVatLine, type VatQuarter } from "../receipts/vat-summary";
import { offerDownload, type OfferedExport } from "../csv-stream";
import { decodeCursor, keysetPage } from "../page-cursor";
import { ledgerPageLimit } from "./ledger-limits";
import { withRefundVat } from "./ledger-entry-vat";
import { ledgerExportSource } from "./ledger-export-source";
import { ledgerTotals } from "./ledger-totals";
import { refundVatLines } from "./refund-vat";
import type { VatReturn } from "../../domain/ledger";
import { vatReturnOf } from "./vat-return";

export interface FinanceLedgerDeps {
  ledger: LedgerStore;
  audit: AuditLog;
  /** The most entries one download holds; past it the export is made in the background. */
  downloadMaxRows: number;
}

export interface Ledger {
  range: DayRange;
  /** One page of the range, oldest first. */
  entries: LedgerEntry[];
  /** The whole range's. */
  totals: LedgerTotals;
  next: string | null;
  previous: string | null;
}

export type FinanceLedger = ReturnType<typeof createFinanceLedger>;

const cursorOf = (entry: LedgerEntry) => ({ key: `${entry.day}|${entry.kind}`, id: entry.id });
function ledgerCursor(token: string): LedgerCursor {
  const { key, id } = decodeCursor(token);
  const [day, kind] = String(key).split("|");
  if (!day || (kind !== "payment" && kind !== "refund")) throw new AppError("BAD_REQUEST", "This page link is not valid any more: start again from the first page");
  return { day, kind, id };
}

export function createFinanceLedger(deps: FinanceLedgerDeps) {
  /** The range's totals: added up in D1, with the refunds whose VAT is worked out from their receipt added here by the same rule. */
  const totals = async (range: DayRange): Promise<LedgerTotals> => {
    const { unsplitRefunds, ...sums } = await deps.ledger.totals(range);
    const worked = ledgerTotals(unsplitRefunds.map(withRefundVat));
    return {
      payments: sums.payments,
      refunds: sums.refunds,
      receivedPence: sums.receivedPence,
      refundedPence: sums.refundedPence,
      netOfRefundsPence: sums.receivedPence - sums.refundedPence,
      vatPence: sums.vatPence + worked.vatPence,
      feesPence: sums.feesPence,
      unknownVat: sums.unknownVat + worked.unknownVat,
      unknownFees: sums.unknownFees,
    };
  };

  /** One page of the range (from `cursor`, the first without one) and the whole range's totals. */
  const read = async (range: DayRange, cursor: PageCursor | null = null): Promise<Ledger> => {
    const at = cursor ? ledgerCursor(cursor.token) : null;
    const [stored, sums] = await Promise.all([deps.ledger.entries(range, at, cursor?.direction ?? "after", ledgerPageLimit + 1), totals(range)]);
    const page = keysetPage(stored.map(withRefundVat), ledgerPageLimit, cursor?.direction ?? null, cursorOf);
    return { range, entries: page.rows, totals: sums, next: page.next, previous: page.previous };
  };

  return {
    read,

    /**
     * Every entry of the range as CSV, streamed page by page, and an audit entry saying who took
     * it; past `downloadMaxRows`, refused (`tooMany`) so the page offers the background export.
     */
    export(staffEmail: string, range: DayRange): Promise<OfferedExport> {
      return offerDownload(ledgerExportSource(deps.ledger, range), deps.downloadMaxRows, (count) =>
        deps.audit.record({ staffEmail, action: "ledger.exported", details: { from: range.from, to: range.to, count } }).run().then(() => undefined),
      );
    },

    /**
     * Output VAT by rate for a calendar quarter, less the VAT of credit notes issued in it: both
     * added up in D1 from the quarter's kept days, and the notes issued before their lines were
     * stored worked out here from the receipt they refund.
     */
    async vatSummary(quarter: VatQuarter): Promise<VatReturn> {
      const days = quarterDays(quarter);
      const [sales, credits] = await Promise.all([deps.ledger.vatSales(days), deps.ledger.vatCredits(days)]);
      const worked = credits.unsplitNotes.map((note) => ({ note, lines: note.refundedReceiptLines ? refundVatLines(note.refundedReceiptLines, note.totalPence) : null }));
      const workedLines: RecordedVatLine[] = worked.flatMap(({ note, lines }) => (lines ?? []).map((line) => ({ ...line, paidOn: note.refundedOn })));
      const creditRows = addVatRows(credits.rows, quarterlyVatSummary(workedLines, quarter).rows);
      return vatReturnOf(vatSummaryOfRows(sales.rows, quarter), vatSummaryOfRows(creditRows, quarter), quarter, {
        receipts: sales.receiptsWithoutVat,
        creditNotes: worked.filter(({ lines }) => lines === null).length,
      });
    },
  };
}
