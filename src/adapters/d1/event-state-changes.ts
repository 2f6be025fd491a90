/**
 * Staff's cancelling or postponing of a whole event in D1 (migrations/0063_event_state_changes.sql,
 * docs/decisions/0066): the state laid over the CMS's, and a cancellation's progress through the
 * orders holding places of the event, one order settled per batch so that a rerun or a retry
 * takes up exactly where the last stopped.
 */
import type { EventStateChange, SettledOrder, SettleOutcome } from "../../domain/events";
import { withdrawEventCpdOfOrder } from "./cpd";

export type { SettledOrder, SettleOutcome };

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";


/** An order still holding places of a cancelled event (held or confirmed), with what they cost. */
export interface OrderToSettle {
  orderId: string;
  reference: string;
  userId: string;
  email: string;
  status: "awaiting_payment" | "paid" | "cancelled";
  paymentMethod: "card" | "offline" | "free";
  /** The event's places in the order: what a cancellation refunds. */
  amountPence: number;
  places: number;
}


interface ChangeRow {
  event_id: string;
  state: "cancelled" | "postponed" | "reopened";
  reason: string;
  new_date_text: string | null;
  starts_at: string;
  changed_at: string;
  settled_at: string | null;
  cms_starts_at: string | null;
  new_starts_at: string | null;
  new_ends_at: string | null;
  reopened_at: string | null;
}

const toChange = (r: ChangeRow): EventStateChange => ({
  eventId: r.event_id,
  state: r.state,
  reason: r.reason,
  newDateText: r.new_date_text,
  startsAt: r.starts_at,
  changedAt: r.changed_at,
  settledAt: r.settled_at,
  newDates: r.cms_starts_at && r.new_starts_at && r.new_ends_at ? { cmsStartsAt: r.cms_starts_at, startsAt: r.new_starts_at, endsAt: r.new_ends_at } : null,
  reopenedAt: r.reopened_at,
});

export type EventStateChangeStore = ReturnType<typeof createEventStateChangeStore>;

export function createEventStateChangeStore(db: D1Database) {
  /** Statements cancelling the event's places in one order (or, with null, those in no order), and their attendees. */
  const cancelPlaces = (eventId: string, orderId: string | null): D1PreparedStatement[] => {
    const inOrder = orderId === null ? "order_id IS NULL" : "order_id = ?2";
    const bind = (s: D1PreparedStatement) => (orderId === null ? s.bind(eventId) : s.bind(eventId, orderId));
    return [
      bind(db.prepare(`UPDATE event_attendees SET status = 'cancelled' WHERE booking_id IN (SELECT id FROM event_bookings WHERE event_id = ?1 AND ${inOrder} AND status IN ('held', 'confirmed')) AND status IN ('held', 'confirmed')`)),
      bind(db.prepare(`UPDATE event_bookings SET status = 'cancelled', updated_at = ${NOW} WHERE event_id = ?1 AND ${inOrder} AND status IN ('held', 'confirmed')`)),
    ];
  };

  return {
    /** Every event staff have cancelled or postponed (a handful a year: one row each). */
    async all(): Promise<EventStateChange[]> {
      const { results } = await db.prepare("SELECT * FROM event_state_changes").all<ChangeRow>();
      return results.map(toChange);
    },

    async of(eventId: string): Promise<EventStateChange | null> {
      const row = await db.prepare("SELECT * FROM event_state_changes WHERE event_id = ?1").bind(eventId).first<ChangeRow>();
      return row ? toChange(row) : null;
    },

    /**
     * Cancels the event, in one batch with `audit` (written only when the state changed): the
     * state recorded (a postponement becomes a cancellation; a second cancellation changes
     * nothing), the waiting list closed, and places held outside any order (carts, offers)
     * released. Orders are settled one by one afterwards (settle). True when it was cancelled now.
     */
    async cancel(eventId: string, reason: string, startsAt: string, audit: D1PreparedStatement): Promise<boolean> {
      const [changed] = await db.batch([
        db
          .prepare(
            `INSERT INTO event_state_changes (event_id, state, reason, starts_at) VALUES (?1, 'cancelled', ?2, ?3)
             ON CONFLICT (event_id) DO UPDATE SET state = 'cancelled', reason = excluded.reason, new_date_text = NULL, changed_at = ${NOW}
             WHERE event_state_changes.state <> 'cancelled'`,
          )
          .bind(eventId, reason, startsAt),
        audit,
        db.prepare("UPDATE event_waitlist SET status = 'closed' WHERE event_id = ?1 AND status IN ('waiting', 'offered')").bind(eventId),
        ...cancelPlaces(eventId, null),
      ]);
      return (changed?.meta.changes ?? 0) > 0;
    },

    /**
     * Postpones the event with `audit` and `then` (the attendees' e-mails) in one batch, unless it
     * is cancelled; postponing again (or after a reopening, whose new dates stay the ones shown)
     * updates the reason, the new date's text and the start postponed from. True when recorded.
     */
    async postpone(eventId: string, change: { reason: string; newDateText: string | null; startsAt: string }, audit: D1PreparedStatement, then: readonly D1PreparedStatement[]): Promise<boolean> {
      const [changed] = await db.batch([
        db
          .prepare(
            `INSERT INTO event_state_changes (event_id, state, reason, new_date_text, starts_at) VALUES (?1, 'postponed', ?2, ?3, ?4)
             ON CONFLICT (event_id) DO UPDATE SET state = 'postponed', reason = excluded.reason, new_date_text = excluded.new_date_text, starts_at = excluded.starts_at, changed_at = ${NOW}
             WHERE event_state_changes.state IN ('postponed', 'reopened')`,
          )
          .bind(eventId, change.reason, change.newDateText, change.startsAt),
        audit,
        ...then,
      ]);
      return (changed?.meta.changes ?? 0) > 0;
    },

    /**
     * Reopens a postponed event on new dates, in one batch with `audit` (written only when it was
     * reopened now) and `then` (the attendees' e-mails, each written only while the event stands
     * reopened on this start: see `reopenedOn`). True when reopened now.
     */
    async reopen(eventId: string, dates: { cmsStartsAt: string; startsAt: string; endsAt: string }, audit: D1PreparedStatement, then: readonly D1PreparedStatement[]): Promise<boolean> {
      const [changed] = await db.batch([
        db
          .prepare(
            `UPDATE event_state_changes SET state = 'reopened', cms_starts_at = ?2, new_starts_at = ?3, new_ends_at = ?4, starts_at = ?3, reopened_at = ${NOW}, changed_at = ${NOW}
             WHERE event_id = ?1 AND state = 'postponed'`,
          )
          .bind(eventId, dates.cmsStartsAt, dates.startsAt, dates.endsAt),
        audit,
        ...then,
      ]);
      return (changed?.meta.changes ?? 0) > 0;
    },

    /** The condition for a reopening's e-mails (bound to the event and its new start): it stands. */
    reopenedOn: "SELECT 1 FROM event_state_changes WHERE event_id = ? AND state = 'reopened' AND new_starts_at = ?",

    /** The next orders still holding places of the event, by order id (the event's bookings index). */
    async ordersToSettle(eventId: string, limit: number): Promise<OrderToSettle[]> {
      const { results } = await db
        .prepare(
          `SELECT o.id AS orderId, o.reference, o.user_id AS userId, o.email, o.status, o.payment_method AS paymentMethod, b.amountPence, b.places
           FROM (SELECT order_id, SUM(total_pence) AS amountPence, SUM(places) AS places FROM event_bookings
                 WHERE event_id = ?1 AND status IN ('held', 'confirmed') AND order_id IS NOT NULL GROUP BY order_id ORDER BY order_id LIMIT ?2) b
           JOIN orders o ON o.id = b.order_id
           ORDER BY o.id`,
        )
        .bind(eventId, limit)
        .all<OrderToSettle>();
      return results;
    },

    /**
     * Statements recording what was done about one order, cancelling its places of the event with
     * it and withdrawing any CPD their attendance earned (`by` is recorded on the certificates): for
     * the refund's batch, or run alone (settle). A cancelled event's orders, and a postponed
     * event's whose buyer cancelled (docs/decisions/0078), are recorded alike.
     */
    settleStatements(eventId: string, orderId: string, outcome: SettleOutcome, amountPence: number, refundId: string | null, by = "system:events"): D1PreparedStatement[] {
      return [
        db
          .prepare("INSERT INTO event_cancellation_orders (event_id, order_id, outcome, amount_pence, refund_id) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (event_id, order_id) DO NOTHING")
          .bind(eventId, orderId, outcome, amountPence, refundId),
        ...withdrawEventCpdOfOrder(db, orderId, eventId, by, outcome === "refunded" || outcome === "refund-due" ? "The place at the event was refunded" : "The place at the event was cancelled"),
        ...cancelPlaces(eventId, orderId),
      ];
    },

    /** Cancels an unpaid order (its invoice or checkout) holding places of a cancelled event, keeping the reason on it. */
    releaseOrderStatement(orderId: string, reason: string): D1PreparedStatement {
      return db.prepare(`UPDATE orders SET status = 'cancelled', cancelled_reason = ?2, updated_at = ${NOW} WHERE id = ?1 AND status = 'awaiting_payment'`).bind(orderId, reason);
    },

    /** Runs statements in one batch; returns the ids any of them wrote (`RETURNING id`). */
    async run(statements: readonly D1PreparedStatement[]): Promise<string[]> {
      if (statements.length === 0) return [];
      const results = await db.batch<{ id?: string }>([...statements]);
      return results.flatMap((r) => (r.results ?? []).flatMap((row) => (typeof row.id === "string" ? [row.id] : [])));
    },

    /** Buyers with confirmed places at the event, by user id after `after` (keyset), with the address they booked with. */
    async confirmedBuyers(eventId: string, after: string, limit: number): Promise<{ userId: string; email: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT b.user_id AS userId, MAX(o.email) AS email FROM event_bookings b JOIN orders o ON o.id = b.order_id
           WHERE b.event_id = ?1 AND b.status = 'confirmed' AND b.user_id > ?2 GROUP BY b.user_id ORDER BY b.user_id LIMIT ?3`,
        )
        .bind(eventId, after, limit)
        .all<{ userId: string; email: string }>();
      return results;
    },

    /**
     * The named attendees of one order's confirmed places at the event who are not its buyer, one
     * per address (an order names at most a few people).
     */
    async orderAttendeesToTell(eventId: string, orderId: string): Promise<{ email: string; name: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT lower(a.email) AS email, MIN(a.name) AS name FROM event_attendees a
           JOIN event_bookings b ON b.id = a.booking_id JOIN orders o ON o.id = b.order_id
           WHERE b.order_id = ?2 AND a.event_id = ?1 AND a.status = 'confirmed' AND lower(a.email) <> lower(o.email)
           GROUP BY lower(a.email) ORDER BY 1`,
        )
        .bind(eventId, orderId)
        .all<{ email: string; name: string }>();
      return results;
    },

    /**
     * The event's named attendees with confirmed places who are not a buyer of a confirmed booking
     * at it (the buyers are told on their own), one per address, by address after `after` (keyset).
     */
    async attendeesToTell(eventId: string, after: string, limit: number): Promise<{ email: string; name: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT lower(a.email) AS email, MIN(a.name) AS name FROM event_attendees a
           WHERE a.event_id = ?1 AND a.status = 'confirmed' AND lower(a.email) > ?2
             AND lower(a.email) NOT IN (SELECT lower(o.email) FROM event_bookings b JOIN orders o ON o.id = b.order_id WHERE b.event_id = ?1 AND b.status = 'confirmed')
           GROUP BY lower(a.email) ORDER BY 1 LIMIT ?3`,
        )
        .bind(eventId, after, limit)
        .all<{ email: string; name: string }>();
      return results;
    },

    /** Marks the cancellation settled once no order holds places any more. */
    async markSettled(eventId: string): Promise<void> {
      await db.prepare(`UPDATE event_state_changes SET settled_at = ${NOW} WHERE event_id = ?1 AND state = 'cancelled' AND settled_at IS NULL`).bind(eventId).run();
    },

    /** Cancelled events whose orders are not all settled yet (the sweep goes on with them). */
    async unsettled(limit: number): Promise<string[]> {
      const { results } = await db.prepare("SELECT event_id FROM event_state_changes WHERE state = 'cancelled' AND settled_at IS NULL LIMIT ?1").bind(limit).all<{ event_id: string }>();
      return results.map((r) => r.event_id);
    },

    /** The orders a cancellation has settled, by order id, a page at a time (keyset on the order id). */
    async settled(eventId: string, options: { after: string | null; limit: number }): Promise<SettledOrder[]> {
      const { results } = await db
        .prepare(
          `SELECT c.order_id AS orderId, o.reference, c.outcome, c.amount_pence AS amountPence
           FROM event_cancellation_orders c JOIN orders o ON o.id = c.order_id
           WHERE c.event_id = ?1 AND c.order_id > ?2 ORDER BY c.order_id LIMIT ?3`,
        )
        .bind(eventId, options.after ?? "", options.limit)
        .all<SettledOrder>();
      return results;
    },
  };
}
