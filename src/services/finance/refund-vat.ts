/**
 * The VAT a refund takes back. A credit note records only the amount paid back, not VAT lines,
 * so its VAT is worked out from the receipt it refunds: the amount is shared across the
 * receipt's lines in proportion to their gross (largest remainder, so the shares add up to the
 * amount exactly), and each share is split at its line's own treatment with the same rule as a
 * receipt line (shared/pricing/vat). A full refund thus takes back exactly the receipt's VAT.
 */
import { splitGross, type VatSplit } from "../../shared/pricing/vat";

/** Shares `amount` across `weights` in proportion, in whole pence adding up to `amount`. */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  // The pennies left go to the largest remainders (earlier lines first on a tie).
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The refund's share of each line, split at the line's treatment (lines with nothing refunded left out). */
export function refundShares<Line extends Pick<VatSplit, "grossPence" | "treatment">>(lines: readonly Line[], refundedPence: number): { line: Line; split: VatSplit }[] {
  const shares = shareInProportion(refundedPence, lines.map((line) => line.grossPence));
  return lines.flatMap((line, i) => (shares[i]! > 0 ? [{ line, split: splitGross(shares[i]!, line.treatment) }] : []));
}

/** The refund's share of each receipt line, split into net and VAT (lines with nothing refunded left out). */
export function refundVatLines(receiptLines: readonly VatSplit[], refundedPence: number): VatSplit[] {
  return refundShares(receiptLines, refundedPence).map(({ split }) => split);
}
