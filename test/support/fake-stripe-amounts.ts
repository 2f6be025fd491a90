/**
 * The FAKE Stripe's arithmetic for a Checkout session's lines (test/support/fake-stripe.ts), kept
 * pure so a unit test can check it: how a coupon is taken off the lines, and the tax an inclusive
 * rate finds inside a line's amount. Worked as Stripe states it, in floating point from the
 * percentage, independently of the Worker's integer VAT arithmetic.
 */

export interface FakeLine {
  /** The line's amount before any discount, in pence. */
  amount: number;
  product: string;
}

export interface FakeCoupon {
  amountOff: number | null;
  percentOff: number | null;
  /** `applies_to.products`: only these products' lines are discounted; null: every line. */
  products: readonly string[] | null;
}

/**
 * What a coupon takes off each line. A coupon restricted to products reaches only their lines.
 * A percentage comes off each such line, rounded to the penny; an amount off is shared among them
 * in proportion to their amounts (the last takes what rounding leaves) and never takes a line
 * below zero.
 */
export function lineDiscounts(lines: readonly FakeLine[], coupon: FakeCoupon | null): number[] {
  if (!coupon) return lines.map(() => 0);
  const eligible = lines.map((line) => coupon.products === null || coupon.products.includes(line.product));
  if (coupon.percentOff !== null) return lines.map((line, i) => (eligible[i] ? Math.round((line.amount * coupon.percentOff!) / 100) : 0));
  const base = lines.reduce((sum, line, i) => sum + (eligible[i] ? line.amount : 0), 0);
  const off = Math.min(coupon.amountOff ?? 0, base);
  const lastEligible = eligible.lastIndexOf(true);
  let given = 0;
  return lines.map((line, i) => {
    if (!eligible[i] || base === 0) return 0;
    const share = i === lastEligible ? off - given : Math.round((off * line.amount) / base);
    given += share;
    return Math.min(share, line.amount);
  });
}

/** The tax inside `amount` for an inclusive rate of `percentage`: amount x p / (100 + p), to the nearest penny. */
export function inclusiveTax(amount: number, percentage: number): number {
  return Math.round((amount * percentage) / (100 + percentage));
}
