/**
 * The finance ledger's reads in D1: payments (membership and webinar orders) and refunds by the
 * day the money moved, each with its receipt or credit note and Stripe's fee
 * (migrations/0010, 0018, 0019, 0022), and the receipt lines the VAT summary adds up.
 */
import type { DayRange, LedgerEntry } from "../../domain/ledger";
import type { ReceiptItem, ReceiptSource } from "../../domain/receipts";
import type { VatSplit } from "../../shared/pricing/vat";

/**
 * A ledger row as stored. A refund's net and VAT are its credit note's, stored at issue
 * (migrations/0030); for a note issued before that they are null, and the reader works the split
 * out from `refundedReceiptLines`, the receipt it refunds.
 */
export interface StoredLedgerEntry {
  entry: LedgerEntry;
  /** For a refund: the VAT lines of the receipt it refunds; null when there is none or it predates VAT. */
  refundedReceiptLines: VatSplit[] | null;
}

/** A credit note in a range: its stored VAT lines, or (issued before they were stored) the receipt's it refunds. */
export interface StoredCreditNote {
  number: string;
  refundedOn: string;
  totalPence: number;
  /** The note's own lines as stored at issue; null on notes issued before. */
  storedLines: VatSplit[] | null;
  refundedReceiptLines: VatSplit[] | null;
}

/** A receipt's lines with their VAT, by the day paid. */
export interface StoredReceiptLines {
  number: string;
  paidOn: string;
  lines: VatSplit[] | null;
}

export interface LedgerStore {
  /** Payments and refunds in the range, oldest first, at most `limit`. */
  entries(range: DayRange, limit: number): Promise<StoredLedgerEntry[]>;
  /** Receipts paid in the range (their lines), for the VAT summary. */
  receiptsPaid(range: DayRange): Promise<StoredReceiptLines[]>;
  /** Credit notes for refunds paid back in the range. */
  creditNotes(range: DayRange): Promise<StoredCreditNote[]>;
  /** Stores what Stripe kept of a card payment (once; a second report changes nothing). */
  recordFee(source: ReceiptSource, paymentId: string, feePence: number, balanceTransactionId: string): Promise<void>;
}

interface EntryRow {
  kind: "payment" | "refund";
  source: ReceiptSource;
  id: string;
  day: string;
  method: "card" | "offline";
  description: string | null;
  payer_email: string | null;
  document: string | null;
  gross_pence: number;
  net_pence: number | null;
  vat_pence: number | null;
  fee_pence: number | null;
  reference: string;
  receipt_items: string | null;
}

/** A receipt's lines with their split; null when any line predates VAT records. */
export function vatLinesOf(itemsJson: string | null): VatSplit[] | null {
  if (itemsJson === null) return null;
  const items = JSON.parse(itemsJson) as ReceiptItem[];
  if (items.some((item) => item.vat === null || item.vat === undefined)) return null;
  return items.map((item) => ({ ...item.vat!, grossPence: item.pence }));
}

const MEMBERSHIP_PAYMENTS = `
  SELECT 'payment' AS kind, 'membership' AS source, p.id, p.received_on AS day, p.method,
         a.membership_title AS description, a.email AS payer_email, r.number AS document,
         p.amount_pence AS gross_pence, r.net_pence, r.vat_pence,
         CASE WHEN p.method = 'offline' THEN 0 ELSE f.fee_pence END AS fee_pence,
         p.reference, NULL AS receipt_items
  FROM payments p
  JOIN applications a ON a.id = p.application_id
  LEFT JOIN receipts r ON r.source = 'membership' AND r.payment_id = p.id
  LEFT JOIN payment_fees f ON f.source = 'membership' AND f.payment_id = p.id
  WHERE p.received_on BETWEEN ?1 AND ?2`;

const ORDER_PAYMENTS = `
  SELECT 'payment' AS kind, 'order' AS source, op.id, op.received_on AS day, op.method,
         'Order ' || o.reference AS description, o.email AS payer_email, r.number AS document,
         op.amount_pence AS gross_pence, r.net_pence, r.vat_pence,
         CASE WHEN op.method = 'offline' THEN 0 ELSE f.fee_pence END AS fee_pence,
         op.reference, NULL AS receipt_items
  FROM order_payments op
  JOIN orders o ON o.id = op.order_id
  LEFT JOIN receipts r ON r.source = 'order' AND r.payment_id = op.id
  LEFT JOIN payment_fees f ON f.source = 'order' AND f.payment_id = op.id
  WHERE op.received_on BETWEEN ?1 AND ?2`;

// Stripe keeps its fee on a refunded payment and charges none on the refund: a refund's fee is 0.
const REFUNDS = `
  SELECT 'refund' AS kind, rf.source, rf.id, rf.refunded_on AS day, rf.method,
         cn.description, cn.payer_email, cn.number AS document,
         rf.amount_pence AS gross_pence, cn.net_pence, cn.vat_pence, 0 AS fee_pence,
         rf.reason AS reference, r.items AS receipt_items
  FROM refunds rf
  LEFT JOIN credit_notes cn ON cn.refund_id = rf.id
  LEFT JOIN receipts r ON r.source = rf.source AND r.payment_id = rf.payment_id
  WHERE rf.refunded_on BETWEEN ?1 AND ?2`;

const toEntry = (r: EntryRow): StoredLedgerEntry => ({
  entry: {
    kind: r.kind,
    source: r.source,
    id: r.id,
    day: r.day,
    method: r.method,
    description: r.description ?? (r.source === "order" ? "Webinar order" : "Membership"),
    payerEmail: r.payer_email ?? "",
    document: r.document,
    grossPence: r.gross_pence,
    netPence: r.net_pence,
    vatPence: r.vat_pence,
    feePence: r.fee_pence,
    // A card payment's reference is Stripe's payment intent or invoice id; a card refund's id is Stripe's re_….
    stripeId: r.method === "card" ? (r.kind === "refund" ? r.id : r.reference) : null,
    reference: r.method === "card" && r.kind === "payment" ? "" : r.reference,
  },
  refundedReceiptLines: r.kind === "refund" ? vatLinesOf(r.receipt_items) : null,
});

export function createLedgerStore(db: D1Database): LedgerStore {
  return {
    async entries(range, limit) {
      const { results } = await db
        .prepare(`SELECT * FROM (${MEMBERSHIP_PAYMENTS} UNION ALL ${ORDER_PAYMENTS} UNION ALL ${REFUNDS}) ORDER BY day, kind, id LIMIT ?3`)
        .bind(range.from, range.to, limit)
        .all<EntryRow>();
      return results.map(toEntry);
    },
    async receiptsPaid(range) {
      const { results } = await db
        .prepare(`SELECT number, paid_on, items FROM receipts WHERE paid_on BETWEEN ?1 AND ?2 ORDER BY paid_on, number`)
        .bind(range.from, range.to)
        .all<{ number: string; paid_on: string; items: string }>();
      return results.map((r) => ({ number: r.number, paidOn: r.paid_on, lines: vatLinesOf(r.items) }));
    },
    async creditNotes(range) {
      const { results } = await db
        .prepare(
          `SELECT cn.number, cn.refunded_on, cn.total_pence, cn.lines, r.items
           FROM credit_notes cn LEFT JOIN receipts r ON r.source = cn.source AND r.payment_id = cn.payment_id
           WHERE cn.refunded_on BETWEEN ?1 AND ?2 ORDER BY cn.refunded_on, cn.number`,
        )
        .bind(range.from, range.to)
        .all<{ number: string; refunded_on: string; total_pence: number; lines: string | null; items: string | null }>();
      return results.map((r) => ({
        number: r.number,
        refundedOn: r.refunded_on,
        totalPence: r.total_pence,
        storedLines: r.lines === null ? null : (JSON.parse(r.lines) as { split: VatSplit }[]).map((line) => line.split),
        refundedReceiptLines: vatLinesOf(r.items),
      }));
    },
    async recordFee(source, paymentId, feePence, balanceTransactionId) {
      await db
        .prepare(`INSERT INTO payment_fees (source, payment_id, fee_pence, balance_transaction_id) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING`)
        .bind(source, paymentId, feePence, balanceTransactionId)
        .run();
    },
  };
}
