/** Event places set straight in D1, for tests about what happens when an event is full. */
import { env } from "cloudflare:test";
import type { SocietyEvent } from "../../../src/domain/events";

/**
 * Confirmed places taken by someone else, `count` attendees of ticket `ticket` in one booking
 * (the booking row says at most 10 places, its table's limit; the attendees are what count).
 */
export async function takePlaces(event: Pick<SocietyEvent, "id" | "slug">, ticket: string, count: number): Promise<void> {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
       VALUES (?1, ?2, ?3, 'someone-else', ?4, 'Taken', MIN(?5, 10), 0, 0, 'exempt', 1, NULL, NULL, 'confirmed', '2000-01-01T00:00:00.000Z')`,
    ).bind(id, event.id, event.slug, ticket, count),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?4)
       INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
       SELECT ?1 || '-' || i, ?1, ?2, ?3, 1, 'Someone Else', 'someone@guild.example', 'confirmed', '2000-01-01T00:00:00.000Z', ?1 || '-' || i FROM n`,
    ).bind(id, event.id, ticket, count),
  ]);
}

/** Every booking, place and waiting-list entry of the event gone. */
export const clearEventPlaces = (eventId: string) =>
  env.DB.batch([
    env.DB.prepare("DELETE FROM event_attendees WHERE event_id = ?1").bind(eventId),
    env.DB.prepare("DELETE FROM event_bookings WHERE event_id = ?1").bind(eventId),
    env.DB.prepare("DELETE FROM event_waitlist WHERE event_id = ?1").bind(eventId),
  ]);
