/**
 * Waiting-list offers in D1 (migrations/0055_event_waitlist_offers.sql). An offer is a booking
 * held for the entry's holder by the same conditional insert a booking form uses
 * (event-bookings.ts holdStatements), gated on the entry still waiting, and the entry marked
 * offered in the same batch: two sweeps at once cannot hold two places for one person, and a
 * place is never offered that is not free. The offer ends when its held place stops counting.
 */
import type { OpenOffer } from "../../domain/events";
import { holdStatements, live, type HoldRequest } from "./event-bookings";

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface WaitingEntry {
  id: string;
  eventId: string;
  userId: string;
  email: string;
  /** The ticket its holder could buy when they joined; null for entries made before offers. */
  ticketCode: string | null;
}


interface EntryRow {
  id: string;
  event_id: string;
  user_id: string;
  email: string;
  ticket_code: string | null;
}

interface OfferRow {
  id: string;
  event_id: string;
  offer_booking_id: string;
  ticket_code: string;
  total_pence: number;
  hold_expires_at: string;
}

const toOffer = (row: OfferRow): OpenOffer => ({
  entryId: row.id,
  eventId: row.event_id,
  bookingId: row.offer_booking_id,
  ticketCode: row.ticket_code,
  pence: row.total_pence,
  holdExpiresAt: row.hold_expires_at,
});

/** Offers still open: the entry is offered and its booking still holds its place, unconfirmed. */
const OPEN_OFFERS = `SELECT w.id, w.event_id, w.offer_booking_id, b.ticket_code, b.total_pence, b.hold_expires_at
  FROM event_waitlist w JOIN event_bookings b ON b.id = w.offer_booking_id
  WHERE w.status = 'offered' AND b.status = 'held' AND b.hold_expires_at > ${NOW}`;

export type WaitlistOfferStore = ReturnType<typeof createWaitlistOfferStore>;

export function createWaitlistOfferStore(db: D1Database) {
  return {
    /**
     * Closes offers that have ended, across all events: booked when their booking was confirmed,
     * lapsed when its place stopped counting (the offer ran out, unbooked). Returns how many lapsed.
     */
    async settle(now: string): Promise<number> {
      const [, lapsed] = await db.batch([
        db.prepare(
          `UPDATE event_waitlist SET status = 'booked'
           WHERE status = 'offered' AND EXISTS (SELECT 1 FROM event_bookings b WHERE b.id = event_waitlist.offer_booking_id AND b.status = 'confirmed')`,
        ),
        db
          .prepare(
            `UPDATE event_waitlist SET status = 'lapsed'
             WHERE status = 'offered' AND NOT EXISTS (SELECT 1 FROM event_attendees a WHERE a.booking_id = event_waitlist.offer_booking_id AND ${live("a", "?1")})`,
          )
          .bind(now),
      ]);
      return lapsed?.meta.changes ?? 0;
    },

    /** The events someone is waiting on (an event has one row here however long its list). */
    async eventsWithWaiting(limit: number): Promise<string[]> {
      const { results } = await db.prepare("SELECT DISTINCT event_id FROM event_waitlist WHERE status = 'waiting' LIMIT ?1").bind(limit).all<{ event_id: string }>();
      return results.map((r) => r.event_id);
    },

    /** The first `limit` still waiting on the event's list, in list order (first come, first offered). */
    async waitingOn(eventId: string, limit: number): Promise<WaitingEntry[]> {
      const { results } = await db
        .prepare("SELECT id, event_id, user_id, email, ticket_code FROM event_waitlist WHERE event_id = ?1 AND status = 'waiting' ORDER BY created_at, id LIMIT ?2")
        .bind(eventId, limit)
        .all<EntryRow>();
      return results.map((row) => ({ id: row.id, eventId: row.event_id, userId: row.user_id, email: row.email, ticketCode: row.ticket_code }));
    },

    /**
     * Holds one place for the entry and marks it offered, in one batch with `after` (the offer's
     * e-mail, written only if the entry was offered). True when the place was held.
     */
    async offer(entryId: string, request: HoldRequest, after: readonly D1PreparedStatement[]): Promise<boolean> {
      const bookingId = request.bookings[0]!.id;
      const [placed] = await db.batch([
        ...holdStatements(db, request, { kind: "waiting-entry", waitlistId: entryId }),
        db
          .prepare(
            `UPDATE event_waitlist SET status = 'offered', offer_booking_id = ?2, offer_expires_at = ?3
             WHERE id = ?1 AND status = 'waiting' AND EXISTS (SELECT 1 FROM event_bookings WHERE id = ?2)`,
          )
          .bind(entryId, bookingId, request.holdUntil),
        ...after,
      ]);
      return (placed?.meta.changes ?? 0) > 0;
    },

    /** The user's open offers. */
    async openOffersOf(userId: string): Promise<OpenOffer[]> {
      const { results } = await db.prepare(`${OPEN_OFFERS} AND w.user_id = ?1 ORDER BY b.hold_expires_at`).bind(userId).all<OfferRow>();
      return results.map(toOffer);
    },

    /** One open offer of the user's; null when it is not theirs, or no longer open. */
    async openOffer(entryId: string, userId: string): Promise<OpenOffer | null> {
      const row = await db.prepare(`${OPEN_OFFERS} AND w.id = ?1 AND w.user_id = ?2`).bind(entryId, userId).first<OfferRow>();
      return row ? toOffer(row) : null;
    },

    /**
     * Names the attendee of an open offer's held place (the holder may book it for a colleague),
     * only while the offer is open and not yet in a checkout. True when named.
     */
    async nameAttendee(entryId: string, userId: string, attendee: { name: string; email: string; answers: Record<string, string> }): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE event_attendees SET name = ?3, email = ?4, answers = ?5
           WHERE booking_id = (SELECT w.offer_booking_id FROM event_waitlist w WHERE w.id = ?1 AND w.user_id = ?2 AND w.status = 'offered')
             AND status = 'held' AND hold_expires_at > ${NOW}
             AND EXISTS (SELECT 1 FROM event_bookings b WHERE b.id = event_attendees.booking_id AND b.order_id IS NULL)`,
        )
        .bind(entryId, userId, attendee.name, attendee.email, JSON.stringify(attendee.answers))
        .run();
      return result.meta.changes > 0;
    },
  };
}
