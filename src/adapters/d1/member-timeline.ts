/**
 * A member's timeline for the staff members register (services/membership/members-register.ts):
 * their applications, membership payments, receipts, the e-mails written to them (email_outbox
 * by user id), the staff actions on their applications, orders and e-mails and the member's own
 * changes of details and e-mail address (staff_audit_log), and their changes of membership type
 * (membership_changes: upgrades, and downgrades scheduled for the renewal), the membership office's
 * actions on the record and staff's notes (migrations/0051), and the payments the import brought
 * from the society's previous system (migrations/0058), read in one batch.
 * Each kind is capped at `TIMELINE_LIMIT`, newest kept.
 */
import type { TimelineEntry } from "../../domain/member-timeline";
import type { ApplicationKind, ApplicationStatus, DirectDebitScheme, DirectDebitState, PaymentMethod } from "../../domain/membership";
import type { EmailKind, OutboxStatus } from "../../domain/email";
import type { MembershipChange } from "../../domain/membership-lifecycle";
import { toNote, type NoteRow } from "./member-office";
import { toChange, type ChangeRow } from "./membership-changes";

export interface MemberTimelineStore {
  /** Everything recorded about the member with this user id, in no particular order. */
  entries(userId: string): Promise<TimelineEntry[]>;
  /** The society's own fields kept for the member (a handful each), by name. */
  customFields(userId: string): Promise<{ name: string; value: string }[]>;
}

export const TIMELINE_LIMIT = 200;

interface ApplicationRow {
  id: string;
  reference: string;
  kind: ApplicationKind;
  membership_title: string;
  status: ApplicationStatus;
  amount_due_pence: number;
  payment_method: PaymentMethod;
  direct_debit: DirectDebitScheme | null;
  direct_debit_state: DirectDebitState | null;
  created_at: string;
}
interface PaymentRow {
  id: string;
  method: PaymentMethod;
  amount_pence: number;
  received_on: string;
  reference: string;
  recorded_by: string;
  created_at: string;
}
interface ImportedPaymentRow {
  paid_on: string;
  amount_pence: number;
  method: string;
  reference: string;
}
interface ReceiptRow {
  number: string;
  total_pence: number;
  method: PaymentMethod;
  issued_at: string;
}
interface EmailRow {
  id: string;
  kind: EmailKind;
  subject: string;
  status: OutboxStatus;
  last_error: string | null;
  created_at: string;
}
interface AuditRow {
  staff_email: string;
  action: string;
  reason: unknown;
  at: string;
}

/** A membership or order payment as the timeline shows it. */
const paymentEntry = (r: PaymentRow): TimelineEntry & { type: "payment" } => ({
  type: "payment",
  at: r.created_at,
  id: r.id,
  method: r.method,
  amountPence: r.amount_pence,
  receivedOn: r.received_on,
  reference: r.reference,
  recordedBy: r.recorded_by,
});

export function createMemberTimelineStore(db: D1Database): MemberTimelineStore {
  return {
    async customFields(userId) {
      const { results } = await db.prepare("SELECT name, value FROM member_custom_fields WHERE user_id = ?1 ORDER BY name LIMIT ?2").bind(userId, TIMELINE_LIMIT).all<{ name: string; value: string }>();
      return results;
    },
    async entries(userId) {
      const [applications, payments, receipts, emails, audit, changes, notes, imported, orderPayments] = await db.batch([
        db
          .prepare(
            `SELECT id, reference, kind, membership_title, status, amount_due_pence, payment_method, direct_debit, direct_debit_state, created_at FROM applications
             WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2`,
          )
          .bind(userId, TIMELINE_LIMIT),
        db
          .prepare(
            `SELECT id, method, amount_pence, received_on, reference, recorded_by, created_at FROM payments
             WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2`,
          )
          .bind(userId, TIMELINE_LIMIT),
        db.prepare(`SELECT number, total_pence, method, issued_at FROM receipts WHERE user_id = ?1 ORDER BY issued_at DESC LIMIT ?2`).bind(userId, TIMELINE_LIMIT),
        db
          .prepare(`SELECT id, kind, subject, status, last_error, created_at FROM email_outbox WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2`)
          .bind(userId, TIMELINE_LIMIT),
        // Staff actions name an application, an order or (sending a failed e-mail again) a message.
        db
          .prepare(
            `SELECT staff_email, action, json_extract(details, '$.reason') AS reason, at FROM staff_audit_log
             WHERE user_id = ?1
               OR application_id IN (SELECT id FROM applications WHERE user_id = ?1)
               OR order_id IN (SELECT id FROM orders WHERE user_id = ?1)
               OR (action = 'email.resent' AND json_extract(details, '$.messageId') IN (SELECT id FROM email_outbox WHERE user_id = ?1))
               OR (action = 'account.email.changed' AND json_extract(details, '$.userId') = ?1)
             ORDER BY id DESC LIMIT ?2`,
          )
          .bind(userId, TIMELINE_LIMIT),
        db.prepare("SELECT * FROM membership_changes WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2").bind(userId, TIMELINE_LIMIT),
        db.prepare("SELECT * FROM member_notes WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2").bind(userId, TIMELINE_LIMIT),
        db
          .prepare("SELECT paid_on, amount_pence, method, reference FROM imported_payments WHERE user_id = ?1 ORDER BY paid_on DESC LIMIT ?2")
          .bind(userId, TIMELINE_LIMIT),
        // An order's payments (an event place, a webinar) are the member's payments too, not only their receipts.
        db
          .prepare(
            `SELECT p.id, p.method, p.amount_pence, p.received_on, p.reference, p.recorded_by, p.created_at, o.reference AS order_reference
             FROM orders AS o JOIN order_payments AS p ON p.order_id = o.id
             WHERE o.user_id = ?1 ORDER BY p.created_at DESC LIMIT ?2`,
          )
          .bind(userId, TIMELINE_LIMIT),
      ]);
      return [
        ...(imported!.results as ImportedPaymentRow[]).map(
          (r): TimelineEntry => ({ type: "imported-payment", at: r.paid_on, amountPence: r.amount_pence, method: r.method, reference: r.reference }),
        ),
        ...(applications!.results as ApplicationRow[]).map(
          (r): TimelineEntry => ({
            type: "application",
            at: r.created_at,
            id: r.id,
            reference: r.reference,
            kind: r.kind,
            membershipTitle: r.membership_title,
            status: r.status,
            amountDuePence: r.amount_due_pence,
            paymentMethod: r.payment_method,
            directDebit: r.direct_debit,
            directDebitState: r.direct_debit_state,
          }),
        ),
        ...(payments!.results as PaymentRow[]).map(paymentEntry),
        ...(orderPayments!.results as (PaymentRow & { order_reference: string })[]).map((r): TimelineEntry => ({ ...paymentEntry(r), orderReference: r.order_reference })),
        ...(receipts!.results as ReceiptRow[]).map((r): TimelineEntry => ({ type: "receipt", at: r.issued_at, number: r.number, totalPence: r.total_pence, method: r.method })),
        ...(emails!.results as EmailRow[]).map(
          (r): TimelineEntry => ({ type: "email", at: r.created_at, id: r.id, kind: r.kind, subject: r.subject, status: r.status, lastError: r.last_error }),
        ),
        ...(audit!.results as AuditRow[]).map((r): TimelineEntry => ({ type: "staff", at: r.at, staffEmail: r.staff_email, action: r.action, reason: typeof r.reason === "string" ? r.reason : null })),
        ...(notes!.results as NoteRow[]).map(toNote).map((n): TimelineEntry => ({ type: "note", at: n.createdAt, id: n.id, staffEmail: n.staffEmail, body: n.body })),
        ...(changes!.results as ChangeRow[]).map(toChange).map(changeEntry),
      ];
    },
  };
}

const changeEntry = ({ createdAt, userId: _userId, ...change }: MembershipChange): TimelineEntry => ({ type: "change", at: createdAt, ...change });
