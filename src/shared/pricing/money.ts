/**
 * Money in the shop: whole pence of pounds sterling, so that sums never drift. The CMS enters
 * prices and amount discounts in pounds; they become pence here, once, rounded to the nearest
 * penny (19.99 -> 1999).
 */
export const CURRENCY = "GBP";

export const penceFromPounds = (pounds: number): number => Math.round(pounds * 100);
