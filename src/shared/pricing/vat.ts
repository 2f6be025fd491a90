/**
 * VAT on what the society sells (docs/decisions/0023-vat-and-invoices.md). Prices in the CMS
 * are gross: they include VAT where it applies, so VAT never changes what a buyer pays, only how a
 * payment splits into net and VAT. Each membership, webinar and bundle names a treatment; the rate
 * of each treatment is in VAT_RATES, the one table of rates.
 *
 * VAT on a line is worked out from the line's gross amount in whole pence, gross x rate / (1 +
 * rate), rounded half up to the penny, line by line; a total's VAT is the sum of its lines' VAT.
 * Integer arithmetic throughout, so no binary fraction ever tips a half-penny the wrong way.
 */

/** How VAT applies to something sold: at the standard or reduced rate, zero-rated, or exempt. */
export type VatTreatment = "standard" | "reduced" | "zero" | "exempt";

export const VAT_TREATMENTS: readonly VatTreatment[] = ["standard", "reduced", "zero", "exempt"];

/**
 * The rate of each treatment, in basis points (1/100 of a per cent: 2000 is 20%). Exempt supplies
 * carry no rate at all (null): they are outside VAT, which is not the same as zero-rated. A change
 * of rate is a change here (and to Stripe's tax rates, which the adapter creates from this table).
 */
export const VAT_RATES: Readonly<Record<VatTreatment, number | null>> = {
  standard: 2000,
  reduced: 500,
  zero: 0,
  exempt: null,
};

/** What a treatment is called on a receipt: "20%", "5%", "0%", "Exempt". */
export function vatRateLabel(treatment: VatTreatment): string {
  const rate = VAT_RATES[treatment];
  return rate === null ? "Exempt" : `${rate / 100}%`;
}

export const isVatTreatment = (value: unknown): value is VatTreatment => typeof value === "string" && (VAT_TREATMENTS as readonly string[]).includes(value);

/**
 * The VAT included in a gross amount at `basisPoints`: gross x rate / (1 + rate), rounded half up
 * to the penny. With r = basisPoints and d = 10000 + r, that is floor((2 x gross x r + d) / 2d),
 * computed in integers.
 */
export function vatIncluded(grossPence: number, basisPoints: number): number {
  if (!Number.isSafeInteger(grossPence) || grossPence < 0) throw new RangeError(`Not an amount in whole pence: ${grossPence}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0) throw new RangeError(`Not a VAT rate in basis points: ${basisPoints}`);
  const d = 10_000 + basisPoints;
  return Math.floor((2 * grossPence * basisPoints + d) / (2 * d));
}

/** One line's money split into net and VAT. */
export interface VatSplit {
  treatment: VatTreatment;
  /** The rate applied, in basis points; null for an exempt line. */
  rateBasisPoints: number | null;
  grossPence: number;
  netPence: number;
  vatPence: number;
}

/** A gross amount under a treatment, split into net and VAT (an exempt or zero-rated line has no VAT). */
export function splitGross(grossPence: number, treatment: VatTreatment): VatSplit {
  const rate = VAT_RATES[treatment];
  // An exempt line carries no VAT, exactly like a zero-rated one; only the label differs.
  const vatPence = vatIncluded(grossPence, rate ?? 0);
  return { treatment, rateBasisPoints: rate, grossPence, netPence: grossPence - vatPence, vatPence };
}

/** The totals of some lines: each figure the sum of the lines' own (VAT is never recomputed on the total). */
export function vatTotals(lines: readonly Pick<VatSplit, "grossPence" | "netPence" | "vatPence">[]): { grossPence: number; netPence: number; vatPence: number } {
  return lines.reduce(
    (sum, line) => ({ grossPence: sum.grossPence + line.grossPence, netPence: sum.netPence + line.netPence, vatPence: sum.vatPence + line.vatPence }),
    { grossPence: 0, netPence: 0, vatPence: 0 },
  );
}
