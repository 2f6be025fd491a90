/**
 * The finance ledger (/staff/finance): every payment received and every refund paid back, each
 * with its document (receipt or credit note), VAT and Stripe's fee. Types only; the rules are in
 * services/finance and the SQL in adapters/d1/ledger.ts.
 */
import type { VatTreatment } from "../shared/pricing/vat";
import type { ReceiptSource } from "./receipts";

/** A range of London calendar days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

export interface LedgerEntry {
  /** Money in (a payment) or out (a refund, with its credit note). */
  kind: "payment" | "refund";
  /** What the money was for: a membership or a webinar order. */
  source: ReceiptSource;
  /** The payment's id (payments.id or order_payments.id), or the refund's id. */
  id: string;
  /** The day the money moved, YYYY-MM-DD (London). */
  day: string;
  method: "card" | "offline";
  /** The membership's title or the order's reference. */
  description: string;
  payerEmail: string;
  /** The receipt (payments) or credit note (refunds) number; null when none was issued. */
  document: string | null;
  /** The amount, always positive; a refund takes it away. */
  grossPence: number;
  /** Net and VAT of the amount; null when the receipt predates VAT records or there is no receipt. */
  netPence: number | null;
  vatPence: number | null;
  /** What Stripe kept (card payments); 0 for offline payments; null when unknown (not read). */
  feePence: number | null;
  /** Stripe's id for a card payment (payment intent or invoice) or refund (re_…); null offline. */
  stripeId: string | null;
  /** The bank reference or cheque number of an offline payment; the reason of a refund. */
  reference: string;
}

/** The sums of a range. Unknown VAT or fees count as nothing; `unknownVat`/`unknownFees` say how many. */
export interface LedgerTotals {
  payments: number;
  refunds: number;
  /** Money received, and paid back. */
  receivedPence: number;
  refundedPence: number;
  /** Received less refunded. */
  netOfRefundsPence: number;
  /** VAT on payments less VAT on refunds. */
  vatPence: number;
  feesPence: number;
  unknownVat: number;
  unknownFees: number;
}

/** A quarter's output VAT (services/finance/vat-return.ts). */
export interface VatFigures {
  netPence: number;
  vatPence: number;
}

export interface VatReturnRow {
  treatment: VatTreatment;
  rateBasisPoints: number | null;
  sales: VatFigures;
  credits: VatFigures;
  /** Sales less credits. */
  due: VatFigures;
}

export interface VatReturn {
  /** The calendar year and quarter (1 to 4). */
  quarter: { year: number; quarter: number };
  from: string;
  to: string;
  rows: VatReturnRow[];
  total: { sales: VatFigures; credits: VatFigures; due: VatFigures };
  /** Documents the figures leave out because they carry no VAT record (issued before VAT was kept). */
  receiptsWithoutVat: number;
  creditNotesWithoutVat: number;
}

