/**
 * Passing an attendee's place to someone else in D1 (event_attendees, migrations/0048): the
 * place's name, e-mail and answers change and it gets a new ticket code, so the old QR code stops
 * working at the door. The change is one conditional UPDATE (only a confirmed place not yet
 * checked in or attended, still holding the code that was read), so a check-in or a refund
 * landing at the same moment wins and the transfer changes nothing.
 */
import type { BookingStatus, PlaceToTransfer } from "../../domain/events";
import type { AttendeeRow } from "./event-bookings";

export interface PlaceChange {
  attendeeId: string;
  /** The code the place held when it was read: the UPDATE changes nothing if it has moved on since. */
  oldToken: string;
  newToken: string;
  /** The place's holder as named before: their add-on places in the same order go with it. */
  oldName: string;
  oldEmail: string;
  name: string;
  email: string;
  answers: Record<string, string>;
}

/** An attendee's row with what its booking says about it. */
interface PlaceRow extends AttendeeRow {
  user_id: string;
  order_id: string | null;
  event_slug: string;
  booking_status: BookingStatus;
}

const toPlace = (row: PlaceRow): PlaceToTransfer => ({
  id: row.id,
  bookingId: row.booking_id,
  eventId: row.event_id,
  ticketCode: row.ticket_code,
  name: row.name,
  email: row.email,
  answers: JSON.parse(row.answers) as Record<string, string>,
  status: row.status,
  checkedInAt: row.checked_in_at,
  attended: row.attended_at !== null,
  qrToken: row.qr_token,
  buyerUserId: row.user_id,
  orderId: row.order_id,
  eventSlug: row.event_slug,
  bookingStatus: row.booking_status,
});

const SELECT_PLACE = `SELECT a.*, b.user_id, b.order_id, b.event_slug, b.status AS booking_status
  FROM event_attendees a JOIN event_bookings b ON b.id = a.booking_id`;

export type PlaceTransferStore = ReturnType<typeof createPlaceTransferStore>;

export function createPlaceTransferStore(db: D1Database) {
  return {
    /** One place by its id (its row's primary key), with its booking's buyer and order; null when there is none. */
    async place(attendeeId: string): Promise<PlaceToTransfer | null> {
      const row = await db.prepare(`${SELECT_PLACE} WHERE a.id = ?1`).bind(attendeeId).first<PlaceRow>();
      return row ? toPlace(row) : null;
    },

    /** The accounts whose membership record is under this address (`memberships_lower_email`); a handful at most. */
    async membersWithEmail(email: string): Promise<string[]> {
      const { results } = await db.prepare("SELECT user_id FROM memberships WHERE lower(email) = lower(?1) ORDER BY user_id LIMIT 5").bind(email.trim()).all<{ user_id: string }>();
      return results.map((r) => r.user_id);
    },

    /** A confirmed place by its ticket's code (the ticket's own page); null when no confirmed place has it. */
    async byTicketCode(code: string): Promise<PlaceToTransfer | null> {
      const row = await db.prepare(`${SELECT_PLACE} WHERE a.qr_token = ?1 AND a.status = 'confirmed'`).bind(code).first<PlaceRow>();
      return row ? toPlace(row) : null;
    },

    /**
     * The statements passing a place on, for one batch: the place itself (only while confirmed,
     * not checked in or attended, with the code read), then its holder's add-on places in the
     * same order (the dinner booked with it: same name and e-mail), each with a new random code,
     * only if the place itself changed. `changed` is a condition the e-mails and the audit entry
     * of the batch can use: the place holds the new code.
     */
    transferStatements(change: PlaceChange): { statements: D1PreparedStatement[]; changed: { select: string; params: unknown[] } } {
      const answers = JSON.stringify(change.answers);
      const place = db
        .prepare(
          `UPDATE event_attendees SET name = ?3, email = ?4, answers = ?5, qr_token = ?6
           WHERE id = ?1 AND qr_token = ?2 AND status = 'confirmed' AND checked_in_at IS NULL AND attended_at IS NULL`,
        )
        .bind(change.attendeeId, change.oldToken, change.name, change.email, answers, change.newToken);
      // The add-ons: places of the same person (as named before) in the order's other bookings
      // that do not count as a place at the event (an add-on such as the dinner).
      const addOns = db
        .prepare(
          `UPDATE event_attendees SET name = ?2, email = ?3, answers = ?4, qr_token = lower(hex(randomblob(16)))
           WHERE EXISTS (SELECT 1 FROM event_attendees t WHERE t.id = ?1 AND t.qr_token = ?5)
             AND id <> ?1 AND counts_for_event = 0 AND status = 'confirmed' AND checked_in_at IS NULL AND attended_at IS NULL
             AND name = ?6 AND lower(email) = lower(?7)
             AND booking_id IN (SELECT b.id FROM event_bookings b JOIN event_bookings t ON t.order_id = b.order_id
                                JOIN event_attendees p ON p.booking_id = t.id WHERE p.id = ?1 AND b.event_id = p.event_id)`,
        )
        .bind(change.attendeeId, change.name, change.email, answers, change.newToken, change.oldName, change.oldEmail);
      return { statements: [place, addOns], changed: { select: "SELECT 1 FROM event_attendees WHERE id = ? AND qr_token = ?", params: [change.attendeeId, change.newToken] } };
    },

    /** The add-on places that go with a place (same order, same person), to name them in the new attendee's e-mail. */
    async addOnsOf(place: PlaceToTransfer): Promise<{ id: string; ticketCode: string }[]> {
      if (place.orderId === null) return [];
      const { results } = await db
        .prepare(
          `SELECT a.id, a.ticket_code FROM event_attendees a JOIN event_bookings b ON b.id = a.booking_id
           WHERE b.order_id = ?1 AND a.event_id = ?2 AND a.id <> ?3 AND a.counts_for_event = 0 AND a.status = 'confirmed'
             AND a.checked_in_at IS NULL AND a.attended_at IS NULL AND a.name = ?4 AND lower(a.email) = lower(?5)`,
        )
        .bind(place.orderId, place.eventId, place.id, place.name, place.email)
        .all<{ id: string; ticket_code: string }>();
      return results.map((r) => ({ id: r.id, ticketCode: r.ticket_code }));
    },

    async run(statements: D1PreparedStatement[]): Promise<void> {
      await db.batch(statements);
    },
  };
}
