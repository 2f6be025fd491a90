/**
 * A quarter's output VAT by rate, as the society reports it: VAT on money received in the
 * quarter (receipt lines, by the day paid) less VAT on money paid back in the quarter (credit
 * notes, by the day refunded, their VAT shared from the receipt refunded: refund-vat.ts). Each
 * half is the existing quarterly summary (services/receipts/vat-summary.ts); this lines them up.
 */
import { quarterlyVatSummary, type RecordedVatLine, type VatQuarter, type VatSummary } from "../receipts/vat-summary";
import type { VatFigures, VatReturn, VatReturnRow } from "../../domain/ledger";
import { VAT_TREATMENTS, type VatTreatment } from "../../shared/pricing/vat";

const ZERO: VatFigures = { netPence: 0, vatPence: 0 };
const figures = (row: { netPence: number; vatPence: number } | undefined): VatFigures => (row ? { netPence: row.netPence, vatPence: row.vatPence } : ZERO);
const minus = (a: VatFigures, b: VatFigures): VatFigures => ({ netPence: a.netPence - b.netPence, vatPence: a.vatPence - b.vatPence });
const key = (row: { treatment: VatTreatment; rateBasisPoints: number | null }) => `${row.treatment}:${row.rateBasisPoints ?? "none"}`;

/** Lines up sales and credits by treatment and rate. */
export function vatReturn(
  sales: readonly RecordedVatLine[],
  credits: readonly RecordedVatLine[],
  quarter: VatQuarter,
  without: { receipts: number; creditNotes: number },
): VatReturn {
  return vatReturnOf(quarterlyVatSummary(sales, quarter), quarterlyVatSummary(credits, quarter), quarter, without);
}

/** The same from the two halves already summed (the sales as D1 adds them up). */
export function vatReturnOf(salesSummary: VatSummary, creditSummary: VatSummary, quarter: VatQuarter, without: { receipts: number; creditNotes: number }): VatReturn {
  const byKey = new Map<string, VatReturnRow>();
  for (const row of [...salesSummary.rows, ...creditSummary.rows]) {
    if (byKey.has(key(row))) continue;
    const s = figures(salesSummary.rows.find((r) => key(r) === key(row)));
    const c = figures(creditSummary.rows.find((r) => key(r) === key(row)));
    byKey.set(key(row), { treatment: row.treatment, rateBasisPoints: row.rateBasisPoints, sales: s, credits: c, due: minus(s, c) });
  }
  const rows = [...byKey.values()].sort(
    (a, b) => VAT_TREATMENTS.indexOf(a.treatment) - VAT_TREATMENTS.indexOf(b.treatment) || (a.rateBasisPoints ?? -1) - (b.rateBasisPoints ?? -1),
  );
  const s = figures(salesSummary.total);
  const c = figures(creditSummary.total);
  return {
    quarter,
    from: salesSummary.from,
    to: salesSummary.to,
    rows,
    total: { sales: s, credits: c, due: minus(s, c) },
    receiptsWithoutVat: without.receipts,
    creditNotesWithoutVat: without.creditNotes,
  };
}
