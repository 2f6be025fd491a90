/**
 * Event places in D1 (migrations/0048_events.sql). Places are taken by one conditional
 * INSERT … SELECT per booking form: its WHERE counts what is taken now, so two buyers for the last
 * place cannot both get it, and nothing is read first and written after. A place counts while it
 * is confirmed, or held and its hold has not run out; a hold that runs out simply stops counting.
 */
import type { Attendee, Booking, BookingStatus, PlacesTaken } from "../../domain/events";
import type { VatTreatment } from "../../shared/pricing/vat";

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The SQL condition "this attendee row takes a place now" (?now bound as the given parameter). */
export const live = (alias: string, now: string) => `(${alias}.status = 'confirmed' OR (${alias}.status = 'held' AND ${alias}.hold_expires_at > ${now}))`;

export interface NewBooking {
  id: string;
  eventId: string;
  eventSlug: string;
  userId: string;
  ticketCode: string;
  title: string;
  unitPence: number;
  vatTreatment: VatTreatment;
  countsForEvent: boolean;
  eventCapacity: number | null;
  ticketCapacity: number | null;
  attendees: { id: string; name: string; email: string; answers: Record<string, string>; qrToken: string }[];
}

export interface HoldRequest {
  eventId: string;
  now: string;
  holdUntil: string;
  bookings: NewBooking[];
}

interface BookingRow {
  id: string;
  event_id: string;
  event_slug: string;
  user_id: string;
  order_id: string | null;
  status: BookingStatus;
  hold_expires_at: string;
  total_pence: number;
  vat_treatment: VatTreatment;
  title: string;
  created_at: string;
}

export interface AttendeeRow {
  id: string;
  booking_id: string;
  event_id: string;
  ticket_code: string;
  name: string;
  email: string;
  answers: string;
  status: BookingStatus;
  qr_token: string;
  checked_in_at: string | null;
  attended_at: string | null;
}

const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  eventId: row.event_id,
  eventSlug: row.event_slug,
  userId: row.user_id,
  orderId: row.order_id,
  status: row.status,
  holdExpiresAt: row.hold_expires_at,
  totalPence: row.total_pence,
  vatTreatment: row.vat_treatment,
  title: row.title,
  createdAt: row.created_at,
});

const toAttendee = (row: AttendeeRow): Attendee & { qrToken: string } => ({
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
});

/**
 * Who may take the places besides the capacity: a booking form only while nobody waits on the
 * event's list; an offer only for a waiting-list entry still waiting (so two sweeps at once
 * cannot both hold a place for the same person).
 */
export type HoldGate = { kind: "nobody-waiting" } | { kind: "waiting-entry"; waitlistId: string };

/**
 * The statements holding the places of one booking form, all or none: the first inserts every
 * attendee only if, counted in the same statement, the event and each ticket type still have
 * room (and the gate allows it). Then each booking row is stored only if its attendees were. The
 * first statement's change count says whether the places were held.
 */
export function holdStatements(db: D1Database, request: HoldRequest, gate: HoldGate): D1PreparedStatement[] {
  const params: unknown[] = [request.eventId, request.now, request.holdUntil];
  const param = (value: unknown) => {
    params.push(value);
    return `?${params.length}`;
  };
  const rows: string[] = [];
  for (const booking of request.bookings) {
    for (const a of booking.attendees) {
      rows.push(`(${[a.id, booking.id, booking.ticketCode, booking.countsForEvent ? 1 : 0, a.name, a.email, JSON.stringify(a.answers), a.qrToken].map(param).join(", ")})`);
    }
  }
  const checks: string[] = [
    gate.kind === "nobody-waiting"
      ? "NOT EXISTS (SELECT 1 FROM event_waitlist w WHERE w.event_id = ?1 AND w.status = 'waiting')"
      : `EXISTS (SELECT 1 FROM event_waitlist w WHERE w.id = ${param(gate.waitlistId)} AND w.event_id = ?1 AND w.status = 'waiting')`,
  ];
  const eventNeed = request.bookings.filter((b) => b.countsForEvent).reduce((sum, b) => sum + b.attendees.length, 0);
  const eventCapacity = request.bookings[0]?.eventCapacity ?? null;
  if (eventCapacity !== null && eventNeed > 0) {
    checks.push(`(SELECT COUNT(*) FROM event_attendees x WHERE x.event_id = ?1 AND x.counts_for_event = 1 AND ${live("x", "?2")}) + ${eventNeed} <= ${param(eventCapacity)}`);
  }
  for (const booking of request.bookings) {
    if (booking.ticketCapacity === null) continue;
    checks.push(
      `(SELECT COUNT(*) FROM event_attendees x WHERE x.event_id = ?1 AND x.ticket_code = ${param(booking.ticketCode)} AND ${live("x", "?2")}) + ${booking.attendees.length} <= ${param(booking.ticketCapacity)}`,
    );
  }
  const insertPlaces = db
    .prepare(
      `INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, answers, status, hold_expires_at, qr_token)
       SELECT v.column1, v.column2, ?1, v.column3, v.column4, v.column5, v.column6, v.column7, 'held', ?3, v.column8
       FROM (VALUES ${rows.join(", ")}) AS v
       WHERE ${checks.join(" AND ")}`,
    )
    .bind(...params);
  const insertBookings = request.bookings.map((b) =>
    db
      .prepare(
        `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 'held', ?14
         WHERE EXISTS (SELECT 1 FROM event_attendees WHERE booking_id = ?1)`,
      )
      .bind(b.id, b.eventId, b.eventSlug, b.userId, b.ticketCode, b.title, b.attendees.length, b.unitPence, b.unitPence * b.attendees.length, b.vatTreatment, b.countsForEvent ? 1 : 0, b.eventCapacity, b.ticketCapacity, request.holdUntil),
  );
  return [insertPlaces, ...insertBookings];
}

export type EventBookingStore = ReturnType<typeof createEventBookingStore>;

export function createEventBookingStore(db: D1Database) {
  return {
    /** Places taken now for one event: in all (places that count for the event) and per ticket code. */
    async placesTaken(eventId: string, now: string): Promise<PlacesTaken> {
      const { results } = await db
        .prepare(
          `SELECT ticket_code, SUM(counts_for_event) AS event_places, COUNT(*) AS places FROM event_attendees a
           WHERE a.event_id = ?1 AND ${live("a", "?2")} GROUP BY ticket_code`,
        )
        .bind(eventId, now)
        .all<{ ticket_code: string; event_places: number; places: number }>();
      const byTicket: Record<string, number> = {};
      let event = 0;
      for (const row of results) {
        byTicket[row.ticket_code] = row.places;
        event += row.event_places;
      }
      return { event, byTicket };
    },

    /**
     * Holds the places of one booking form, all or none (holdStatements), unless someone waits
     * on the event's list: freed places go to the list first (services/events/waitlist-offers.ts).
     * True when the places are held.
     */
    async hold(request: HoldRequest): Promise<boolean> {
      const [placed] = await db.batch(holdStatements(db, request, { kind: "nobody-waiting" }));
      return (placed?.meta.changes ?? 0) > 0;
    },

    /** The user's own bookings among `ids` (the cart's booking lines); others' are never returned. */
    async ofUser(userId: string, ids: readonly string[]): Promise<Booking[]> {
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(`SELECT * FROM event_bookings WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`)
        .bind(userId, JSON.stringify(ids))
        .all<BookingRow>();
      return results.map(toBooking);
    },

    /** The user's bookings, newest first (a person books tens of events, not thousands). */
    async forUser(userId: string): Promise<Booking[]> {
      const { results } = await db.prepare("SELECT * FROM event_bookings WHERE user_id = ?1 ORDER BY created_at DESC LIMIT 200").bind(userId).all<BookingRow>();
      return results.map(toBooking);
    },

    async ofOrder(orderId: string): Promise<Booking[]> {
      const { results } = await db.prepare("SELECT * FROM event_bookings WHERE order_id = ?1").bind(orderId).all<BookingRow>();
      return results.map(toBooking);
    },

    async attendeesOfBookings(bookingIds: readonly string[]): Promise<(Attendee & { qrToken: string })[]> {
      if (bookingIds.length === 0) return [];
      const { results } = await db
        .prepare("SELECT * FROM event_attendees WHERE booking_id IN (SELECT value FROM json_each(?1)) ORDER BY created_at, id")
        .bind(JSON.stringify(bookingIds))
        .all<AttendeeRow>();
      return results.map(toAttendee);
    },

    /** Confirmed sales per event and ticket code: places and money taken (gross, as charged). */
    async sales(): Promise<{ eventId: string; ticketCode: string; vatTreatment: VatTreatment; places: number; grossPence: number }[]> {
      const { results } = await db
        .prepare(
          `SELECT event_id, ticket_code, vat_treatment, SUM(places) AS places, SUM(total_pence) AS gross FROM event_bookings
           WHERE status = 'confirmed' GROUP BY event_id, ticket_code, vat_treatment`,
        )
        .all<{ event_id: string; ticket_code: string; vat_treatment: VatTreatment; places: number; gross: number }>();
      return results.map((r) => ({ eventId: r.event_id, ticketCode: r.ticket_code, vatTreatment: r.vat_treatment, places: r.places, grossPence: r.gross }));
    },

    /** How many wait on each event's list. */
    async waiting(): Promise<Record<string, number>> {
      const { results } = await db.prepare("SELECT event_id, COUNT(*) AS n FROM event_waitlist WHERE status IN ('waiting', 'offered') GROUP BY event_id").all<{ event_id: string; n: number }>();
      return Object.fromEntries(results.map((r) => [r.event_id, r.n]));
    },

    /**
     * The event's confirmed attendees by name, up to `limit` from `after` (keyset on name, id), and
     * optionally only names containing `search`.
     */
    async attendeesOfEvent(eventId: string, options: { limit: number; after?: { name: string; id: string } | null; search?: string }): Promise<(Attendee & { qrToken: string })[]> {
      const search = options.search?.trim().toLowerCase().slice(0, 40) ?? "";
      const after = options.after ?? null;
      const { results } = await db
        .prepare(
          `SELECT * FROM event_attendees WHERE event_id = ?1 AND status = 'confirmed'
             AND (?2 = '' OR instr(lower(name), ?2) > 0)
             AND (?3 IS NULL OR (name, id) > (?3, ?4))
           ORDER BY name, id LIMIT ?5`,
        )
        .bind(eventId, search, after?.name ?? null, after?.id ?? null, options.limit)
        .all<AttendeeRow>();
      return results.map(toAttendee);
    },

    /**
     * Checks an attendee in, once: by their ticket's code (the QR) or their id, only for this event
     * and a confirmed place. "done" when this call checked them in; otherwise why not.
     */
    async checkIn(eventId: string, ticket: { token?: string; attendeeId?: string }, by: string): Promise<{ outcome: "done" | "already" | "other-event" | "not-booked" | "unknown"; attendee: (Attendee & { qrToken: string }) | null }> {
      const key = ticket.token ?? ticket.attendeeId ?? "";
      const column = ticket.token ? "qr_token" : "id";
      const result = await db
        .prepare(`UPDATE event_attendees SET checked_in_at = ${NOW}, checked_in_by = ?3 WHERE ${column} = ?2 AND event_id = ?1 AND status = 'confirmed' AND checked_in_at IS NULL`)
        .bind(eventId, key, by)
        .run();
      const row = await db.prepare(`SELECT * FROM event_attendees WHERE ${column} = ?1`).bind(key).first<AttendeeRow>();
      const attendee = row ? toAttendee(row) : null;
      if (result.meta.changes === 1) return { outcome: "done", attendee };
      if (!attendee) return { outcome: "unknown", attendee };
      if (attendee.eventId !== eventId) return { outcome: "other-event", attendee: null };
      if (attendee.status !== "confirmed") return { outcome: "not-booked", attendee };
      return { outcome: "already", attendee };
    },

    /**
     * Puts the user on the event's waiting list (at the back), unless they are on it already,
     * with the ticket an offer will hold for them (null: the event's first open to all). True when added.
     */
    async joinWaitlist(eventId: string, userId: string, email: string, ticketCode: string | null = null): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO event_waitlist (id, event_id, user_id, email, status, ticket_code) VALUES (?1, ?2, ?3, ?4, 'waiting', ?5)
           ON CONFLICT (event_id, user_id) DO UPDATE SET status = 'waiting', offer_expires_at = NULL, offer_booking_id = NULL, ticket_code = excluded.ticket_code, created_at = ${NOW}
           WHERE status IN ('left', 'lapsed')`,
        )
        .bind(crypto.randomUUID(), eventId, userId, email, ticketCode)
        .run();
      return result.meta.changes > 0;
    },

    /** Whether anyone waits on the event's list for a place to be offered (freed places go to them first). */
    async anyoneWaiting(eventId: string): Promise<boolean> {
      return (await db.prepare("SELECT 1 FROM event_waitlist WHERE event_id = ?1 AND status = 'waiting' LIMIT 1").bind(eventId).first()) !== null;
    },

    /** The user's place on the event's waiting list: 1 for the next to be offered; null when not waiting. */
    async waitlistPosition(eventId: string, userId: string): Promise<{ entryId: string; position: number; status: string; offerExpiresAt: string | null } | null> {
      const row = await db
        .prepare(
          `SELECT w.id, w.status, w.offer_expires_at,
             (SELECT COUNT(*) FROM event_waitlist o WHERE o.event_id = w.event_id AND o.status IN ('waiting', 'offered') AND o.created_at <= w.created_at) AS position
           FROM event_waitlist w WHERE w.event_id = ?1 AND w.user_id = ?2 AND w.status IN ('waiting', 'offered')`,
        )
        .bind(eventId, userId)
        .first<{ id: string; status: string; offer_expires_at: string | null; position: number }>();
      return row ? { entryId: row.id, position: row.position, status: row.status, offerExpiresAt: row.offer_expires_at } : null;
    },

    /**
     * Statements for a new order's batch: the user's held bookings join the order and are held
     * until `holdUntil` (a card payment's or a bank transfer's time to pay), only if the order was
     * stored and the hold has not run out meanwhile.
     */
    attachToOrder(orderId: string, userId: string, bookingIds: readonly string[], holdUntil: string): D1PreparedStatement[] {
      const ids = JSON.stringify(bookingIds);
      return [
        db
          .prepare(
            `UPDATE event_bookings SET order_id = ?1, hold_expires_at = ?4, updated_at = ${NOW}
             WHERE user_id = ?2 AND id IN (SELECT value FROM json_each(?3)) AND status = 'held' AND order_id IS NULL AND hold_expires_at > ${NOW}
               AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND user_id = ?2)`,
          )
          .bind(orderId, userId, ids, holdUntil),
        db
          .prepare(`UPDATE event_attendees SET hold_expires_at = ?2 WHERE booking_id IN (SELECT id FROM event_bookings WHERE order_id = ?1 AND status = 'held')`)
          .bind(orderId, holdUntil),
      ];
    },
  };
}

/** Statements cancelling an order's event places (a refund that takes back what was bought): they count no more. */
export function cancelOrderBookings(db: D1Database, orderId: string): D1PreparedStatement[] {
  return [
    db.prepare(`UPDATE event_bookings SET status = 'cancelled', updated_at = ${NOW} WHERE order_id = ?1 AND status IN ('held', 'confirmed')`).bind(orderId),
    db.prepare("UPDATE event_attendees SET status = 'cancelled' WHERE booking_id IN (SELECT id FROM event_bookings WHERE order_id = ?1) AND status IN ('held', 'confirmed')").bind(orderId),
  ];
}

/**
 * Statements for an order's payment batch (orders.ts runs them when an order is paid, beside
 * granting its webinars): each of its held bookings is confirmed if its hold still runs, or,
 * paid late, if the places are still free (counted against the capacities copied at the hold);
 * otherwise it is lost (the payment is then refunded: services/events). Its attendees follow.
 */
export function confirmOrderBookings(db: D1Database, orderId: string): D1PreparedStatement[] {
  const others = (extra: string) =>
    `(SELECT COUNT(*) FROM event_attendees x WHERE x.event_id = event_bookings.event_id AND x.booking_id <> event_bookings.id AND ${extra} AND ${live("x", NOW)})`;
  return [
    db
      .prepare(
        `UPDATE event_bookings SET updated_at = ${NOW}, status = CASE
           WHEN hold_expires_at > ${NOW} THEN 'confirmed'
           WHEN (ticket_capacity IS NULL OR ${others("x.ticket_code = event_bookings.ticket_code")} + places <= ticket_capacity)
            AND (event_capacity IS NULL OR counts_for_event = 0 OR ${others("x.counts_for_event = 1")} + places <= event_capacity) THEN 'confirmed'
           ELSE 'lost' END
         WHERE order_id = ?1 AND status = 'held' AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND status = 'paid')`,
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE event_attendees SET status = (SELECT b.status FROM event_bookings b WHERE b.id = event_attendees.booking_id)
         WHERE booking_id IN (SELECT id FROM event_bookings WHERE order_id = ?1) AND status = 'held'`,
      )
      .bind(orderId),
  ];
}
