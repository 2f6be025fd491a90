/** The ledger as CSV (services/csv: RFC 4180, formulas neutralised). Refunds are negative amounts. */
import type { LedgerEntry } from "../../domain/ledger";
import type { CsvColumn, CsvValue } from "../csv";

const pounds = (pence: number | null, sign = 1): CsvValue => (pence === null ? "" : ((sign * pence) / 100).toFixed(2));
const signOf = (e: LedgerEntry) => (e.kind === "payment" ? 1 : -1);

export const LEDGER_COLUMNS: readonly CsvColumn<LedgerEntry>[] = [
  ["Date", (e) => e.day],
  ["Type", (e) => (e.kind === "payment" ? "Payment" : "Refund")],
  ["For", (e) => (e.source === "membership" ? "Membership" : "Webinars")],
  ["Description", (e) => e.description],
  ["Payer e-mail", (e) => e.payerEmail],
  ["Method", (e) => e.method],
  ["Document", (e) => e.document],
  ["Gross (GBP)", (e) => pounds(e.grossPence, signOf(e))],
  ["Net (GBP)", (e) => pounds(e.netPence, signOf(e))],
  ["VAT (GBP)", (e) => pounds(e.vatPence, signOf(e))],
  ["Stripe fee (GBP)", (e) => pounds(e.feePence)],
  ["Stripe id", (e) => e.stripeId],
  ["Reference", (e) => e.reference],
  ["Id", (e) => e.id],
];
