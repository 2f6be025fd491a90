/**
 * Refunds, credit notes and disputes in D1 (migrations/0018_refunds.sql). A refund, its credit
 * note, its audit entry, what it takes back and its e-mail are one batch (a transaction): the
 * refund is inserted only while the payment's refunds stay within what was paid (checked inside
 * the insert), and the credit note takes the year's next number only if the refund was stored,
 * so numbers have no gaps and no refund gets two notes however often it is reported.
 */
import {
  CREDIT_NOTE_NUMBER_PRINTF,
  type CreditNote,
  type CreditNoteLine,
  type CreditNoteVat,
  type Dispute,
  type DisputeStatus,
  type NewCreditNote,
  type NewRefund,
  type Refund,
  type RefundablePayment,
} from "../../domain/refunds";
import type { ReceiptSource } from "../../domain/receipts";
import type { AuditLog } from "./audit-log";
import { revokeCertificatesOfOrder, withdrawEventCpdOfOrder } from "./cpd";
import type { NewAuditEntry } from "../../domain/audit";
import { nextDocumentNumber } from "./document-numbers";
import { cancelOrderBookings } from "./event-bookings";

const CREDIT_NOTE_SERIES = nextDocumentNumber("credit_notes", { format: "?1", year: "?2" });

export type RefundOutcome = "recorded" | "already-recorded" | "exceeds-payment";

export interface RefundStore {
  /** A webinar order's payment (by order_payments.id: Stripe's payment intent id for a card payment). */
  orderPayment(paymentId: string): Promise<RefundablePayment | null>;
  /** A membership payment (payments.id). */
  membershipPayment(paymentId: string): Promise<RefundablePayment | null>;
  /**
   * Stores the refund with its credit note, then (only when the refund is new) the audit entry,
   * then `then` (what it takes back, its e-mail), in one batch. "exceeds-payment" stores nothing.
   */
  record(refund: NewRefund, note: NewCreditNote, options: { audit: NewAuditEntry | null; then?: readonly D1PreparedStatement[] }): Promise<RefundOutcome>;
  /**
   * The statements taking back an order's webinars, for a refund's batch: the CPD certificates
   * resting on them are revoked (by whom, why) first, then the entitlements go.
   */
  revokeOrderWebinars(orderId: string, revocation: { by: string; reason: string }): readonly D1PreparedStatement[];
  /**
   * The statement ending the user's membership, for a refund's batch: now (cancelled, ending
   * today) or at the end of the period paid for (it stays as it is until then, and does not renew).
   */
  endMembership(userId: string, when: "now" | "at-period-end", today: string): D1PreparedStatement;
  /** The credit note issued for a refund, read later in the same batch (for its e-mail). */
  creditNoteNumberOf(refundId: string): { select: string; params: readonly unknown[] };
  forPayment(source: ReceiptSource, paymentId: string): Promise<Refund[]>;
  forOrder(orderId: string): Promise<Refund[]>;
  creditNote(number: string): Promise<CreditNote | null>;
  /** The credit notes of refunds of the user's payments, newest first. */
  creditNotesForUser(userId: string): Promise<CreditNote[]>;
  /**
   * Opens or updates a dispute; a lost one takes back the order's webinars in the same batch. True
   * when its status changed. `then` (staff's e-mail) runs right after the dispute's own statement,
   * so a condition on that statement's change (`afterChange`) sees whether it changed anything.
   */
  saveDispute(dispute: Omit<Dispute, "openedAt" | "closedAt">, londonToday: string, then?: readonly D1PreparedStatement[]): Promise<boolean>;
  disputesForOrder(orderId: string): Promise<Dispute[]>;
  /** The disputes of the user's membership payments, oldest first. */
  membershipDisputesOf(userId: string): Promise<Dispute[]>;
  /** Whether a membership payment of the user is disputed and not yet decided (membership access is suspended). */
  hasOpenMembershipDispute(userId: string): Promise<boolean>;
}

interface RefundRow {
  id: string;
  source: ReceiptSource;
  payment_id: string;
  application_id: string | null;
  order_id: string | null;
  user_id: string;
  method: "card" | "offline";
  amount_pence: number;
  reason: string;
  refunded_on: string;
  recorded_by: string;
  created_at: string;
  credit_note_number: string | null;
}

const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  source: r.source,
  paymentId: r.payment_id,
  applicationId: r.application_id,
  orderId: r.order_id,
  userId: r.user_id,
  method: r.method,
  amountPence: r.amount_pence,
  reason: r.reason,
  refundedOn: r.refunded_on,
  recordedBy: r.recorded_by,
  createdAt: r.created_at,
  creditNoteNumber: r.credit_note_number,
});

interface CreditNoteRow {
  number: string;
  year: number;
  seq: number;
  refund_id: string;
  source: ReceiptSource;
  payment_id: string;
  receipt_number: string | null;
  application_id: string | null;
  order_id: string | null;
  user_id: string;
  payer_name: string | null;
  payer_email: string;
  description: string;
  reason: string;
  total_pence: number;
  method: "card" | "offline";
  refunded_on: string;
  issued_at: string;
  net_pence: number | null;
  vat_pence: number | null;
  lines: string | null;
}

/** The VAT split stored at issue (migrations/0030); null on notes issued before, or without VAT records. */
const storedVat = (r: Pick<CreditNoteRow, "net_pence" | "vat_pence" | "lines">): CreditNoteVat | null =>
  r.net_pence === null || r.vat_pence === null || r.lines === null ? null : { netPence: r.net_pence, vatPence: r.vat_pence, lines: JSON.parse(r.lines) as CreditNoteLine[] };

const toCreditNote = (r: CreditNoteRow): CreditNote => ({
  number: r.number,
  year: r.year,
  seq: r.seq,
  refundId: r.refund_id,
  source: r.source,
  paymentId: r.payment_id,
  receiptNumber: r.receipt_number,
  applicationId: r.application_id,
  orderId: r.order_id,
  userId: r.user_id,
  payer: { name: r.payer_name, email: r.payer_email },
  description: r.description,
  reason: r.reason,
  totalPence: r.total_pence,
  method: r.method,
  refundedOn: r.refunded_on,
  issuedAt: r.issued_at,
  vat: storedVat(r),
});

interface DisputeRow {
  id: string;
  source: ReceiptSource;
  payment_id: string;
  order_id: string | null;
  application_id: string | null;
  user_id: string;
  amount_pence: number;
  reason: string;
  status: DisputeStatus;
  opened_at: string;
  closed_at: string | null;
}

const toDispute = (r: DisputeRow): Dispute => ({
  id: r.id,
  source: r.source,
  paymentId: r.payment_id,
  orderId: r.order_id,
  applicationId: r.application_id,
  userId: r.user_id,
  amountPence: r.amount_pence,
  reason: r.reason,
  status: r.status,
  openedAt: r.opened_at,
  closedAt: r.closed_at,
});

/**
 * What a membership payment's one line adds after the membership's title: a renewal or change of
 * type paid on its own (a card subscription's renewals are paid against the join application, so
 * a join's line says nothing more).
 */
const MEMBERSHIP_KIND_WORDS: Record<string, string> = { renewal: ", renewal", change: ", change of type" };

/** The table holding a source's payments. */
const PAYMENTS_TABLE: Record<ReceiptSource, string> = { membership: "payments", order: "order_payments" };

/** A payer has a few credit notes at most; this bounds their page all the same. */
const CREDIT_NOTE_LIST_LIMIT = 200;

const REFUNDED = "(SELECT COALESCE(SUM(r.amount_pence), 0) FROM refunds r WHERE r.source = ? AND r.payment_id = p.id)";
const REFUND_COLUMNS = "r.*, (SELECT c.number FROM credit_notes c WHERE c.refund_id = r.id) AS credit_note_number";

/**
 * Ends a membership: now (cancelled, its period ending today), or at the end of the period paid
 * for (unchanged until then, marked not to renew). `ends_on` records the day either way.
 */
function endMembershipStatement(db: D1Database, userId: string, when: "now" | "at-period-end", today: string): D1PreparedStatement {
  return when === "now"
    ? db
        .prepare(
          `UPDATE memberships SET status = 'cancelled', period_end = ?2, ends_on = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE user_id = ?1 AND status IN ('active', 'lapsed', 'awaiting_payment')`,
        )
        .bind(userId, today)
    : db
        .prepare(`UPDATE memberships SET ends_on = COALESCE(substr(period_end, 1, 10), ?2), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE user_id = ?1`)
        .bind(userId, today);
}

/**
 * An order's webinars taken back: the certificates resting on them revoked first (they are found
 * through the entitlements), then the entitlements; and its event places cancelled, which frees
 * them, with the CPD their attendance earned withdrawn.
 */
const takeBackOrderWebinars = (db: D1Database, orderId: string, by: string, reason: string): D1PreparedStatement[] => [
  revokeCertificatesOfOrder(db, orderId, by, reason),
  db.prepare("DELETE FROM entitlements WHERE order_id = ?1").bind(orderId),
  ...withdrawEventCpdOfOrder(db, orderId, null, by, reason),
  ...cancelOrderBookings(db, orderId),
];

export function createRefundStore(db: D1Database, audit: Pick<AuditLog, "record">): RefundStore {
  const refunds = async (where: string, ...params: unknown[]) => {
    const { results } = await db.prepare(`SELECT ${REFUND_COLUMNS} FROM refunds r WHERE ${where} ORDER BY r.created_at, r.id`).bind(...params).all<RefundRow>();
    return results.map(toRefund);
  };

  return {
    async orderPayment(paymentId) {
      const row = await db
        .prepare(
          `SELECT p.id, p.method, p.amount_pence, o.id AS order_id, o.user_id, o.email, o.reference, ${REFUNDED} AS refunded,
             (SELECT number FROM receipts WHERE source = 'order' AND payment_id = p.id) AS receipt_number
           FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE p.id = ?`,
        )
        .bind("order", paymentId)
        .first<{ id: string; method: "card" | "offline"; amount_pence: number; order_id: string; user_id: string; email: string; reference: string; refunded: number; receipt_number: string | null }>();
      return row
        ? {
            source: "order",
            id: row.id,
            applicationId: null,
            orderId: row.order_id,
            userId: row.user_id,
            method: row.method,
            amountPence: row.amount_pence,
            refundedPence: row.refunded,
            receiptNumber: row.receipt_number,
            payer: { name: null, email: row.email },
            description: `Webinar order ${row.reference}`,
          }
        : null;
    },

    async membershipPayment(paymentId) {
      const row = await db
        .prepare(
          `SELECT p.id, p.method, p.amount_pence, p.user_id, a.id AS application_id, a.email, a.given_name, a.family_name, a.membership_title, a.kind,
             ${REFUNDED} AS refunded, (SELECT number FROM receipts WHERE source = 'membership' AND payment_id = p.id) AS receipt_number
           FROM payments p JOIN applications a ON a.id = p.application_id WHERE p.id = ?`,
        )
        .bind("membership", paymentId)
        .first<{ id: string; method: "card" | "offline"; amount_pence: number; user_id: string; application_id: string; email: string; given_name: string; family_name: string; membership_title: string; kind: string; refunded: number; receipt_number: string | null }>();
      return row
        ? {
            source: "membership",
            id: row.id,
            applicationId: row.application_id,
            orderId: null,
            userId: row.user_id,
            method: row.method,
            amountPence: row.amount_pence,
            refundedPence: row.refunded,
            receiptNumber: row.receipt_number,
            payer: { name: `${row.given_name} ${row.family_name}`.trim() || null, email: row.email },
            description: `Membership: ${row.membership_title}${MEMBERSHIP_KIND_WORDS[row.kind] ?? ""}`,
          }
        : null;
    },

    async record(r, n, { audit: entry, then = [] }) {
      const table = PAYMENTS_TABLE[r.source];
      const statements = [
        // Within what was paid, counting every refund already stored for the payment.
        db
          .prepare(
            `INSERT INTO refunds (id, source, payment_id, application_id, order_id, user_id, method, amount_pence, reason, refunded_on, recorded_by)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11
             WHERE (SELECT p.amount_pence FROM ${table} p WHERE p.id = ?3)
                   - (SELECT COALESCE(SUM(amount_pence), 0) FROM refunds WHERE source = ?2 AND payment_id = ?3) >= ?8
             ON CONFLICT (id) DO NOTHING`,
          )
          .bind(r.id, r.source, r.paymentId, r.applicationId, r.orderId, r.userId, r.method, r.amountPence, r.reason, r.refundedOn, r.recordedBy),
        ...(entry ? [audit.record(entry, { afterChange: true })] : []),
        db
          .prepare(
            `INSERT INTO credit_notes (${CREDIT_NOTE_SERIES.columns}, refund_id, source, payment_id, receipt_number, application_id, order_id, user_id,
               payer_name, payer_email, description, reason, total_pence, method, refunded_on, net_pence, vat_pence, lines)
             SELECT ${CREDIT_NOTE_SERIES.values}, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19
             ${CREDIT_NOTE_SERIES.from}
             WHERE EXISTS (SELECT 1 FROM refunds WHERE id = ?3)
             ON CONFLICT (refund_id) DO NOTHING`,
          )
          .bind(
            CREDIT_NOTE_NUMBER_PRINTF,
            n.year,
            n.refundId,
            n.source,
            n.paymentId,
            n.receiptNumber,
            n.applicationId,
            n.orderId,
            n.userId,
            n.payer.name,
            n.payer.email,
            n.description,
            n.reason,
            n.totalPence,
            n.method,
            n.refundedOn,
            n.vat?.netPence ?? null,
            n.vat?.vatPence ?? null,
            n.vat ? JSON.stringify(n.vat.lines) : null,
          ),
        ...then,
      ];
      const [inserted] = await db.batch(statements);
      if ((inserted?.meta.changes ?? 0) > 0) return "recorded";
      const known = await db.prepare("SELECT 1 AS found FROM refunds WHERE id = ?1").bind(r.id).first();
      return known ? "already-recorded" : "exceeds-payment";
    },

    revokeOrderWebinars: (orderId, { by, reason }) => takeBackOrderWebinars(db, orderId, by, reason),

    endMembership: (userId, when, today) => endMembershipStatement(db, userId, when, today),

    creditNoteNumberOf: (refundId) => ({ select: "SELECT number FROM credit_notes WHERE refund_id = ?", params: [refundId] }),

    forPayment: (source, paymentId) => refunds("r.source = ?1 AND r.payment_id = ?2", source, paymentId),
    forOrder: (orderId) => refunds("r.order_id = ?1", orderId),

    async creditNote(number) {
      const row = await db.prepare("SELECT * FROM credit_notes WHERE number = ?1").bind(number).first<CreditNoteRow>();
      return row ? toCreditNote(row) : null;
    },

    async creditNotesForUser(userId) {
      const { results } = await db
        .prepare(`SELECT * FROM credit_notes WHERE user_id = ?1 ORDER BY year DESC, seq DESC LIMIT ${CREDIT_NOTE_LIST_LIMIT}`)
        .bind(userId)
        .all<CreditNoteRow>();
      return results.map(toCreditNote);
    },

    async saveDispute(d, londonToday, then = []) {
      const statements = [
        db
          .prepare(
            `INSERT INTO disputes (id, source, payment_id, order_id, application_id, user_id, amount_pence, reason, status, closed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, CASE WHEN ?9 = 'open' THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END)
             ON CONFLICT (id) DO UPDATE SET status = excluded.status, amount_pence = excluded.amount_pence, reason = excluded.reason,
               closed_at = excluded.closed_at
             WHERE disputes.status <> excluded.status`,
          )
          .bind(d.id, d.source, d.paymentId, d.orderId, d.applicationId, d.userId, d.amountPence, d.reason, d.status),
        ...then,
        // A dispute lost: the bank took the money back, so the webinars (and their certificates) go for good, or the membership ends now.
        ...(d.status === "lost" && d.orderId ? takeBackOrderWebinars(db, d.orderId, "stripe", `The payment was disputed with the bank and the dispute was lost (${d.id})`) : []),
        ...(d.status === "lost" && d.source === "membership" ? [endMembershipStatement(db, d.userId, "now", londonToday)] : []),
      ];
      const [saved] = await db.batch(statements);
      return (saved?.meta.changes ?? 0) > 0;
    },

    async disputesForOrder(orderId) {
      const { results } = await db.prepare("SELECT * FROM disputes WHERE order_id = ?1 ORDER BY opened_at").bind(orderId).all<DisputeRow>();
      return results.map(toDispute);
    },

    async membershipDisputesOf(userId) {
      const { results } = await db.prepare("SELECT * FROM disputes WHERE user_id = ?1 AND source = 'membership' ORDER BY opened_at").bind(userId).all<DisputeRow>();
      return results.map(toDispute);
    },

    async hasOpenMembershipDispute(userId) {
      const row = await db.prepare("SELECT 1 AS open FROM disputes WHERE user_id = ?1 AND source = 'membership' AND status = 'open' LIMIT 1").bind(userId).first();
      return row !== null;
    },
  };
}
