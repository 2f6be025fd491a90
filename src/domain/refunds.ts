/**
 * Refunds, credit notes and disputes (migrations/0018_refunds.sql). Types only; the rules are in
 * services/refunds and the storage in adapters/d1/refunds.ts.
 */
import type { VatSplit } from "../shared/pricing/vat";
import type { ReceiptSource } from "./receipts";

/** A credit note number as SQLite's printf writes it: `CN-2026-000123`. */
export const CREDIT_NOTE_NUMBER_PRINTF = "CN-%04d-%06d";

/** The payment a refund is against, with what has been paid back so far. */
export interface RefundablePayment {
  source: ReceiptSource;
  /** payments.id or order_payments.id (Stripe's payment intent id for a card-paid order). */
  id: string;
  applicationId: string | null;
  orderId: string | null;
  userId: string;
  method: "card" | "offline";
  amountPence: number;
  refundedPence: number;
  /** The receipt issued for the payment, when there is one. */
  receiptNumber: string | null;
  payer: { name: string | null; email: string };
  /** What the money was for, one line. */
  description: string;
}

export interface Refund {
  /** Stripe's refund id for a card refund; ours for an offline one. */
  id: string;
  source: ReceiptSource;
  paymentId: string;
  applicationId: string | null;
  orderId: string | null;
  userId: string;
  method: "card" | "offline";
  amountPence: number;
  reason: string;
  /** YYYY-MM-DD (London). */
  refundedOn: string;
  /** A staff member's e-mail, or "stripe" for one first heard of from Stripe. */
  recordedBy: string;
  createdAt: string;
  /** Its credit note's number. */
  creditNoteNumber: string | null;
}

export type NewRefund = Omit<Refund, "createdAt" | "creditNoteNumber">;

/** One line of a credit note: the refund's share of a receipt line, split into net and VAT. */
export interface CreditNoteLine {
  description: string;
  detail: string | null;
  split: VatSplit;
}

/** A credit note's VAT split, stored when it is issued (migrations/0030). */
export interface CreditNoteVat {
  netPence: number;
  vatPence: number;
  lines: CreditNoteLine[];
}

export interface CreditNote {
  number: string;
  year: number;
  seq: number;
  refundId: string;
  source: ReceiptSource;
  paymentId: string;
  receiptNumber: string | null;
  applicationId: string | null;
  orderId: string | null;
  userId: string;
  payer: { name: string | null; email: string };
  description: string;
  reason: string;
  totalPence: number;
  method: "card" | "offline";
  refundedOn: string;
  issuedAt: string;
  /**
   * The VAT split as stored at issue; null on a note issued before it was stored (its readers
   * work it out from the receipt) or whose receipt has no VAT records.
   */
  vat: CreditNoteVat | null;
}

export type NewCreditNote = Omit<CreditNote, "number" | "seq" | "issuedAt">;

/** What staff choose to take back with a refund of an order: its webinars, or nothing. */
export type OrderRevocation = "keep" | "revoke-webinars";

/**
 * What staff choose to do with the membership a refunded payment paid for: keep it as it is (a
 * goodwill or partial refund), let it run to the end of the period paid for and not renew, or end
 * it now. A card subscription is cancelled at its period end or now in Stripe to match.
 */
export type MembershipRevocation = "keep" | "end-at-period-end" | "end-now";

export type DisputeStatus = "open" | "won" | "lost";

export interface Dispute {
  id: string;
  source: ReceiptSource;
  paymentId: string;
  orderId: string | null;
  applicationId: string | null;
  userId: string;
  amountPence: number;
  reason: string;
  status: DisputeStatus;
  openedAt: string;
  closedAt: string | null;
}
