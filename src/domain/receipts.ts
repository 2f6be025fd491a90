/**
 * Receipts: one for every payment received, numbered without gaps within each calendar year
 * (migrations/0010_receipts.sql, docs/decisions/0014-receipts-and-notices.md). Types only; the rules
 * are in services/receipts and the storage in adapters/d1/receipts.ts.
 */

/**
 * A receipt number as SQLite's printf writes it from the year and the place in that year:
 * `GH-2026-000123` (six digits at least; the millionth receipt of a year simply has seven).
 * The D1 adapter allocates numbers with it; services/receipts/receipt-number.ts reads them.
 */
export const RECEIPT_NUMBER_PRINTF = "GH-%04d-%06d";

import type { BillingDetails } from "../shared/billing-details";
import type { VatSplit } from "../shared/pricing/vat";

/** What a receipt is for: a membership payment (table `payments`) or a webinar order's (`order_payments`). */
export type ReceiptSource = "membership" | "order";

export interface ReceiptItem {
  /** "Full membership", a webinar's or a bundle's title. */
  description: string;
  /** A second line: the membership's period, "Renewal", "Bundle"…; null when there is none. */
  detail: string | null;
  /** What the line cost, VAT included (gross). */
  pence: number;
  /** The line's VAT treatment, rate and split; null on receipts issued before VAT was recorded. */
  vat: Omit<VatSplit, "grossPence"> | null;
}

export interface Receipt {
  number: string;
  /** The calendar year (London) the receipt was issued in, and its place in that year. */
  year: number;
  seq: number;
  source: ReceiptSource;
  /** The payment the receipt is for (payments.id or order_payments.id). */
  paymentId: string;
  applicationId: string | null;
  orderId: string | null;
  /** Whose receipt it is: only this user (and staff) may see it. */
  userId: string;
  payer: { name: string | null; email: string };
  /**
   * The organisation invoiced, frozen from the application or order when the receipt was issued;
   * null when none was given (and on receipts issued before billing details were recorded).
   */
  billing: BillingDetails | null;
  items: ReceiptItem[];
  /** What was received, which staff may have recorded as other than the items' sum. */
  totalPence: number;
  /** The sums of the lines' net and VAT; null on receipts issued before VAT was recorded. */
  netPence: number | null;
  vatPence: number | null;
  method: "card" | "offline";
  /** The day the money arrived, YYYY-MM-DD (London). */
  paidOn: string;
  /** The bank reference, cheque number or Stripe's id the payment was recorded under. */
  paymentReference: string;
  /** Instant. */
  issuedAt: string;
}

/** A receipt to issue; its number is allocated in the payment's own batch. */
export type NewReceipt = Omit<Receipt, "number" | "seq" | "issuedAt">;

/** Who issued the receipt, as printed at its head: the society, from the CMS's Footer. */
export interface ReceiptIssuer {
  name: string;
  /** The postal address, one line each (the Footer's address, then its PO box). */
  address: string[];
  email: string | null;
  phone: string | null;
  /** The society's VAT registration number; null when the CMS has none. */
  vatNumber: string | null;
}
