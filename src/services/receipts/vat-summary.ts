/**
 * A quarter's output VAT by rate, from the VAT recorded on receipt lines (the figures the ledger
 * keeps; nothing is recomputed from prices). A line belongs to the quarter its money arrived in
 * (the receipt's day paid, London): for a payment received, that is when VAT falls due. Quarters
 * are calendar quarters (January to March is Q1).
 */
import type { VatSalesRow } from "../../adapters/d1/ledger";
import { AppError } from "../../errors";
import { VAT_TREATMENTS, type VatTreatment } from "../../shared/pricing/vat";

/** One receipt line as recorded: the day paid and its split. */
export interface RecordedVatLine {
  /** YYYY-MM-DD (London). */
  paidOn: string;
  treatment: VatTreatment;
  rateBasisPoints: number | null;
  grossPence: number;
  netPence: number;
  vatPence: number;
}

export interface VatQuarter {
  year: number;
  /** 1 to 4. */
  quarter: number;
}

/** A rate's receipt lines added up: the ledger's own sum of them (adapters/d1/ledger.ts). */
export type VatSummaryRow = VatSalesRow;

export interface VatSummary {
  quarter: VatQuarter;
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** One row per treatment and rate that has lines in the quarter, in VAT_TREATMENTS order, then by rate. */
  rows: VatSummaryRow[];
  total: { lines: number; grossPence: number; netPence: number; vatPence: number };
}

const LAST_DAY = ["03-31", "06-30", "09-30", "12-31"] as const;

/** The first and last day of a calendar quarter. */
export function quarterDays({ year, quarter }: VatQuarter): { from: string; to: string } {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new AppError("BAD_REQUEST", `Not a year for a VAT quarter: ${year}`);
  if (!Number.isInteger(quarter) || quarter < 1 || quarter > 4) throw new AppError("BAD_REQUEST", `A VAT quarter is 1 to 4, not ${quarter}`);
  const startMonth = String((quarter - 1) * 3 + 1).padStart(2, "0");
  return { from: `${year}-${startMonth}-01`, to: `${year}-${LAST_DAY[quarter - 1]}` };
}

function checkLine(line: RecordedVatLine): void {
  if (line.grossPence !== line.netPence + line.vatPence) {
    throw new AppError("INTERNAL", `A recorded VAT line does not add up: net ${line.netPence} + VAT ${line.vatPence} is not gross ${line.grossPence}`);
  }
}

/** Output VAT by rate for one quarter; lines outside the quarter are left out. */
export function quarterlyVatSummary(lines: readonly RecordedVatLine[], quarter: VatQuarter): VatSummary {
  const { from, to } = quarterDays(quarter);
  const rows = new Map<string, VatSummaryRow>();
  for (const line of lines) {
    if (line.paidOn < from || line.paidOn > to) continue;
    checkLine(line);
    const key = `${line.treatment}:${line.rateBasisPoints ?? "none"}`;
    const row = rows.get(key) ?? { treatment: line.treatment, rateBasisPoints: line.rateBasisPoints, lines: 0, grossPence: 0, netPence: 0, vatPence: 0 };
    row.lines += 1;
    row.grossPence += line.grossPence;
    row.netPence += line.netPence;
    row.vatPence += line.vatPence;
    rows.set(key, row);
  }
  return vatSummaryOfRows([...rows.values()], quarter);
}

/**
 * The summary from rows already added up by treatment and rate (the VAT return's sales, summed
 * in D1): in VAT_TREATMENTS order, then by rate, with their total.
 */
export function vatSummaryOfRows(rows: readonly VatSummaryRow[], quarter: VatQuarter): VatSummary {
  const { from, to } = quarterDays(quarter);
  const ordered = [...rows].sort(
    (a, b) => VAT_TREATMENTS.indexOf(a.treatment) - VAT_TREATMENTS.indexOf(b.treatment) || (a.rateBasisPoints ?? -1) - (b.rateBasisPoints ?? -1),
  );
  const total = ordered.reduce(
    (sum, row) => ({ lines: sum.lines + row.lines, grossPence: sum.grossPence + row.grossPence, netPence: sum.netPence + row.netPence, vatPence: sum.vatPence + row.vatPence }),
    { lines: 0, grossPence: 0, netPence: 0, vatPence: 0 },
  );
  return { quarter, from, to, rows: ordered, total };
}

/** Two sets of rows by treatment and rate as one: the rows of a key both have are added together. */
export function addVatRows(a: readonly VatSummaryRow[], b: readonly VatSummaryRow[]): VatSummaryRow[] {
  const rows = new Map<string, VatSummaryRow>();
  for (const row of [...a, ...b]) {
    const key = `${row.treatment}:${row.rateBasisPoints ?? "none"}`;
    const sum = rows.get(key);
    rows.set(
      key,
      sum
        ? { ...sum, lines: sum.lines + row.lines, grossPence: sum.grossPence + row.grossPence, netPence: sum.netPence + row.netPence, vatPence: sum.vatPence + row.vatPence }
        : { ...row },
    );
  }
  return [...rows.values()];
}
