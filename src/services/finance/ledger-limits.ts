/** How many ledger entries one page shows (the totals and the CSV cover the whole range). */
export const ledgerPageLimit = 500;
