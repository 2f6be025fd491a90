/**
 * Changes of membership type and offline renewals in D1 (migrations/0011_membership_year.sql).
 * Each change is one batch whose first statement claims it (the change row, inserted only while
 * the record is still the active membership the member changed from, and only once per form):
 * every statement after it runs only if the claim did, so a double submit, a stale form or two
 * tabs at once change nothing twice.
 */
import type { Application, PaymentMethod, StaffAudit } from "../../domain/membership";
import type { ChangeDirection, ChangeStatus, MembershipChange, MembershipType } from "../../domain/membership-lifecycle";
import { toApplication, type ApplicationRow } from "./applications";
import { billingColumn } from "./billing-column";

/** An application this store makes: a renewal, or an offline upgrade's amount due. */
/** A renewal may be made out to an organisation (its billing details, as a join's); a change never is: its documents name the member. */
export type NewYearApplication = Omit<Application, "status" | "rejectedReason" | "createdAt" | "updatedAt"> & { kind: "renewal" | "change" };

export interface NewChange {
  /** The change form's idempotency key. */
  id: string;
  userId: string;
  from: MembershipType;
  to: MembershipType;
  direction: ChangeDirection;
  paymentMethod: PaymentMethod;
  amountPence: number;
  stripeInvoiceId: string | null;
}

export interface ReceivedPayment {
  id: string;
  amountPence: number;
  receivedOn: string;
  reference: string;
  recordedBy: string;
}

/** What the next renewal costs once a change is made: its type and price (for a renewal awaiting payment). */
export interface RenewalPrice {
  slug: string;
  title: string;
  pence: number;
}

export interface MembershipChangeStore {
  /** The user's changes, newest first. */
  forUser(userId: string): Promise<MembershipChange[]>;
  /** The change an offline upgrade's amount-due application belongs to. */
  forApplication(applicationId: string): Promise<MembershipChange | null>;
  /** The user's renewal and change applications still awaiting payment, newest first. */
  openApplications(userId: string): Promise<Application[]>;
  /**
   * Stores a renewal application (idempotency key: one per user and period end), only while the
   * record is active, renewed by hand and still ends at `periodEnd`, with `then` (its pro-forma
   * invoice, conditional on it) in the same batch. False when it stored nothing.
   */
  requestRenewal(application: NewYearApplication, periodEnd: string, then?: readonly D1PreparedStatement[]): Promise<boolean>;
  /**
   * An upgrade or sideways change, in effect now: the change, its amount due (offline, when
   * there is one), the record's new type (any scheduled downgrade dropped) and the price of a
   * renewal awaiting payment. False when it was not made (stale record or a repeated form).
   */
  applyNow(change: NewChange, amountDue: NewYearApplication | null, renewal: RenewalPrice): Promise<boolean>;
  /**
   * An offline upgrade with an amount due: the change, waiting for its payment, and its amount due
   * (an application of kind "change"). The record keeps the type in force until staff record the
   * payment (recordChangePayment). False when it was not made (stale record or a repeated form).
   */
  requestUpgrade(change: NewChange, amountDue: NewYearApplication): Promise<boolean>;
  /** A downgrade, waiting for the next renewal (replacing any scheduled before). False when not made. */
  schedule(change: NewChange, renewal: RenewalPrice): Promise<boolean>;
  /** Drops the user's scheduled downgrade (they keep their membership). False when none was scheduled. */
  withdrawScheduled(userId: string, renewal: RenewalPrice): Promise<boolean>;
  /**
   * Staff record a renewal's payment: the application paid, the payment, the audit entry, the
   * record's new period, and a downgrade that was waiting for it, in one batch, once; `then`
   * (the member's receipt e-mail) ends the batch.
   */
  recordRenewalPayment(
    application: Application,
    payment: ReceivedPayment,
    period: { start: string; end: string },
    audit: StaffAudit,
    then?: readonly D1PreparedStatement[],
  ): Promise<boolean>;
  /**
   * A renewal paid by card (Stripe Checkout, one payment): the payment stored under Stripe's id
   * (a replay inserts nothing), and only when this batch stored it, the application paid and the
   * record's new period and the downgrade waiting for it; `then` (receipt and e-mail) ends the
   * batch. "recorded" the first time; "already" when the payment was stored before.
   */
  recordRenewalCardPayment(
    application: Application,
    payment: ReceivedPayment,
    period: { start: string; end: string },
    then?: readonly D1PreparedStatement[],
  ): Promise<"recorded" | "already">;
  /**
   * A card payment that does not settle the renewal (another amount than is due): stored under
   * Stripe's id against the application, and nothing else; the application still awaits payment.
   * "recorded" the first time; "already" when the payment was stored before.
   */
  keepUnmatchedCardPayment(application: Application, payment: ReceivedPayment): Promise<"recorded" | "already">;
  /**
   * Staff record an upgrade's amount due as paid (with the payment and audit entry), once. An
   * upgrade waiting for it takes effect in the same batch: the record moves to the new type (if
   * it is still the active membership the member changed from), a scheduled downgrade gives way,
   * and a renewal awaiting payment is repriced to `renewal` (null: left as it is).
   */
  recordChangePayment(application: Application, payment: ReceivedPayment, audit: StaffAudit, renewal: RenewalPrice | null): Promise<boolean>;
  /**
   * Staff close an upgrade's unpaid amount due: the application is rejected with the reason, the
   * change reverted and the record back on the type it came from (if it is still on the new one).
   */
  rejectChange(application: Application, change: MembershipChange, reason: string, audit: StaffAudit): Promise<boolean>;
}

export interface ChangeRow {
  id: string;
  user_id: string;
  from_slug: string;
  from_title: string;
  to_slug: string;
  to_title: string;
  direction: ChangeDirection;
  payment_method: PaymentMethod;
  amount_pence: number;
  status: ChangeStatus;
  effective_on: string;
  application_id: string | null;
  stripe_invoice_id: string | null;
  created_at: string;
}

export const toChange = (r: ChangeRow): MembershipChange => ({
  id: r.id,
  userId: r.user_id,
  from: { slug: r.from_slug, title: r.from_title },
  to: { slug: r.to_slug, title: r.to_title },
  direction: r.direction,
  paymentMethod: r.payment_method,
  amountPence: r.amount_pence,
  status: r.status,
  effectiveOn: r.effective_on,
  applicationId: r.application_id,
  stripeInvoiceId: r.stripe_invoice_id,
  createdAt: r.created_at,
});

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * `+status` keeps SQLite from reading memberships through the status index: for everyone (the
 * daily job) that is every active member, while the partial index `memberships_next_change`
 * holds only the few with a schedule, which is all this can apply to.
 */
const due = (m: string) => `+${m}status = 'active' AND ${m}period_start IS NOT NULL AND julianday(${m}period_start) >= julianday(${m}next_change_on)`;

/**
 * The schedule upkeep's four statements, for one user (`?1`, every webhook and renewal: each a
 * lookup by key) or for everyone (the daily job: on the indexes of what has a schedule). Two
 * separate sets, not one with `?1 IS NULL OR user_id = ?1`, which SQLite can only answer by
 * reading every row.
 */
const upkeepStatements = (forUser: boolean): readonly string[] => {
  const user = forUser ? " AND user_id = ?1" : "";
  return [
    `UPDATE memberships SET next_membership_slug = NULL, next_membership_title = NULL, next_change_on = NULL, updated_at = ${NOW}
     WHERE status <> 'active' AND next_membership_slug IS NOT NULL${user}`,
    `UPDATE membership_changes SET status = 'withdrawn', updated_at = ${NOW}
     WHERE status = 'scheduled'${user}
       AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = membership_changes.user_id AND m.next_membership_slug IS NOT NULL)`,
    `UPDATE membership_changes SET status = 'applied', updated_at = ${NOW}
     WHERE status = 'scheduled'${user}
       AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = membership_changes.user_id AND m.next_membership_slug = membership_changes.to_slug AND ${due("m.")})`,
    `UPDATE memberships SET membership_slug = next_membership_slug, membership_title = next_membership_title,
       next_membership_slug = NULL, next_membership_title = NULL, next_change_on = NULL, updated_at = ${NOW}
     WHERE next_membership_slug IS NOT NULL${user} AND ${due("")}`,
  ];
};

/** Exported for the query-plan test: these run in every Stripe subscription and invoice webhook. */
export const SCHEDULE_UPKEEP_FOR_USER_SQL = upkeepStatements(true);
/** Exported for the query-plan test: the daily job's, which must read only what has a schedule. */
export const SCHEDULE_UPKEEP_FOR_EVERYONE_SQL = upkeepStatements(false);

/**
 * Keeps scheduled downgrades right for one user (or everyone, `userId` null): a record no longer
 * active drops its schedule (lapsed or cancelled: a rejoin starts afresh), and a schedule whose
 * renewal has come (a period starts on or after it) takes effect. Put in any batch that changes
 * a record's status or period; the daily job runs it for everyone.
 */
export function scheduleUpkeep(db: D1Database, userId: string | null): D1PreparedStatement[] {
  return userId === null ? SCHEDULE_UPKEEP_FOR_EVERYONE_SQL.map((sql) => db.prepare(sql)) : SCHEDULE_UPKEEP_FOR_USER_SQL.map((sql) => db.prepare(sql).bind(userId));
}

export function createMembershipChangeStore(db: D1Database): MembershipChangeStore {
  /** `where`'s own parameters are numbered from ?16 (the row takes ?1 to ?15). */
  const insertApplication = (a: NewYearApplication, where: string, ...whereParams: unknown[]) =>
    db
      .prepare(
        `INSERT INTO applications (id, kind, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug,
           membership_title, payment_method, amount_due_pence, status, details, vat_treatment, billing)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'awaiting_payment', ?13, ?14, ?15 WHERE ${where}
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(
        a.id, a.kind, a.idempotencyKey, a.reference, a.userId, a.email, a.givenName, a.familyName, a.membershipSlug, a.membershipTitle, a.paymentMethod,
        a.amountDuePence, JSON.stringify(a.details), a.vatTreatment, billingColumn(a.billing), ...whereParams,
      );

  /** The change row, inserted only while the record is the active membership it changes from (once per id). */
  const insertChange = (c: NewChange, status: ChangeStatus, applicationId: string | null) =>
    db
      .prepare(
        `INSERT INTO membership_changes (id, user_id, from_slug, from_title, to_slug, to_title, direction, payment_method, amount_pence, status,
           effective_on, application_id, stripe_invoice_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, CASE ?10 WHEN 'scheduled' THEN m.period_end ELSE ${NOW} END, ?11, ?12
         FROM memberships m WHERE m.user_id = ?2 AND m.membership_slug = ?3 AND m.status = 'active' AND (?10 <> 'scheduled' OR m.period_end IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM membership_changes w WHERE w.user_id = ?2 AND w.status = 'awaiting_payment')
         ON CONFLICT (id) DO NOTHING`,
      )
      .bind(c.id, c.userId, c.from.slug, c.from.title, c.to.slug, c.to.title, c.direction, c.paymentMethod, c.amountPence, status, applicationId, c.stripeInvoiceId);

  /** Scheduled changes older than this one give way to it. */
  const withdrawOlder = (changeId: string, userId: string) =>
    db
      .prepare(
        `UPDATE membership_changes SET status = 'withdrawn', updated_at = ${NOW}
         WHERE user_id = ?1 AND status = 'scheduled' AND id <> ?2 AND created_at <= (SELECT created_at FROM membership_changes WHERE id = ?2)`,
      )
      .bind(userId, changeId);

  /** A renewal awaiting payment is for the type the record renews into, at its price. */
  const repriceRenewal = (userId: string, renewal: RenewalPrice) =>
    db
      .prepare(
        `UPDATE applications SET membership_slug = ?2, membership_title = ?3, amount_due_pence = ?4, updated_at = ${NOW}
         WHERE user_id = ?1 AND kind = 'renewal' AND status = 'awaiting_payment'
           AND EXISTS (SELECT 1 FROM memberships WHERE user_id = ?1 AND COALESCE(next_membership_slug, membership_slug) = ?2)`,
      )
      .bind(userId, renewal.slug, renewal.title, renewal.pence);

  const insertCardPayment = (application: Application, p: ReceivedPayment) =>
    db
      .prepare(
        `INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
         VALUES (?1, ?2, ?3, 'card', ?4, ?5, ?6, ?7) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(p.id, application.id, application.userId, p.amountPence, p.receivedOn, p.reference, p.recordedBy);

  const payApplication = (application: Application, kind: "renewal" | "change") =>
    db.prepare(`UPDATE applications SET status = 'paid', updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment' AND kind = ?2`).bind(application.id, kind);
  const insertPayment = (application: Application, p: ReceivedPayment) =>
    db
      .prepare(
        `INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
         SELECT ?1, ?2, ?3, 'offline', ?4, ?5, ?6, ?7 WHERE changes() = 1`,
      )
      .bind(p.id, application.id, application.userId, p.amountPence, p.receivedOn, p.reference, p.recordedBy);
  const audit = (entry: StaffAudit, applicationId: string) =>
    db
      .prepare("INSERT INTO staff_audit_log (staff_email, action, application_id, details) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1")
      .bind(entry.staffEmail, entry.action, applicationId, JSON.stringify(entry.details));

  const claimed = (results: D1Result[], index = 0) => (results[index]?.meta.changes ?? 0) > 0;

  return {
    async forUser(userId) {
      const { results } = await db.prepare("SELECT * FROM membership_changes WHERE user_id = ?1 ORDER BY created_at DESC").bind(userId).all<ChangeRow>();
      return results.map(toChange);
    },
    async forApplication(applicationId) {
      const row = await db.prepare("SELECT * FROM membership_changes WHERE application_id = ?1").bind(applicationId).first<ChangeRow>();
      return row ? toChange(row) : null;
    },
    async openApplications(userId) {
      const { results } = await db
        .prepare("SELECT * FROM applications WHERE user_id = ?1 AND kind IN ('renewal', 'change') AND status = 'awaiting_payment' ORDER BY created_at DESC")
        .bind(userId)
        .all<ApplicationRow>();
      return results.map(toApplication);
    },
    async requestRenewal(application, periodEnd, then = []) {
      const [result] = await db.batch([
        insertApplication(
          application,
          // Renewed by hand (src/shared/renewal-way.ts): offline, or card without a live subscription.
          `EXISTS (SELECT 1 FROM memberships WHERE user_id = ?16 AND status = 'active' AND period_end = ?17
             AND (payment_method = 'offline' OR stripe_subscription_id IS NULL OR billing_status IN ('canceled', 'incomplete_expired')))`,
          application.userId,
          periodEnd,
        ),
        ...then,
      ]);
      return (result?.meta.changes ?? 0) > 0;
    },
    async applyNow(change, amountDue, renewal) {
      const statements = [
        insertChange(change, "applied", amountDue?.id ?? null),
        db
          .prepare(
            `UPDATE memberships SET membership_slug = ?2, membership_title = ?3, next_membership_slug = NULL, next_membership_title = NULL,
               next_change_on = NULL, updated_at = ${NOW}
             WHERE user_id = ?1 AND changes() = 1`,
          )
          .bind(change.userId, change.to.slug, change.to.title),
        // Only after the record changed: the amount due for this very change (its key is the change's).
        ...(amountDue ? [insertApplication(amountDue, "changes() = 1")] : []),
        withdrawOlder(change.id, change.userId),
        repriceRenewal(change.userId, renewal),
      ];
      return claimed(await db.batch(statements));
    },
    async requestUpgrade(change, amountDue) {
      const results = await db.batch([
        insertChange(change, "awaiting_payment", amountDue.id),
        // Only after the change was claimed: its amount due (its key is the change's).
        insertApplication(amountDue, "changes() = 1"),
      ]);
      return claimed(results);
    },
    async schedule(change, renewal) {
      const results = await db.batch([
        insertChange(change, "scheduled", null),
        db
          .prepare(
            `UPDATE memberships SET next_membership_slug = ?2, next_membership_title = ?3, next_change_on = period_end, updated_at = ${NOW}
             WHERE user_id = ?1 AND changes() = 1`,
          )
          .bind(change.userId, change.to.slug, change.to.title),
        withdrawOlder(change.id, change.userId),
        repriceRenewal(change.userId, renewal),
      ]);
      return claimed(results);
    },
    async withdrawScheduled(userId, renewal) {
      const results = await db.batch([
        db.prepare(`UPDATE membership_changes SET status = 'withdrawn', updated_at = ${NOW} WHERE user_id = ?1 AND status = 'scheduled'`).bind(userId),
        db
          .prepare(
            `UPDATE memberships SET next_membership_slug = NULL, next_membership_title = NULL, next_change_on = NULL, updated_at = ${NOW}
             WHERE user_id = ?1 AND next_membership_slug IS NOT NULL`,
          )
          .bind(userId),
        repriceRenewal(userId, renewal),
      ]);
      return claimed(results) || claimed(results, 1);
    },
    async recordRenewalPayment(application, payment, period, entry, then = []) {
      const results = await db.batch([
        payApplication(application, "renewal"),
        insertPayment(application, payment),
        audit(entry, application.id),
        db
          .prepare(
            `UPDATE memberships SET status = 'active', period_start = ?2, period_end = ?3, ends_on = NULL, updated_at = ${NOW}
             WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM payments WHERE id = ?4)`,
          )
          .bind(application.userId, period.start, period.end, payment.id),
        ...scheduleUpkeep(db, application.userId),
        ...then,
      ]);
      return claimed(results);
    },
    async recordRenewalCardPayment(application, p, period, then = []) {
      const results = await db.batch([
        insertCardPayment(application, p),
        db
          .prepare(`UPDATE applications SET status = 'paid', updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment' AND kind = 'renewal' AND changes() = 1`)
          .bind(application.id),
        db
          .prepare(`UPDATE memberships SET status = 'active', period_start = ?2, period_end = ?3, ends_on = NULL, updated_at = ${NOW} WHERE user_id = ?1 AND changes() = 1`)
          .bind(application.userId, period.start, period.end),
        ...scheduleUpkeep(db, application.userId),
        ...then,
      ]);
      return claimed(results) ? "recorded" : "already";
    },
    async keepUnmatchedCardPayment(application, p) {
      return ((await insertCardPayment(application, p).run()).meta.changes ?? 0) > 0 ? "recorded" : "already";
    },
    async recordChangePayment(application, payment, entry, renewal) {
      // The upgrade waiting for this amount due, if there is one (an upgrade asked before it waited for payment is in effect already).
      const waiting = (column: string) => `(SELECT ${column} FROM membership_changes WHERE application_id = ?2 AND status = 'awaiting_payment')`;
      const paid = "EXISTS (SELECT 1 FROM payments WHERE id = ?3)";
      const results = await db.batch([
        payApplication(application, "change"),
        insertPayment(application, payment),
        audit(entry, application.id),
        db
          .prepare(
            `UPDATE memberships SET membership_slug = ${waiting("to_slug")}, membership_title = ${waiting("to_title")},
               next_membership_slug = NULL, next_membership_title = NULL, next_change_on = NULL, updated_at = ${NOW}
             WHERE user_id = ?1 AND status = 'active' AND membership_slug = ${waiting("from_slug")} AND ${paid}`,
          )
          .bind(application.userId, application.id, payment.id),
        db
          .prepare(`UPDATE membership_changes SET status = 'applied', effective_on = ${NOW}, updated_at = ${NOW} WHERE application_id = ?2 AND status = 'awaiting_payment' AND ?1 IS NOT NULL AND ${paid}`)
          .bind(application.userId, application.id, payment.id),
        // A downgrade scheduled before gives way, as it does to an upgrade in effect at once.
        db
          .prepare(
            `UPDATE membership_changes SET status = 'withdrawn', updated_at = ${NOW}
             WHERE user_id = ?1 AND status = 'scheduled' AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = ?1 AND next_membership_slug IS NOT NULL)`,
          )
          .bind(application.userId),
        ...(renewal ? [repriceRenewal(application.userId, renewal)] : []),
      ]);
      return claimed(results);
    },
    async rejectChange(application, change, reason, entry) {
      const results = await db.batch([
        db
          .prepare(`UPDATE applications SET status = 'rejected', rejected_reason = ?2, updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment' AND kind = 'change'`)
          .bind(application.id, reason),
        audit(entry, application.id),
        db
          .prepare(
            `UPDATE membership_changes SET status = 'reverted', updated_at = ${NOW}
             WHERE id = ?1 AND status IN ('applied', 'awaiting_payment') AND EXISTS (SELECT 1 FROM applications WHERE id = ?2 AND status = 'rejected')`,
          )
          .bind(change.id, application.id),
        db
          .prepare(`UPDATE memberships SET membership_slug = ?2, membership_title = ?3, updated_at = ${NOW} WHERE user_id = ?1 AND membership_slug = ?4 AND changes() = 1`)
          .bind(change.userId, change.from.slug, change.from.title, change.to.slug),
      ]);
      return claimed(results);
    },
  };
}
