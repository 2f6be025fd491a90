/** Membership applications, membership records and payments in D1 (migrations/0003_membership.sql). */
import type { VatTreatment } from "../../shared/pricing/vat";
import type { BillingDetails } from "../../shared/billing-details";
import { billingColumn, parseBilling } from "./billing-column";
import { reserveApplicationRedemption, reservedFor, type CodeCaps } from "./discount-redemptions";
import { cappedCounts, newestFirstPage, numberedParams, sumCounts, type BuiltStatement, type CreatedCursor } from "./newest-first-pages";
import type { DirectDebitScheme, DirectDebitState, VettingState, ApplicationDiscount, ApplicationKind, ApplicationStatus, PaymentMethod, ApplicationDetails, Application, StaffAudit, ListedApplication, NewApplication, Payment } from "../../domain/membership";

export interface ApplicationRow {
  id: string;
  kind: ApplicationKind;
  idempotency_key: string;
  reference: string;
  user_id: string;
  email: string;
  given_name: string;
  family_name: string;
  membership_slug: string;
  membership_title: string;
  vat_treatment: VatTreatment;
  payment_method: PaymentMethod;
  amount_due_pence: number;
  status: ApplicationStatus;
  details: string;
  billing: string | null;
  discount?: string | null;
  joining_fee_pence?: number | null;
  rejected_reason: string | null;
  vetting?: VettingState | null;
  vetting_request?: string | null;
  direct_debit?: DirectDebitScheme | null;
  direct_debit_state?: DirectDebitState | null;
  created_at: string;
  updated_at: string;
}

export const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  kind: row.kind,
  idempotencyKey: row.idempotency_key,
  reference: row.reference,
  userId: row.user_id,
  email: row.email,
  givenName: row.given_name,
  familyName: row.family_name,
  membershipSlug: row.membership_slug,
  membershipTitle: row.membership_title,
  vatTreatment: row.vat_treatment,
  paymentMethod: row.payment_method,
  amountDuePence: row.amount_due_pence,
  status: row.status,
  details: JSON.parse(row.details) as ApplicationDetails,
  billing: parseBilling(row.billing),
  discount: row.discount ? (JSON.parse(row.discount) as ApplicationDiscount) : null,
  joiningFeePence: row.joining_fee_pence ?? null,
  rejectedReason: row.rejected_reason,
  vetting: row.vetting ?? null,
  vettingRequest: row.vetting_request ?? null,
  directDebit: row.direct_debit ?? null,
  directDebitState: row.direct_debit_state ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface ApplicationStore {
  /**
   * Stores the application and the member's record (awaiting payment) in one batch, with `then`
   * (statements that follow it: its e-mails) at the end of the batch. Returns false, storing
   * nothing, when the idempotency key was used before. An application with a discount code first
   * reserves a use of it within `codeCaps` (discount-redemptions.ts), and is stored only if it got one.
   */
  create(application: NewApplication, then?: readonly D1PreparedStatement[], codeCaps?: CodeCaps): Promise<boolean>;
  byIdempotencyKey(key: string): Promise<Application | null>;
  byId(id: string): Promise<Application | null>;
  /** The user's latest join application (renewals and changes are not joining). */
  latestForUser(userId: string): Promise<Application | null>;
  /** The billing details of the user's latest join or renewal application (null when it gave none): the organisation that paid last. */
  lastBilling(userId: string): Promise<BillingDetails | null>;
  /**
   * Up to `limit`, newest first (by when made, then id), from `cursor` when given (keyset paging
   * through `applications_status_created`, migrations/0037: see newest-first-pages.ts);
   * `refundDue` keeps only those holding money they do not pay for (the rule of
   * services/membership/refunds.ts, `isRefundDue`, in SQL).
   */
  list(filter: ApplicationListFilter & { limit: number; cursor?: CreatedCursor | null }): Promise<ListedApplication[]>;
  /** How many match, each status counted up to `cap` (so `cap` or more means at least that many). */
  count(filter: ApplicationListFilter, cap: number): Promise<number>;
  payments(applicationId: string): Promise<Payment[]>;
  /** What has been refunded of the application's payments, in pence. */
  refundedPence(applicationId: string): Promise<number>;
  /**
   * Records money received, activates the membership until `periodEnd` and writes the staff
   * audit entry, in one batch, and only if the application is still awaiting payment (two staff
   * acting at once cannot both succeed). Returns false, changing nothing, when it was not.
   * `then` (the receipt, the e-mail) ends the same batch.
   */
  recordPayment(
    application: Application,
    payment: Omit<Payment, "createdAt" | "applicationId">,
    periodEnd: string,
    audit: StaffAudit,
    then?: readonly D1PreparedStatement[],
  ): Promise<boolean>;
  /** Changes how an application still awaiting payment will be paid (and its membership record). */
  /**
   * How an application awaiting payment will be paid: `directDebit` names the scheme of a
   * Stripe payment by Direct Debit (null: by card). Refused (false) while a Direct Debit is pending.
   */
  setPaymentMethod(application: Application, method: PaymentMethod, directDebit?: DirectDebitScheme | null): Promise<boolean>;
  /** Rejects the application (if still awaiting payment) with its audit entry, then `then`, in one batch; false when it was not. */
  reject(application: Application, reason: string, audit: StaffAudit, then?: readonly D1PreparedStatement[]): Promise<boolean>;
}

export interface ApplicationListFilter {
  status?: ApplicationStatus;
  refundDue?: boolean;
  /** Only those waiting for staff's approval or for the applicant's answer (the review queue). */
  awaitingApproval?: boolean;
  search?: string;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

const received = (row: string) => `(SELECT COALESCE(SUM(amount_pence), 0) FROM payments WHERE application_id = ${row}.id)`;
const refunded = (row: string) => `(SELECT COALESCE(SUM(amount_pence), 0) FROM refunds WHERE source = 'membership' AND application_id = ${row}.id)`;
const STATUSES: readonly ApplicationStatus[] = ["awaiting_payment", "paid", "rejected"];

/**
 * The list's branches on `applications`, one status each (see newest-first-pages.ts). "Refund
 * due" is its three cases (services/membership/refunds.ts, `isRefundDue`, in SQL), each one
 * status. A search (instr() rather than LIKE: nothing to escape, no limit on its length) filters
 * within each branch's range.
 */
function listBranches({ status, refundDue = false, awaitingApproval = false, search }: ApplicationListFilter, param: (value: unknown) => string): string[] {
  const term = search?.trim() ? param(search.trim().toLowerCase()) : null;
  const matches = term
    ? ` AND (instr(lower(email), ${term}) > 0 OR instr(lower(given_name || ' ' || family_name), ${term}) > 0 OR instr(lower(reference), ${term}) > 0)`
    : "";
  const money = `${received("applications")} - ${refunded("applications")}`;
  // The review queue: one branch per open vetting state, each a range of applications_vetting_created (migrations/0052).
  if (awaitingApproval) return ["vetting = 'pending'", "vetting = 'more_info'"].map((branch) => branch + matches);
  const branches = refundDue
    ? [
        `status = 'rejected' AND ${money} > 0`,
        `status = 'awaiting_payment' AND kind <> 'join' AND ${money} > 0`,
        `status = 'paid' AND kind <> 'join' AND ${money} > amount_due_pence`,
      ]
    : (status ? [status] : STATUSES).map((s) => `status = ${param(s)}`);
  return branches.map((branch) => branch + matches);
}

/** The statement reading one page of the staff list (exported for the query-plan test). */
export function applicationPageSql(filter: ApplicationListFilter, cursor: CreatedCursor | null, limit: number): BuiltStatement {
  const { values, param } = numberedParams();
  const branches = listBranches(filter, param);
  // The amounts received and refunded are summed for the page's rows only.
  const sql = newestFirstPage("applications", branches, cursor, limit, param, `page.*, ${received("page")} AS received_pence, ${refunded("page")} AS refunded_pence`);
  return { sql, values };
}

/** The statement counting the list's rows up to `cap` per branch (exported for the query-plan test). */
export function applicationCountSql(filter: ApplicationListFilter, cap: number): BuiltStatement & { branches: number } {
  const { values, param } = numberedParams();
  const branches = listBranches(filter, param);
  return { sql: cappedCounts("applications", branches, cap, param), values, branches: branches.length };
}

export function createApplicationStore(db: D1Database): ApplicationStore {
  /** The audit entry, written only if the statement just before it changed a row. */
  const auditInsert = (audit: StaffAudit, applicationId: string) =>
    db
      .prepare("INSERT INTO staff_audit_log (staff_email, action, application_id, details) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1")
      .bind(audit.staffEmail, audit.action, applicationId, JSON.stringify(audit.details));

  const one = async (sql: string, ...params: unknown[]) => {
    const row = await db.prepare(sql).bind(...params).first<ApplicationRow>();
    return row ? toApplication(row) : null;
  };
  return {
    async create(a, then = [], codeCaps = { maxRedemptions: null, maxPerUser: null }) {
      const discount = a.discount ?? null;
      const reserve = discount
        ? [reserveApplicationRedemption(db, { applicationId: a.id, idempotencyKey: a.idempotencyKey, code: discount.code, userId: a.userId, caps: codeCaps })]
        : [];
      const insert = db
        .prepare(
          `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug,
             membership_title, payment_method, amount_due_pence, status, details, vat_treatment, billing, discount, joining_fee_pence, vetting, direct_debit)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'awaiting_payment', ?12, ?13, ?14, ?15, ?17, ?18, ?19
           WHERE ?16 = 0 OR ${reservedFor("?1")}
           ON CONFLICT (idempotency_key) DO NOTHING`,
        )
        .bind(
          a.id, a.idempotencyKey, a.reference, a.userId, a.email, a.givenName, a.familyName, a.membershipSlug, a.membershipTitle,
          a.paymentMethod, a.amountDuePence, JSON.stringify(a.details), a.vatTreatment, billingColumn(a.billing),
          discount ? JSON.stringify(discount) : null, discount ? 1 : 0, a.joiningFeePence ?? null, a.vetting ?? null, a.directDebit ?? null,
        );
      // The record is (re)pointed at this application only if the insert above happened.
      const member = db
        .prepare(
          `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method)
           SELECT ?1, ?2, ?3, ?4, ?5, 'awaiting_payment', ?6 WHERE EXISTS (SELECT 1 FROM applications WHERE id = ?3)
           ON CONFLICT (user_id) DO UPDATE SET application_id = excluded.application_id, membership_slug = excluded.membership_slug,
             membership_title = excluded.membership_title, payment_method = excluded.payment_method, email = excluded.email,
             status = CASE WHEN memberships.status = 'active' THEN 'active' ELSE 'awaiting_payment' END, updated_at = ${NOW}`,
        )
        .bind(a.userId, a.email, a.id, a.membershipSlug, a.membershipTitle, a.paymentMethod);
      const results = await db.batch([...reserve, insert, member, ...then]);
      const inserted = results[reserve.length];
      return (inserted?.meta.changes ?? 0) > 0;
    },
    byIdempotencyKey: (key) => one("SELECT * FROM applications WHERE idempotency_key = ?1", key),
    byId: (id) => one("SELECT * FROM applications WHERE id = ?1", id),
    latestForUser: (userId) => one("SELECT * FROM applications WHERE user_id = ?1 AND kind = 'join' ORDER BY created_at DESC LIMIT 1", userId),
    async lastBilling(userId) {
      const row = await db
        .prepare("SELECT billing FROM applications WHERE user_id = ?1 AND kind IN ('join', 'renewal') ORDER BY created_at DESC, rowid DESC LIMIT 1")
        .bind(userId)
        .first<{ billing: string | null }>();
      return parseBilling(row?.billing ?? null);
    },
    async list({ limit, cursor = null, ...filter }) {
      const { sql, values } = applicationPageSql(filter, cursor, limit);
      const { results } = await db.prepare(sql).bind(...values).all<ApplicationRow & { received_pence: number; refunded_pence: number }>();
      return results.map((row) => ({ ...toApplication(row), receivedPence: row.received_pence, refundedPence: row.refunded_pence }));
    },
    async refundedPence(applicationId) {
      const row = await db
        .prepare("SELECT COALESCE(SUM(amount_pence), 0) AS pence FROM refunds WHERE source = 'membership' AND application_id = ?1")
        .bind(applicationId)
        .first<{ pence: number }>();
      return row?.pence ?? 0;
    },
    async count(filter, cap) {
      const { sql, values, branches } = applicationCountSql(filter, cap);
      return sumCounts(await db.prepare(sql).bind(...values).first<Record<string, number>>(), branches);
    },
    async payments(applicationId) {
      const { results } = await db
        .prepare("SELECT * FROM payments WHERE application_id = ?1 ORDER BY received_on, created_at")
        .bind(applicationId)
        .all<{ id: string; application_id: string; method: PaymentMethod; amount_pence: number; received_on: string; reference: string; recorded_by: string; created_at: string }>();
      return results.map((r) => ({
        id: r.id,
        applicationId: r.application_id,
        method: r.method,
        amountPence: r.amount_pence,
        receivedOn: r.received_on,
        reference: r.reference,
        recordedBy: r.recorded_by,
        createdAt: r.created_at,
      }));
    },
    async recordPayment(application, payment, periodEnd, audit, then = []) {
      // Each statement after the first runs only if the one before it changed a row (changes()),
      // so a payment, its audit entry and the activation follow only a successful claim.
      const [claim] = await db.batch([
        // An application awaiting staff's approval cannot be paid (docs/decisions/0056).
        db
          .prepare(`UPDATE applications SET status = 'paid', updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment' AND (vetting IS NULL OR vetting = 'approved')`)
          .bind(application.id),
        db
          .prepare(
            `INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE changes() = 1`,
          )
          .bind(payment.id, application.id, application.userId, payment.method, payment.amountPence, payment.receivedOn, payment.reference, payment.recordedBy),
        auditInsert(audit, application.id),
        db
          .prepare(
            `UPDATE memberships SET status = 'active', period_start = ?2, period_end = ?3, application_id = ?4, ends_on = NULL, updated_at = ${NOW}
             WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM payments WHERE id = ?5)`,
          )
          .bind(application.userId, payment.receivedOn, periodEnd, application.id, payment.id),
        ...then,
      ]);
      return (claim?.meta.changes ?? 0) === 1;
    },
    async setPaymentMethod(application, method, directDebit = null) {
      // Never while a Direct Debit's collection is under way: the bank may yet pay it.
      const [changed] = await db.batch([
        db
          .prepare(
            `UPDATE applications SET payment_method = ?2, direct_debit = ?3, direct_debit_state = NULL, updated_at = ${NOW}
             WHERE id = ?1 AND status = 'awaiting_payment' AND direct_debit_state IS NOT 'pending'`,
          )
          .bind(application.id, method, method === "card" ? directDebit : null),
        db
          .prepare(`UPDATE memberships SET payment_method = ?3, updated_at = ${NOW} WHERE user_id = ?1 AND application_id = ?2 AND status = 'awaiting_payment' AND changes() = 1`)
          .bind(application.userId, application.id, method),
      ]);
      return (changed?.meta.changes ?? 0) === 1;
    },
    async reject(application, reason, audit, then = []) {
      const [claim] = await db.batch([
        db
          .prepare(
            `UPDATE applications SET status = 'rejected', rejected_reason = ?2, vetting = CASE WHEN vetting IS NULL THEN NULL ELSE 'rejected' END, updated_at = ${NOW}
             WHERE id = ?1 AND status = 'awaiting_payment'`,
          )
          .bind(application.id, reason),
        auditInsert(audit, application.id),
        db
          .prepare(
            `UPDATE memberships SET status = 'cancelled', updated_at = ${NOW}
             WHERE user_id = ?1 AND application_id = ?2 AND status = 'awaiting_payment'
               AND EXISTS (SELECT 1 FROM applications WHERE id = ?2 AND status = 'rejected')`,
          )
          .bind(application.userId, application.id),
        ...then,
      ]);
      return (claim?.meta.changes ?? 0) === 1;
    },
  };
}
