/**
 * Attendance at events and the CPD it earns, in D1 (migrations/0048_events.sql, 0056). An
 * attendee attended when staff checked them in at the door (`checked_in_at`) or marked them
 * attended (`attended_at`: the online session's report, or by hand). Each attended place earns
 * one CPD entry written by the society, confirmed, with its certificate; the unique index on
 * `cpd_entries.event_attendee_id` makes every write of it idempotent.
 *
 * Lists of attendees travel as one JSON parameter read with json_each, so a whole import is a
 * few statements whatever its size (never a statement per row, never 100 bound parameters).
 */
import type { CpdCategory } from "../../domain/cpd";

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** A confirmed place at the event, as attendance sees it. */
export interface AttendancePlace {
  id: string;
  name: string;
  email: string;
  checkedInAt: string | null;
  attendedAt: string | null;
  attendedMinutes: number | null;
}

/** A place that attended, with the account its CPD goes to (null: no account has its address). */
export interface CreditablePlace extends AttendancePlace {
  userId: string | null;
  credited: boolean;
}

/** The event's facts every entry copies. */
export interface EventCpdFacts {
  title: string;
  provider: string;
  activityDate: string;
  hoursHundredths: number;
  category: CpdCategory;
}

export interface NewEventCredit {
  attendeeId: string;
  userId: string;
  entryId: string;
  certificateId: string;
}

interface PlaceRow {
  id: string;
  name: string;
  email: string;
  checked_in_at: string | null;
  attended_at: string | null;
  attended_minutes: number | null;
  user_id?: string | null;
  credited?: number;
}

const toPlace = (r: PlaceRow): AttendancePlace => ({
  id: r.id,
  name: r.name,
  email: r.email,
  checkedInAt: r.checked_in_at,
  attendedAt: r.attended_at,
  attendedMinutes: r.attended_minutes,
});

/**
 * Whose CPD a place is: the buyer's, when the attendee's address is the buyer's (the order's, or
 * their membership's); otherwise the member whose membership has the attendee's address (a
 * colleague booked by someone else); otherwise no one. The membership look-up by address uses
 * `memberships_lower_email`.
 */
const ACCOUNT_OF_PLACE = `CASE
    WHEN lower(a.email) = lower(o.email) OR lower(a.email) = (SELECT lower(m.email) FROM memberships m WHERE m.user_id = b.user_id) THEN b.user_id
    ELSE (SELECT m.user_id FROM memberships m WHERE lower(m.email) = lower(a.email) ORDER BY m.user_id LIMIT 1)
  END`;

/** ?1 the event, ?2 the addresses (lower case, JSON). On the event's places index; the list is short. */
export const PLACES_WITH_EMAILS_SQL = `SELECT id, name, email, checked_in_at, attended_at, attended_minutes FROM event_attendees
  WHERE event_id = ?1 AND status = 'confirmed' AND lower(email) IN (SELECT value FROM json_each(?2))
  ORDER BY name, id`;

/** ?1 the event, ?2 the attendee ids (JSON): each looked up by its key. */
export const CREDITABLE_SQL = `SELECT a.id, a.name, a.email, a.checked_in_at, a.attended_at, a.attended_minutes, ${ACCOUNT_OF_PLACE} AS user_id,
    EXISTS (SELECT 1 FROM cpd_entries e WHERE e.event_attendee_id = a.id) AS credited
  FROM event_attendees a JOIN event_bookings b ON b.id = a.booking_id LEFT JOIN orders o ON o.id = b.order_id
  WHERE a.id IN (SELECT value FROM json_each(?2)) AND a.event_id = ?1 AND a.status = 'confirmed'
    AND (a.checked_in_at IS NOT NULL OR a.attended_at IS NOT NULL)`;

/** ?1 the event, ?2 the marks (JSON: attendeeId, minutes), ?3 who marked them. */
export const MARK_ATTENDED_SQL = `UPDATE event_attendees SET attended_at = ${NOW}, attended_by = ?3,
    attended_minutes = (SELECT json_extract(json_each.value, '$.minutes') FROM json_each(?2) WHERE json_extract(json_each.value, '$.attendeeId') = event_attendees.id)
  WHERE id IN (SELECT json_extract(value, '$.attendeeId') FROM json_each(?2)) AND event_id = ?1 AND status = 'confirmed' AND attended_at IS NULL`;

/** ?1 the event, ?2 the credits (JSON: attendeeId, userId, entryId), ?3-?7 the event's facts. */
export const CREDIT_ENTRIES_SQL = `INSERT INTO cpd_entries (id, user_id, source, event_attendee_id, activity_date, title, provider, hours_hundredths, category, confirmed_at, attendance)
  SELECT json_extract(json_each.value, '$.entryId'), json_extract(json_each.value, '$.userId'), 'event', a.id, ?3, ?4, ?5, ?6, ?7, ${NOW},
    CASE WHEN a.checked_in_at IS NOT NULL THEN 'checked-in' ELSE 'attended-online' END
  FROM json_each(?2) JOIN event_attendees a ON a.id = json_extract(json_each.value, '$.attendeeId')
  WHERE a.event_id = ?1 AND a.status = 'confirmed' AND (a.checked_in_at IS NOT NULL OR a.attended_at IS NOT NULL)
  ON CONFLICT DO NOTHING`;

/**
 * ?1 the credits (JSON: entryId, certificateId). Numbers follow the highest there is, one each in
 * turn (D1 runs one statement at a time; the unique index is the last guard). CROSS JOIN keeps
 * the list first, so each entry is found by its key rather than by reading every event entry.
 */
export const CREDIT_CERTIFICATES_SQL = `INSERT INTO cpd_certificates (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, evidence)
  SELECT json_extract(json_each.value, '$.certificateId'), (SELECT COALESCE(MAX(number), 0) FROM cpd_certificates) + ROW_NUMBER() OVER (ORDER BY e.id),
    e.id, e.user_id, a.name, e.title, e.activity_date, e.hours_hundredths, e.attendance
  FROM json_each(?1) CROSS JOIN cpd_entries e ON e.id = json_extract(json_each.value, '$.entryId') JOIN event_attendees a ON a.id = e.event_attendee_id
  WHERE e.source = 'event'
  ON CONFLICT DO NOTHING`;

export type EventAttendanceStore = ReturnType<typeof createEventAttendanceStore>;

export function createEventAttendanceStore(db: D1Database) {
  return {
    /** The event's confirmed places whose address (any case) is one of `emails` (lower case). */
    async placesWithEmails(eventId: string, emails: readonly string[]): Promise<AttendancePlace[]> {
      if (emails.length === 0) return [];
      const { results } = await db
        .prepare(PLACES_WITH_EMAILS_SQL)
        .bind(eventId, JSON.stringify(emails))
        .all<PlaceRow>();
      return results.map(toPlace);
    },

    /** One confirmed place of the event, or null. */
    async place(eventId: string, attendeeId: string): Promise<AttendancePlace | null> {
      const row = await db
        .prepare("SELECT id, name, email, checked_in_at, attended_at, attended_minutes FROM event_attendees WHERE id = ?1 AND event_id = ?2 AND status = 'confirmed'")
        .bind(attendeeId, eventId)
        .first<PlaceRow>();
      return row ? toPlace(row) : null;
    },

    /** Of these places, the confirmed ones at the event that attended, with the account each credits and whether it has been. */
    async creditable(eventId: string, attendeeIds: readonly string[]): Promise<CreditablePlace[]> {
      if (attendeeIds.length === 0) return [];
      const { results } = await db
        .prepare(CREDITABLE_SQL)
        .bind(eventId, JSON.stringify(attendeeIds))
        .all<PlaceRow>();
      return results.map((r) => ({ ...toPlace(r), userId: r.user_id ?? null, credited: r.credited === 1 }));
    },

    /**
     * Marks these confirmed places attended (with the minutes the report shows, or null by hand),
     * by `by`; a place already marked keeps its first record.
     */
    markAttended(eventId: string, marks: readonly { attendeeId: string; minutes: number | null }[], by: string): D1PreparedStatement {
      return db
        .prepare(MARK_ATTENDED_SQL)
        .bind(eventId, JSON.stringify(marks), by);
    },

    /**
     * The statements writing each place's CPD entry (confirmed by the society, how it attended
     * copied) and then its certificate, made out to the attendee's name as booked, numbered in
     * turn after the highest number there is. Only places still confirmed and attended when the
     * batch reaches them are written; a place already credited keeps its entry and certificate.
     */
    credit(eventId: string, credits: readonly NewEventCredit[], facts: EventCpdFacts): D1PreparedStatement[] {
      const list = JSON.stringify(credits);
      return [
        db
          .prepare(CREDIT_ENTRIES_SQL)
          .bind(eventId, list, facts.activityDate, facts.title, facts.provider, facts.hoursHundredths, facts.category),
        db
          .prepare(CREDIT_CERTIFICATES_SQL)
          .bind(list),
      ];
    },

    /** The condition for a place's thank-you: its certificate, with this (fresh) id, was written in the batch. */
    certificateWritten: "SELECT 1 FROM cpd_certificates WHERE id = ?",
  };
}
