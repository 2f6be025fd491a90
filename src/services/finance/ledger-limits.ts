/** How much of the ledger one page shows, and one range may hold (page and export alike). */
export const ledgerPageLimit = 500;
export const ledgerExportLimit = 10_000;
