/**
 * What card payments write to D1 (migrations/0005_stripe.sql): card payments received, the
 * membership's Stripe subscription state, the Checkout session opened for an application, and
 * the webhook events already handled. Every write is idempotent: replaying it changes nothing.
 */
import type { ApplicationStatus } from "../../domain/membership";
import type { MembershipStatus } from "../../domain/membership";
import { scheduleUpkeep } from "./membership-changes";

export interface CardPayment {
  /** Stripe's id for the money (the invoice, or the Checkout session for one-off payments): a replay inserts nothing. */
  id: string;
  applicationId: string;
  userId: string;
  amountPence: number;
  /** YYYY-MM-DD */
  receivedOn: string;
  reference: string;
}

export interface SubscriptionState {
  userId: string;
  /** The application the subscription was started for (its metadata), when known. */
  applicationId: string | null;
  /** Null keeps the stored customer. */
  customerId: string | null;
  subscriptionId: string;
  billingStatus: string;
  /** Null keeps the stored status (a subscription status we do not know never ends a membership). */
  status: MembershipStatus | null;
  /** ISO instants; null leaves the stored period as it is (a failed renewal does not extend it). */
  periodStart: string | null;
  periodEnd: string | null;
  /**
   * A yearly renewal the bank is collecting by Direct Debit (services/payments/renewal-debit.ts):
   * the invoice and when Stripe raised it; null when none is (paid, refused, or a card).
   */
  renewalDebit: { invoiceId: string; since: string } | null;
}

/** A card-paid member as a notice addresses them: their record, and the name on its application. */
export interface MemberContact {
  userId: string;
  email: string;
  givenName: string;
  membershipTitle: string;
  /** The end of the last paid period. */
  periodEnd: string;
}

export interface CardBillingStore {
  /**
   * Stores the payment (once) and marks its application paid if it was awaiting payment, then
   * `then` (its receipt and e-mail), in one batch. Money that arrives for a rejected application
   * is stored all the same (it was taken), and the application stays rejected.
   */
  recordPayment(payment: CardPayment, then?: readonly D1PreparedStatement[]): Promise<void>;
  /**
   * A Direct Debit's mandate is in and its first collection under way (a completed Checkout
   * session the bank has yet to pay): the application, if still awaiting payment through this
   * session (the latest it opened, so a replayed event about an earlier one changes nothing),
   * reads "pending". Nothing is activated or receipted. Returns whether it changed.
   */
  markDebitPending(applicationId: string, sessionId: string): Promise<boolean>;
  /**
   * The bank did not pay the Direct Debit of this session: the application, still awaiting
   * payment, reads "failed", then `then` (the applicant's e-mail), in one batch. Returns whether it changed.
   */
  markDebitFailed(applicationId: string, sessionId: string, then?: readonly D1PreparedStatement[]): Promise<boolean>;
  /** Marks the application paid if it was awaiting payment, for a Checkout that had nothing to charge; then `then`. */
  markPaidWithoutPayment(applicationId: string, then?: readonly D1PreparedStatement[]): Promise<void>;
  /**
   * Brings the user's membership record in line with the subscription as Stripe has it now,
   * if the record is this subscription's: the one it names, or the application it was started
   * for once that application is paid (a late event about an older subscription never touches
   * a newer membership, and a subscription for an application that was never paid — rejected,
   * say — never activates anything). `then` (a notice) follows in the same batch.
   */
  applySubscription(state: SubscriptionState, then?: readonly D1PreparedStatement[]): Promise<void>;
  /** The member to tell about their card payment; null without a record that has had a paid period. */
  memberContact(userId: string): Promise<MemberContact | null>;
  /** The application's status now; null when there is no such application. */
  applicationStatus(applicationId: string): Promise<ApplicationStatus | null>;
  /** The user whose membership this subscription pays for, if we know it. */
  userForSubscription(subscriptionId: string): Promise<string | null>;
  /** The day the membership this subscription pays for is set to end without renewing (staff's decision); null when it renews. */
  scheduledEnd(subscriptionId: string): Promise<string | null>;
  setCheckoutSession(applicationId: string, sessionId: string): Promise<void>;
  checkoutSession(applicationId: string): Promise<string | null>;
  wasHandled(eventId: string): Promise<boolean>;
  markHandled(event: { id: string; type: string; created: number }): Promise<void>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createCardBillingStore(db: D1Database): CardBillingStore {
  return {
    async recordPayment(p, then = []) {
      await db.batch([
        db
          .prepare(
            `INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
             VALUES (?1, ?2, ?3, 'card', ?4, ?5, ?6, 'stripe') ON CONFLICT (id) DO NOTHING`,
          )
          .bind(p.id, p.applicationId, p.userId, p.amountPence, p.receivedOn, p.reference),
        db.prepare(`UPDATE applications SET status = 'paid', updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment'`).bind(p.applicationId),
        ...then,
      ]);
    },
    async markDebitPending(applicationId, sessionId) {
      const result = await db
        .prepare(
          `UPDATE applications SET direct_debit_state = 'pending', updated_at = ${NOW}
           WHERE id = ?1 AND status = 'awaiting_payment' AND checkout_session_id = ?2 AND direct_debit_state IS NULL`,
        )
        .bind(applicationId, sessionId)
        .run();
      return result.meta.changes === 1;
    },
    async markDebitFailed(applicationId, sessionId, then = []) {
      const [result] = await db.batch([
        db
          .prepare(
            `UPDATE applications SET direct_debit_state = 'failed', updated_at = ${NOW}
             WHERE id = ?1 AND status = 'awaiting_payment' AND checkout_session_id = ?2 AND direct_debit_state IS NOT 'failed'`,
          )
          .bind(applicationId, sessionId),
        ...then,
      ]);
      return (result?.meta.changes ?? 0) === 1;
    },
    async markPaidWithoutPayment(applicationId, then = []) {
      await db.batch([db.prepare(`UPDATE applications SET status = 'paid', updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment'`).bind(applicationId), ...then]);
    },
    async applySubscription(s, then = []) {
      // With it, the record's scheduled downgrade: applied once a renewal starts a new period,
      // dropped when the subscription ends the membership (membership-changes.ts). A new
      // subscription (a fresh join) clears an end chosen for the membership before it.
      await db.batch([
        db
        .prepare(
          `UPDATE memberships SET status = COALESCE(?2, status), payment_method = 'card', stripe_customer_id = COALESCE(?3, stripe_customer_id), stripe_subscription_id = ?4,
             billing_status = ?5, period_start = COALESCE(?6, period_start), period_end = COALESCE(?7, period_end),
             renewal_debit_invoice = ?9,
             renewal_debit_since = CASE WHEN ?9 IS NULL THEN NULL WHEN renewal_debit_invoice IS ?9 THEN renewal_debit_since ELSE ?10 END,
             ends_on = CASE WHEN stripe_subscription_id IS ?4 THEN ends_on END, updated_at = ${NOW}
           WHERE user_id = ?1 AND (stripe_subscription_id = ?4
             OR (?8 IS NOT NULL AND application_id = ?8 AND EXISTS (SELECT 1 FROM applications WHERE id = ?8 AND status = 'paid')))`,
        )
        .bind(s.userId, s.status, s.customerId, s.subscriptionId, s.billingStatus, s.periodStart, s.periodEnd, s.applicationId, s.renewalDebit?.invoiceId ?? null, s.renewalDebit?.since ?? null),
        ...scheduleUpkeep(db, s.userId),
        ...then,
      ]);
    },
    async memberContact(userId) {
      const row = await db
        .prepare(
          `SELECT m.user_id, m.email, m.membership_title, m.period_end, a.given_name
           FROM memberships m LEFT JOIN applications a ON a.id = m.application_id
           WHERE m.user_id = ?1 AND m.period_end IS NOT NULL`,
        )
        .bind(userId)
        .first<{ user_id: string; email: string; membership_title: string; period_end: string; given_name: string | null }>();
      return row
        ? { userId: row.user_id, email: row.email, givenName: row.given_name ?? "member", membershipTitle: row.membership_title, periodEnd: row.period_end }
        : null;
    },
    async applicationStatus(applicationId) {
      const row = await db.prepare("SELECT status FROM applications WHERE id = ?1").bind(applicationId).first<{ status: ApplicationStatus }>();
      return row?.status ?? null;
    },
    async userForSubscription(subscriptionId) {
      const row = await db.prepare("SELECT user_id FROM memberships WHERE stripe_subscription_id = ?1").bind(subscriptionId).first<{ user_id: string }>();
      return row?.user_id ?? null;
    },
    async scheduledEnd(subscriptionId) {
      const row = await db.prepare("SELECT ends_on FROM memberships WHERE stripe_subscription_id = ?1").bind(subscriptionId).first<{ ends_on: string | null }>();
      return row?.ends_on ?? null;
    },
    async setCheckoutSession(applicationId, sessionId) {
      await db.prepare(`UPDATE applications SET checkout_session_id = ?2, updated_at = ${NOW} WHERE id = ?1`).bind(applicationId, sessionId).run();
    },
    async checkoutSession(applicationId) {
      const row = await db.prepare("SELECT checkout_session_id FROM applications WHERE id = ?1").bind(applicationId).first<{ checkout_session_id: string | null }>();
      return row?.checkout_session_id ?? null;
    },
    async wasHandled(eventId) {
      return (await db.prepare("SELECT 1 AS handled FROM stripe_events WHERE id = ?1").bind(eventId).first()) !== null;
    },
    async markHandled(event) {
      await db
        .prepare("INSERT INTO stripe_events (id, type, stripe_created) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING")
        .bind(event.id, event.type, event.created)
        .run();
    },
  };
}
