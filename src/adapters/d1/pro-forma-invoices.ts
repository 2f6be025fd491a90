/**
 * Pro-forma invoices in D1 (migrations/0024_billing_and_pro_forma.sql), numbered like receipts:
 * the insert computes the year's highest number plus one inside itself, and D1 runs a batch as one
 * transaction with writes one at a time, so two invoices issued at once never take the same number
 * and an insert that does not happen takes none. The same content for the same application or
 * order hits the unique index and inserts nothing: the invoice already issued stands.
 */
import { PRO_FORMA_NUMBER_PRINTF, type NewProFormaInvoice, type ProFormaInvoice } from "../../domain/pro-forma";
import type { ReceiptItem, ReceiptSource } from "../../domain/receipts";
import type { BatchQuery } from "./batch-query";
import { billingColumn, parseBilling } from "./billing-column";
import { nextDocumentNumber } from "./document-numbers";

const PRO_FORMA_SERIES = nextDocumentNumber("pro_forma_invoices");

export interface ProFormaInvoiceStore {
  /**
   * The insert issuing `invoice`, for a caller's batch, only if `onlyIf` finds a row when the batch
   * reaches it (the application or order just stored). Nothing happens, and no number is used,
   * when an invoice with the same content exists for the same application or order.
   */
  issue(invoice: NewProFormaInvoice, onlyIf: BatchQuery): D1PreparedStatement;
  /**
   * Issues `invoice` now (unless the same content was issued before), with `then` (its e-mail,
   * conditional on the insert just before it) in the same batch; returns the invoice that stands
   * and whether this call issued it.
   */
  issueNow(invoice: NewProFormaInvoice, then?: readonly D1PreparedStatement[]): Promise<{ invoice: ProFormaInvoice; issued: boolean }>;
  /** The number of the invoice with this content, read later in the batch that issues it (for its e-mail). */
  numberOf(invoice: Pick<NewProFormaInvoice, "source" | "applicationId" | "orderId" | "contentKey">): BatchQuery;
  byNumber(number: string): Promise<ProFormaInvoice | null>;
  /** Newest first. */
  forUser(userId: string): Promise<ProFormaInvoice[]>;
  forApplication(applicationId: string): Promise<ProFormaInvoice[]>;
  forOrder(orderId: string): Promise<ProFormaInvoice[]>;
}

interface ProFormaRow {
  number: string;
  year: number;
  seq: number;
  source: ReceiptSource;
  application_id: string | null;
  order_id: string | null;
  user_id: string;
  buyer_name: string | null;
  buyer_email: string;
  billing: string | null;
  items: string;
  total_pence: number;
  net_pence: number;
  vat_pence: number;
  payment_reference: string;
  due_on: string;
  issued_by: string;
  issued_at: string;
}

const toInvoice = (r: ProFormaRow): ProFormaInvoice => ({
  number: r.number,
  year: r.year,
  seq: r.seq,
  source: r.source,
  applicationId: r.application_id,
  orderId: r.order_id,
  userId: r.user_id,
  buyer: { name: r.buyer_name, email: r.buyer_email },
  billing: parseBilling(r.billing),
  items: JSON.parse(r.items) as ReceiptItem[],
  totalPence: r.total_pence,
  netPence: r.net_pence,
  vatPence: r.vat_pence,
  paymentReference: r.payment_reference,
  dueOn: r.due_on,
  issuedBy: r.issued_by,
  issuedAt: r.issued_at,
});

/** A user has a few invoices a year; this bounds a page all the same. */
const LIST_LIMIT = 200;

export function createProFormaInvoiceStore(db: D1Database): ProFormaInvoiceStore {
  const many = async (where: string, value: string) => {
    const { results } = await db
      .prepare(`SELECT * FROM pro_forma_invoices WHERE ${where} = ?1 ORDER BY year DESC, seq DESC LIMIT ${LIST_LIMIT}`)
      .bind(value)
      .all<ProFormaRow>();
    return results.map(toInvoice);
  };
  const issue = (p: NewProFormaInvoice, onlyIf: BatchQuery) =>
    // Anonymous placeholders throughout, bound in the order they appear, so the condition can use them too.
    db
      .prepare(
        `INSERT INTO pro_forma_invoices (${PRO_FORMA_SERIES.columns}, source, application_id, order_id, user_id, content_key, buyer_name, buyer_email,
           billing, items, total_pence, net_pence, vat_pence, payment_reference, due_on, issued_by)
         SELECT ${PRO_FORMA_SERIES.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         ${PRO_FORMA_SERIES.from}
         WHERE EXISTS (${onlyIf.select})
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        PRO_FORMA_NUMBER_PRINTF,
        p.year,
        p.year,
        p.source,
        p.applicationId,
        p.orderId,
        p.userId,
        p.contentKey,
        p.buyer.name,
        p.buyer.email,
        billingColumn(p.billing),
        JSON.stringify(p.items),
        p.totalPence,
        p.netPence,
        p.vatPence,
        p.paymentReference,
        p.dueOn,
        p.issuedBy,
        p.year,
        ...onlyIf.params,
      );
  return {
    issue,
    async issueNow(p, then = []) {
      const subject = p.applicationId ?? p.orderId;
      const [inserted] = await db.batch([issue(p, { select: "SELECT 1", params: [] }), ...then]);
      const row = await db
        .prepare("SELECT * FROM pro_forma_invoices WHERE source = ?1 AND COALESCE(application_id, order_id) = ?2 AND content_key = ?3")
        .bind(p.source, subject, p.contentKey)
        .first<ProFormaRow>();
      if (!row) throw new Error(`The pro-forma invoice for ${p.source} ${subject} was neither issued nor found`);
      return { invoice: toInvoice(row), issued: (inserted?.meta.changes ?? 0) > 0 };
    },
    numberOf: (p) => ({
      select: "SELECT number FROM pro_forma_invoices WHERE source = ? AND COALESCE(application_id, order_id) = ? AND content_key = ?",
      params: [p.source, p.applicationId ?? p.orderId, p.contentKey],
    }),
    async byNumber(number) {
      const row = await db.prepare("SELECT * FROM pro_forma_invoices WHERE number = ?1").bind(number).first<ProFormaRow>();
      return row ? toInvoice(row) : null;
    },
    forUser: (userId) => many("user_id", userId),
    forApplication: (applicationId) => many("application_id", applicationId),
    forOrder: (orderId) => many("order_id", orderId),
  };
}
