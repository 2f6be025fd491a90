/**
 * The finance ledger's reads in D1: payments (membership and webinar orders) and refunds by the
 * day the money moved, each with its receipt or credit note and Stripe's fee
 * (migrations/0010, 0018, 0019, 0022), and the receipt lines the VAT summary adds up.
 */
import type { DayRange, LedgerEntry } from "../../domain/ledger";
import type { ReceiptItem, ReceiptSource } from "../../domain/receipts";
import { AppError } from "../../errors";
import type { VatSplit, VatTreatment } from "../../shared/pricing/vat";
import { fillWindows } from "./finance-day-fill";
import { PERIOD_END_KEY } from "./members-register";

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

/** A credit note issued before its VAT lines were stored: the reader works them out from the receipt it refunds. */
export interface UnsplitCreditNote {
  number: string;
  refundedOn: string;
  totalPence: number;
  /** The VAT lines of the receipt it refunds; null when there is none or it predates VAT. */
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
  /**
   * The VAT summary's credits, from the range's kept days: the stored lines of credit notes for
   * refunds paid back in the range, added up by treatment and rate, and the notes issued before
   * their lines were stored (read alone, on the days that have any). Fails like `vatSales`.
   */
  vatCredits(range: DayRange): Promise<{ rows: VatSalesRow[]; unsplitNotes: UnsplitCreditNote[] }>;
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

/**
 * A ledger page, read from each kind's index in the page's order (day, then id) a page's worth
 * at a time, then merged: ?1/?2 the range, ?3 the page size, ?4/?5 where the payments start
 * (day, id) and ?6/?7 where the refunds do (see `armBound`). Sorting the whole range's union
 * instead would read every entry of the range for each page.
 */
const entryArm = (sql: string, day: string, id: string, bound: string, back: boolean) =>
  `SELECT * FROM (${sql} AND (${day}, ${id}) ${back ? "<" : ">"} (${bound}) ORDER BY ${day} ${back ? "DESC" : ""}, ${id} ${back ? "DESC" : ""} LIMIT ?3)`;
const entriesSql = (back: boolean) =>
  `${entryArm(MEMBERSHIP_PAYMENTS, "p.received_on", "p.id", "?4, ?5", back)}
   UNION ALL ${entryArm(ORDER_PAYMENTS, "op.received_on", "op.id", "?4, ?5", back)}
   UNION ALL ${entryArm(REFUNDS, "rf.refunded_on", "rf.id", "?6, ?7", back)}
   ORDER BY day ${back ? "DESC" : ""}, kind ${back ? "DESC" : ""}, id ${back ? "DESC" : ""} LIMIT ?3`;
/** Exported for the query-plan test. */
export const ENTRIES_AFTER_SQL = entriesSql(false);
export const ENTRIES_BEFORE_SQL = entriesSql(true);

/** Above every id (ids are ASCII): "after everything on this day". */
const LAST_ID = "\uffff";

/**
 * Where one kind's entries start (or, reading back, end) for a page, as (day, id): the ledger
 * orders by (day, kind, id) and 'payment' sorts before 'refund'. For the cursor's own kind that
 * is the cursor; a refund cursor on day d has every payment of d before it, so payments compare
 * with (d, above every id); a payment cursor has every refund of d after it, so refunds compare
 * with (d, below every id). No cursor: the range's start.
 */
function armBound(kind: LedgerCursor["kind"], cursor: LedgerCursor | null, rangeFrom: string): { day: string; id: string } {
  if (!cursor) return { day: rangeFrom, id: "" };
  if (kind === cursor.kind) return { day: cursor.day, id: cursor.id };
  return { day: cursor.day, id: kind === "payment" ? LAST_ID : "" };
}

/** A refund without its own VAT split whose receipt has one: the reader works its VAT out. */
const UNSPLIT = "vat_pence IS NULL AND receipt_items IS NOT NULL";
/** The range's days whose kept row says they have some of `column`'s: only those days are read further. */
const keptDaysWith = (column: string) => `IN (SELECT day FROM finance_days WHERE day BETWEEN ?1 AND ?2 AND ${column} > 0)`;
/** Refunds whose VAT is worked out from their receipt, read on the days the kept rows say have any. */
export const UNSPLIT_REFUNDS_SQL = `SELECT * FROM (${REFUNDS.replace("BETWEEN ?1 AND ?2", keptDaysWith("refunds_unsplit"))}) WHERE ${UNSPLIT} ORDER BY day, id`;
/** Credit notes issued before their VAT lines were stored, read on the days the kept rows say have any. */
export const UNSPLIT_CREDIT_NOTES_SQL = `SELECT cn.number, cn.refunded_on, cn.total_pence, r.items
  FROM credit_notes cn LEFT JOIN receipts r ON r.source = cn.source AND r.payment_id = cn.payment_id
  WHERE cn.refunded_on ${keptDaysWith("credit_notes_unsplit")} AND cn.lines IS NULL ORDER BY cn.refunded_on, cn.number`;

const WITHOUT_VAT = "EXISTS (SELECT 1 FROM json_each(r.items) j WHERE json_type(j.value, '$.vat') IS NOT 'object')";

/**
 * Adds up, and keeps in `finance_days` (migrations/0053 and 0070), every day of the range ?1 to ?2
 * not kept yet: the ledger's totals (with the refunds whose VAT is worked out from their receipt
 * counted apart), the VAT summary's sales and credits (credit notes' stored lines; those issued
 * before lines were stored counted apart), and the dashboard's joins, renewals, revenue and lapses
 * (the same rules its statements had: adapters/d1/dashboard.ts). Only those days' rows are read
 * (each kind through its day index, lapsed records through the register's); a range whose days
 * are all kept reads nothing else. The triggers of 0053 and 0070 delete a day's row whenever a
 * write changes it, so a kept row is current.
 */
export const FILL_FINANCE_DAYS_SQL = `
  WITH RECURSIVE days(day) AS (SELECT ?1 UNION ALL SELECT date(day, '+1 day') FROM days WHERE day < ?2),
  missing(day) AS (SELECT day FROM days WHERE NOT EXISTS (SELECT 1 FROM finance_days f WHERE f.day = days.day)),
  entries AS (${MEMBERSHIP_PAYMENTS.replace("BETWEEN ?1 AND ?2", "IN (SELECT day FROM missing)")}
    UNION ALL ${ORDER_PAYMENTS.replace("BETWEEN ?1 AND ?2", "IN (SELECT day FROM missing)")}
    UNION ALL ${REFUNDS.replace("BETWEEN ?1 AND ?2", "IN (SELECT day FROM missing)")}),
  sums AS (
    SELECT day, SUM(kind = 'payment') AS payments, SUM(kind = 'refund') AS refunds,
           COALESCE(SUM(CASE WHEN kind = 'payment' THEN gross_pence END), 0) AS received,
           COALESCE(SUM(CASE WHEN kind = 'refund' THEN gross_pence END), 0) AS refunded,
           COALESCE(SUM(CASE WHEN NOT (kind = 'refund' AND ${UNSPLIT}) THEN (CASE kind WHEN 'payment' THEN 1 ELSE -1 END) * vat_pence END), 0) AS vat,
           SUM(vat_pence IS NULL AND NOT (kind = 'refund' AND ${UNSPLIT})) AS unknown_vat,
           COALESCE(SUM(fee_pence), 0) AS fees, SUM(fee_pence IS NULL) AS unknown_fees,
           SUM(kind = 'refund' AND ${UNSPLIT}) AS refunds_unsplit
    FROM entries GROUP BY day),
  lines AS (
    SELECT r.paid_on AS day, json_extract(i.value, '$.vat.treatment') AS treatment, json_extract(i.value, '$.vat.rateBasisPoints') AS rate, COUNT(*) AS lines,
           SUM(json_extract(i.value, '$.pence')) AS gross, SUM(json_extract(i.value, '$.vat.netPence')) AS net, SUM(json_extract(i.value, '$.vat.vatPence')) AS vat,
           SUM(json_extract(i.value, '$.pence') <> json_extract(i.value, '$.vat.netPence') + json_extract(i.value, '$.vat.vatPence')) AS unbalanced
    FROM receipts r, json_each(r.items) i
    WHERE r.paid_on IN (SELECT day FROM missing) AND NOT ${WITHOUT_VAT}
    GROUP BY r.paid_on, treatment, rate),
  vat AS (
    SELECT day, json_group_array(json_object('treatment', treatment, 'rate', rate, 'lines', lines, 'gross', gross, 'net', net, 'vat', vat, 'unbalanced', unbalanced)) AS sales
    FROM lines GROUP BY day),
  without AS (SELECT r.paid_on AS day, COUNT(*) AS n FROM receipts r WHERE r.paid_on IN (SELECT day FROM missing) AND ${WITHOUT_VAT} GROUP BY r.paid_on),
  yearly AS (
    SELECT p.received_on AS day,
           COUNT(DISTINCT CASE WHEN a.kind = 'join' AND NOT EXISTS (SELECT 1 FROM payments e WHERE e.application_id = p.application_id AND e.received_on < p.received_on)
                               THEN p.application_id END) AS joins,
           SUM(a.kind = 'renewal' OR (a.kind = 'join' AND p.id <> (SELECT first.id FROM payments first WHERE first.application_id = a.id
                                                                    ORDER BY first.received_on, first.created_at, first.id LIMIT 1))) AS renewals
    FROM payments p JOIN applications a ON a.id = p.application_id
    WHERE p.received_on IN (SELECT day FROM missing)
    GROUP BY p.received_on),
  received AS (
    SELECT paid_on AS day, SUM(CASE WHEN source = 'membership' THEN total_pence END) AS membership, SUM(CASE WHEN source = 'order' THEN total_pence END) AS orders
    FROM receipts WHERE paid_on IN (SELECT day FROM missing) GROUP BY paid_on),
  refunded AS (
    SELECT refunded_on AS day, SUM(CASE WHEN source = 'membership' THEN total_pence END) AS membership, SUM(CASE WHEN source = 'order' THEN total_pence END) AS orders
    FROM credit_notes WHERE refunded_on IN (SELECT day FROM missing) GROUP BY refunded_on),
  credit_lines AS (
    SELECT cn.refunded_on AS day, json_extract(l.value, '$.split.treatment') AS treatment, json_extract(l.value, '$.split.rateBasisPoints') AS rate, COUNT(*) AS lines,
           SUM(json_extract(l.value, '$.split.grossPence')) AS gross, SUM(json_extract(l.value, '$.split.netPence')) AS net, SUM(json_extract(l.value, '$.split.vatPence')) AS vat,
           SUM(json_extract(l.value, '$.split.grossPence') <> json_extract(l.value, '$.split.netPence') + json_extract(l.value, '$.split.vatPence')) AS unbalanced
    FROM credit_notes cn, json_each(cn.lines) l
    WHERE cn.refunded_on IN (SELECT day FROM missing) AND cn.lines IS NOT NULL
    GROUP BY cn.refunded_on, treatment, rate),
  credits AS (
    SELECT day, json_group_array(json_object('treatment', treatment, 'rate', rate, 'lines', lines, 'gross', gross, 'net', net, 'vat', vat, 'unbalanced', unbalanced)) AS lines
    FROM credit_lines GROUP BY day),
  unsplit_notes AS (SELECT refunded_on AS day, COUNT(*) AS n FROM credit_notes WHERE refunded_on IN (SELECT day FROM missing) AND lines IS NULL GROUP BY refunded_on),
  lapse_hours AS (
    SELECT missing.day, strftime('%H', m.period_end) AS hour, COUNT(*) AS n
    FROM missing JOIN memberships m ON m.status = 'lapsed' AND ${PERIOD_END_KEY} >= unixepoch(missing.day) AND ${PERIOD_END_KEY} < unixepoch(missing.day, '+1 day')
    GROUP BY missing.day, hour),
  lapsed AS (SELECT day, json_group_object(hour, n) AS hours FROM lapse_hours GROUP BY day)
  INSERT INTO finance_days (day, payments, refunds, received_pence, refunded_pence, vat_pence, unknown_vat, fees_pence, unknown_fees, vat_sales, receipts_without_vat,
                            joins, renewals, received_membership_pence, received_order_pence, refunded_membership_pence, refunded_order_pence,
                            vat_credits, credit_notes_unsplit, refunds_unsplit, lapses)
  SELECT missing.day, COALESCE(s.payments, 0), COALESCE(s.refunds, 0), COALESCE(s.received, 0), COALESCE(s.refunded, 0), COALESCE(s.vat, 0),
         COALESCE(s.unknown_vat, 0), COALESCE(s.fees, 0), COALESCE(s.unknown_fees, 0), COALESCE(v.sales, '[]'), COALESCE(w.n, 0),
         COALESCE(y.joins, 0), COALESCE(y.renewals, 0), COALESCE(took.membership, 0), COALESCE(took.orders, 0), COALESCE(gave.membership, 0), COALESCE(gave.orders, 0),
         COALESCE(c.lines, '[]'), COALESCE(u.n, 0), COALESCE(s.refunds_unsplit, 0), COALESCE(l.hours, '{}')
  FROM missing LEFT JOIN sums s ON s.day = missing.day LEFT JOIN vat v ON v.day = missing.day LEFT JOIN without w ON w.day = missing.day
    LEFT JOIN yearly y ON y.day = missing.day LEFT JOIN received took ON took.day = missing.day LEFT JOIN refunded gave ON gave.day = missing.day
    LEFT JOIN credits c ON c.day = missing.day LEFT JOIN unsplit_notes u ON u.day = missing.day LEFT JOIN lapsed l ON l.day = missing.day
  WHERE true ON CONFLICT (day) DO NOTHING`;

/** The statements that add up the range's days not kept yet, a window of at most a month each (finance-day-fill.ts). */
export const fillFinanceDays = (db: D1Database, from: string, to: string): D1PreparedStatement[] =>
  fillWindows(from, to).map(([start, end]) => db.prepare(FILL_FINANCE_DAYS_SQL).bind(start, end));

/** The range's ledger totals from its kept days (a row a day). */
export const LEDGER_TOTALS_SQL = `SELECT COALESCE(SUM(payments), 0) AS payments, COALESCE(SUM(refunds), 0) AS refunds,
    COALESCE(SUM(received_pence), 0) AS received, COALESCE(SUM(refunded_pence), 0) AS refunded, COALESCE(SUM(vat_pence), 0) AS vat,
    COALESCE(SUM(unknown_vat), 0) AS unknown_vat, COALESCE(SUM(fees_pence), 0) AS fees, COALESCE(SUM(unknown_fees), 0) AS unknown_fees
  FROM finance_days WHERE day BETWEEN ?1 AND ?2`;

/** The range's VAT lines of one kind (`vat_sales` or `vat_credits`) by treatment and rate, from its kept days. */
const vatLinesSql = (column: string) => `SELECT json_extract(json_each.value, '$.treatment') AS treatment, json_extract(json_each.value, '$.rate') AS rate,
    SUM(json_extract(json_each.value, '$.lines')) AS lines, SUM(json_extract(json_each.value, '$.gross')) AS gross, SUM(json_extract(json_each.value, '$.net')) AS net,
    SUM(json_extract(json_each.value, '$.vat')) AS vat, SUM(json_extract(json_each.value, '$.unbalanced')) AS unbalanced
  FROM finance_days f, json_each(f.${column}) WHERE f.day BETWEEN ?1 AND ?2
  GROUP BY treatment, rate`;
export const VAT_SALES_SQL = vatLinesSql("vat_sales");
export const VAT_CREDITS_SQL = vatLinesSql("vat_credits");
export const RECEIPTS_WITHOUT_VAT_SQL = "SELECT COALESCE(SUM(receipts_without_vat), 0) AS n FROM finance_days WHERE day BETWEEN ?1 AND ?2";

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

interface VatLinesRow {
  treatment: VatTreatment;
  rate: number | null;
  lines: number;
  gross: number;
  net: number;
  vat: number;
  unbalanced: number;
}

/** VAT lines as summed from the kept days; a stored line whose net and VAT are not its gross fails the read. */
function vatRows(rows: readonly VatLinesRow[], range: DayRange): VatSalesRow[] {
  if (rows.some((row) => row.unbalanced > 0)) throw new AppError("INTERNAL", `A recorded VAT line from ${range.from} to ${range.to} does not add up: net + VAT is not gross`);
  return rows.map((row) => ({ treatment: row.treatment, rateBasisPoints: row.rate, lines: row.lines, grossPence: row.gross, netPence: row.net, vatPence: row.vat }));
}

export function createLedgerStore(db: D1Database): LedgerStore {
  /** The results of `sqls` (each bound to the range), read in one batch after the range's days not kept yet are added up. */
  const readKeptDays = async (range: { from: string; to: string }, sqls: string[]) =>
    (await db.batch([...fillFinanceDays(db, range.from, range.to), ...sqls.map((sql) => db.prepare(sql).bind(range.from, range.to))])).slice(-sqls.length);
  return {
    async entries(range, cursor, direction, limit) {
      const back = direction === "before";
      const from = (kind: LedgerCursor["kind"]) => armBound(kind, cursor, range.from);
      const [payment, refund] = [from("payment"), from("refund")];
      const { results } = await db
        .prepare(back ? ENTRIES_BEFORE_SQL : ENTRIES_AFTER_SQL)
        .bind(range.from, range.to, limit, payment.day, payment.id, refund.day, refund.id)
        .all<EntryRow>();
      const entries = results.map(toEntry);
      return back ? entries.reverse() : entries;
    },
    async count(range, cap) {
      const row = await db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM (${ALL_ENTRIES}) LIMIT ?3)`).bind(range.from, range.to, cap).first<{ n: number }>();
      return row?.n ?? 0;
    },
    async totals(range) {
      const [sums, unsplit] = await readKeptDays(range, [LEDGER_TOTALS_SQL, UNSPLIT_REFUNDS_SQL]);
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
      const [sums, without] = await readKeptDays(range, [VAT_SALES_SQL, RECEIPTS_WITHOUT_VAT_SQL]);
      return { rows: vatRows(sums!.results as VatLinesRow[], range), receiptsWithoutVat: (without!.results[0] as { n: number }).n };
    },
    async vatCredits(range) {
      const [sums, unsplit] = await readKeptDays(range, [VAT_CREDITS_SQL, UNSPLIT_CREDIT_NOTES_SQL]);
      const notes = unsplit!.results as { number: string; refunded_on: string; total_pence: number; items: string | null }[];
      return {
        rows: vatRows(sums!.results as VatLinesRow[], range),
        unsplitNotes: notes.map((r) => ({ number: r.number, refundedOn: r.refunded_on, totalPence: r.total_pence, refundedReceiptLines: vatLinesOf(r.items) })),
      };
    },
    async recordFee(source, paymentId, feePence, balanceTransactionId) {
      await db
        .prepare(`INSERT INTO payment_fees (source, payment_id, fee_pence, balance_transaction_id) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING`)
        .bind(source, paymentId, feePence, balanceTransactionId)
        .run();
    },
  };
}
