/**
 * Receipts in D1 (migrations/0010_receipts.sql). A receipt is issued by a statement the caller
 * puts in the payment's own `db.batch([...])`: D1 runs a batch as one transaction, so the number
 * it takes (the year's highest plus one) is taken only if the batch commits, and two payments
 * recorded at once never take the same number or leave one out.
 */
import { RECEIPT_NUMBER_PRINTF, type NewReceipt, type Receipt, type ReceiptItem, type ReceiptSource } from "../../domain/receipts";
import type { BatchQuery } from "./batch-query";
import { billingColumn, parseBilling } from "./billing-column";
import { nextDocumentNumber } from "./document-numbers";

export interface ReceiptStore {
  /**
   * The insert issuing `receipt`, for the payment's batch: only if `onlyIf` (`SELECT 1 …` with
   * anonymous `?` placeholders) finds a row when the batch reaches it, typically the payment just
   * stored. A payment that already has a receipt gets no second one (nothing happens, no error),
   * and no number is used up by an insert that does not happen.
   */
  issue(receipt: NewReceipt, onlyIf: BatchQuery): D1PreparedStatement;
  /** The number issued for a payment, read later in the same batch (for the e-mail that carries it). */
  numberOf(source: ReceiptSource, paymentId: string): BatchQuery;
  byNumber(number: string): Promise<Receipt | null>;
  /** Newest first. */
  forUser(userId: string): Promise<Receipt[]>;
  forApplication(applicationId: string): Promise<Receipt[]>;
  forOrder(orderId: string): Promise<Receipt[]>;
}

interface ReceiptRow {
  number: string;
  year: number;
  seq: number;
  source: ReceiptSource;
  payment_id: string;
  application_id: string | null;
  order_id: string | null;
  user_id: string;
  payer_name: string | null;
  payer_email: string;
  billing: string | null;
  items: string;
  total_pence: number;
  net_pence: number | null;
  vat_pence: number | null;
  method: "card" | "offline";
  paid_on: string;
  payment_reference: string;
  issued_at: string;
}

const toReceipt = (r: ReceiptRow): Receipt => ({
  number: r.number,
  year: r.year,
  seq: r.seq,
  source: r.source,
  paymentId: r.payment_id,
  applicationId: r.application_id,
  orderId: r.order_id,
  userId: r.user_id,
  payer: { name: r.payer_name, email: r.payer_email },
  billing: parseBilling(r.billing),
  // Receipts issued before VAT was recorded have no `vat` on their lines.
  items: (JSON.parse(r.items) as (Omit<ReceiptItem, "vat"> & { vat?: ReceiptItem["vat"] })[]).map((i) => ({ ...i, vat: i.vat ?? null })),
  totalPence: r.total_pence,
  netPence: r.net_pence,
  vatPence: r.vat_pence,
  method: r.method,
  paidOn: r.paid_on,
  paymentReference: r.payment_reference,
  issuedAt: r.issued_at,
});

/** A user has a few receipts a year; this bounds a page all the same. */
const LIST_LIMIT = 500;

export function createReceiptStore(db: D1Database): ReceiptStore {
  const many = async (where: string, value: string) => {
    const { results } = await db
      .prepare(`SELECT * FROM receipts WHERE ${where} = ?1 ORDER BY year DESC, seq DESC LIMIT ${LIST_LIMIT}`)
      .bind(value)
      .all<ReceiptRow>();
    return results.map(toReceipt);
  };
  return {
    issue(r, onlyIf) {
      // Anonymous placeholders throughout, bound in the order they appear, so the caller's
      // condition can use them too.
      const series = nextDocumentNumber("receipts");
      const sql = `INSERT INTO receipts (${series.columns}, source, payment_id, application_id, order_id, user_id, payer_name, payer_email,
           items, total_pence, net_pence, vat_pence, method, paid_on, payment_reference, billing)
         SELECT ${series.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         ${series.from}
         WHERE EXISTS (${onlyIf.select})
         ON CONFLICT (source, payment_id) DO NOTHING`;
      return db
        .prepare(sql)
        .bind(
          RECEIPT_NUMBER_PRINTF,
          r.year,
          r.year,
          r.source,
          r.paymentId,
          r.applicationId,
          r.orderId,
          r.userId,
          r.payer.name,
          r.payer.email,
          JSON.stringify(r.items),
          r.totalPence,
          r.netPence,
          r.vatPence,
          r.method,
          r.paidOn,
          r.paymentReference,
          billingColumn(r.billing),
          r.year,
          ...onlyIf.params,
        );
    },
    numberOf: (source, paymentId) => ({ select: "SELECT number FROM receipts WHERE source = ? AND payment_id = ?", params: [source, paymentId] }),
    async byNumber(number) {
      const row = await db.prepare("SELECT * FROM receipts WHERE number = ?1").bind(number).first<ReceiptRow>();
      return row ? toReceipt(row) : null;
    },
    forUser: (userId) => many("user_id", userId),
    forApplication: (applicationId) => many("application_id", applicationId),
    forOrder: (orderId) => many("order_id", orderId),
  };
}
