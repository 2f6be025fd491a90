/** The fake Stripe's own arithmetic (test/support/fake-stripe-amounts.ts): coupons on lines, and inclusive tax. */
import { describe, expect, it } from "vitest";
import { inclusiveTax, lineDiscounts } from "../../support/fake-stripe-amounts";

const lines = [
  { amount: 19_500, product: "prod_subscription" },
  { amount: 2_500, product: "prod_fee" },
];

describe("the fake Stripe's coupons", () => {
  it("a coupon restricted to a product reaches only that product's line", () => {
    expect(lineDiscounts(lines, { amountOff: 10_750, percentOff: null, products: ["prod_subscription"] })).toEqual([10_750, 0]);
  });

  it("an unrestricted amount off is shared in proportion, the last line taking what rounding leaves", () => {
    // 1000 x 19500/22000 = 886.36 -> 886; the fee's line takes the other 114.
    expect(lineDiscounts(lines, { amountOff: 1_000, percentOff: null, products: null })).toEqual([886, 114]);
  });

  it("never takes a line below zero; a percentage comes off each line", () => {
    expect(lineDiscounts(lines, { amountOff: 50_000, percentOff: null, products: ["prod_fee"] })).toEqual([0, 2_500]);
    expect(lineDiscounts(lines, { amountOff: null, percentOff: 10, products: null })).toEqual([1_950, 250]);
    expect(lineDiscounts(lines, null)).toEqual([0, 0]);
  });
});

describe("the fake Stripe's inclusive tax", () => {
  it.each([
    [9_750, 20, 1_625],
    [3, 20, 1], // 0.5p: halves go up
    [2_997, 20, 500], // 499.5p
    [10_004, 20, 1_667],
    [2_100, 5, 100],
    [5_000, 0, 0],
  ])("%ip at %i%% holds %ip", (amount, percentage, tax) => {
    expect(inclusiveTax(amount, percentage)).toBe(tax);
  });
});
