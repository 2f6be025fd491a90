/**
 * The finance ledger's reads in D1: payments (membership and webinar orders) and refunds by the
 * day the money moved, each with its receipt or credit note and Stripe's fee
 * (migrations/0010, 0018, 0019, 0022), and the receipt lines the VAT summary adds up.
 */
import type { DayRange, LedgerEntry } from "../../domain/ledger";
import type { ReceiptItem, ReceiptSource } from "../../domain/receipts";
import { AppError } from "../../errors";
import type { VatSplit, VatTreatment } from "../../shared/pricing/vat";

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

/** Receipt lines of one treatment and rate, added up. */
export interface VatSalesRow {
  treatment: VatTreatment;
  rateBasisPoints: number | null;
  lines: number;
  grossPence: number;
  netPence: number;
  vatPence: number;
}

/** Where a ledger page starts: after (or before) this entry, in the ledger's order (day, kind, id). */
export interface LedgerCursor {
  day: string;
  kind: "payment" | "refund";
  id: string;
}

/**
 * A range's totals as SQL adds them up: every entry but the refunds whose VAT must be worked out
 * from the receipt they refund (credit notes issued before their split was stored, a closed set),
 * which come back as entries for the reader to add by the same rule as the page.
 */
export interface StoredLedgerTotals {
  payments: number;
  refunds: number;
  receivedPence: number;
  refundedPence: number;
  /** VAT on payments less VAT on refunds, of the entries that carry it. */
  vatPence: number;
  feesPence: number;
  unknownVat: number;
  unknownFees: number;
  /** Refunds whose VAT is worked out from their receipt (counted above, their VAT not). */
  unsplitRefunds: StoredLedgerEntry[];
}

export interface LedgerStore {
  /**
   * Payments and refunds in the range, oldest first, at most `limit`: after the cursor or (reading
   * back) the `limit` just before it, still oldest first (keyset paging).
   */
  entries(range: DayRange, cursor: LedgerCursor | null, direction: "after" | "before", limit: number): Promise<StoredLedgerEntry[]>;
  /** How many entries the range holds, counted up to `cap`. */
  count(range: DayRange, cap: number): Promise<number>;
  /** The range's totals, added up in D1. */
  totals(range: DayRange): Promise<StoredLedgerTotals>;
  /**
   * The VAT summary's sales, added up in D1: the lines of receipts paid in the range by treatment
   * and rate, and how many receipts were left out for having a line without VAT (issued before
   * VAT was kept). Fails if a stored line's net and VAT do not add up to its amount.
   */
  vatSales(range: DayRange): Promise<{ rows: VatSalesRow[]; receiptsWithoutVat: number }>;
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

/** Every entry of the range ?1 to ?2, unordered. */
const ALL_ENTRIES = `${MEMBERSHIP_PAYMENTS} UNION ALL ${ORDER_PAYMENTS} UNION ALL ${REFUNDS}`;

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
    async entries(range, cursor, direction, limit) {
      const back = direction === "before";
      const { results } = await db
        .prepare(
          `SELECT * FROM (${ALL_ENTRIES}) WHERE ?4 IS NULL OR (day, kind, id) ${back ? "<" : ">"} (?4, ?5, ?6)
           ORDER BY day ${back ? "DESC" : ""}, kind ${back ? "DESC" : ""}, id ${back ? "DESC" : ""} LIMIT ?3`,
        )
        .bind(range.from, range.to, limit, cursor?.day ?? null, cursor?.kind ?? null, cursor?.id ?? null)
        .all<EntryRow>();
      const entries = results.map(toEntry);
      return back ? entries.reverse() : entries;
    },
    async count(range, cap) {
      const row = await db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM (${ALL_ENTRIES}) LIMIT ?3)`).bind(range.from, range.to, cap).first<{ n: number }>();
      return row?.n ?? 0;
    },
    async totals(range) {
      // A refund without its own split whose receipt has one is worked out by the reader (UNSPLIT).
      const UNSPLIT = "kind = 'refund' AND vat_pence IS NULL AND receipt_items IS NOT NULL";
      const [sums, unsplit] = await db.batch([
        db
          .prepare(
            `SELECT COALESCE(SUM(kind = 'payment'), 0) AS payments, COALESCE(SUM(kind = 'refund'), 0) AS refunds,
                    COALESCE(SUM(CASE WHEN kind = 'payment' THEN gross_pence END), 0) AS received,
                    COALESCE(SUM(CASE WHEN kind = 'refund' THEN gross_pence END), 0) AS refunded,
                    COALESCE(SUM(CASE WHEN NOT (${UNSPLIT}) THEN (CASE kind WHEN 'payment' THEN 1 ELSE -1 END) * vat_pence END), 0) AS vat,
                    COALESCE(SUM(vat_pence IS NULL AND NOT (${UNSPLIT})), 0) AS unknown_vat,
                    COALESCE(SUM(fee_pence), 0) AS fees, COALESCE(SUM(fee_pence IS NULL), 0) AS unknown_fees
             FROM (${ALL_ENTRIES})`,
          )
          .bind(range.from, range.to),
        db.prepare(`SELECT * FROM (${ALL_ENTRIES}) WHERE ${UNSPLIT} ORDER BY day, kind, id`).bind(range.from, range.to),
      ]);
      const t = sums!.results[0] as { payments: number; refunds: number; received: number; refunded: number; vat: number; unknown_vat: number; fees: number; unknown_fees: number };
      return {
        payments: t.payments,
        refunds: t.refunds,
        receivedPence: t.received,
        refundedPence: t.refunded,
        vatPence: t.vat,
        feesPence: t.fees,
        unknownVat: t.unknown_vat,
        unknownFees: t.unknown_fees,
        unsplitRefunds: (unsplit!.results as EntryRow[]).map(toEntry),
      };
    },
    async vatSales(range) {
      const WITHOUT_VAT = "EXISTS (SELECT 1 FROM json_each(r.items) j WHERE json_type(j.value, '$.vat') IS NOT 'object')";
      const [sums, without] = await db.batch([
        db
          .prepare(
            `SELECT json_extract(i.value, '$.vat.treatment') AS treatment, json_extract(i.value, '$.vat.rateBasisPoints') AS rate, COUNT(*) AS lines,
                    SUM(json_extract(i.value, '$.pence')) AS gross, SUM(json_extract(i.value, '$.vat.netPence')) AS net, SUM(json_extract(i.value, '$.vat.vatPence')) AS vat,
                    SUM(json_extract(i.value, '$.pence') <> json_extract(i.value, '$.vat.netPence') + json_extract(i.value, '$.vat.vatPence')) AS unbalanced
             FROM receipts r, json_each(r.items) i
             WHERE r.paid_on BETWEEN ?1 AND ?2 AND NOT ${WITHOUT_VAT}
             GROUP BY treatment, rate`,
          )
          .bind(range.from, range.to),
        db.prepare(`SELECT COUNT(*) AS n FROM receipts r WHERE r.paid_on BETWEEN ?1 AND ?2 AND ${WITHOUT_VAT}`).bind(range.from, range.to),
      ]);
      const rows = sums!.results as { treatment: VatTreatment; rate: number | null; lines: number; gross: number; net: number; vat: number; unbalanced: number }[];
      if (rows.some((row) => row.unbalanced > 0)) throw new AppError("INTERNAL", `A recorded VAT line from ${range.from} to ${range.to} does not add up: net + VAT is not gross`);
      return {
        rows: rows.map((row) => ({ treatment: row.treatment, rateBasisPoints: row.rate, lines: row.lines, grossPence: row.gross, netPence: row.net, vatPence: row.vat })),
        receiptsWithoutVat: (without!.results[0] as { n: number }).n,
      };
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
