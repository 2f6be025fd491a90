/**
 * Pro-forma invoices: what a bank-transfer payer is asked to pay, before the money arrives
 * (migrations/0024_billing_and_pro_forma.sql). Types only; the rules are in services/pro-forma and
 * the storage in adapters/d1/pro-forma-invoices.ts.
 */
import type { BillingDetails } from "../shared/billing-details";
import type { ReceiptItem, ReceiptSource } from "./receipts";

/** `PF-2026-000123`, as SQLite's printf writes it from the year and the place in that year. */
export const PRO_FORMA_NUMBER_PRINTF = "PF-%04d-%06d";

export interface ProFormaInvoice {
  number: string;
  /** The calendar year (London) it was issued in, and its place in that year. */
  year: number;
  seq: number;
  /** A membership application (join, renewal or change) or a webinar order. */
  source: ReceiptSource;
  applicationId: string | null;
  orderId: string | null;
  /** Whose it is: only this user (and staff) may see it. */
  userId: string;
  /** The member or buyer it is for. */
  buyer: { name: string | null; email: string };
  /** The organisation invoiced; null: the buyer. */
  billing: BillingDetails | null;
  /** The lines asked for, each with its VAT split. */
  items: ReceiptItem[];
  totalPence: number;
  netPence: number;
  vatPence: number;
  /** The reference to quote with the transfer. */
  paymentReference: string;
  /** YYYY-MM-DD (London). */
  dueOn: string;
  /** "buyer" (issued when the payer chose bank transfer) or the staff member's e-mail. */
  issuedBy: string;
  /** Instant. */
  issuedAt: string;
}

/**
 * An invoice to issue; its number is allocated when it is written. `contentKey` names what it asks
 * for (amount, lines, billing): the same content for the same application or order is the same invoice.
 */
export type NewProFormaInvoice = Omit<ProFormaInvoice, "number" | "seq" | "issuedAt"> & { contentKey: string };
