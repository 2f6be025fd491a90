/**
 * Who is to be reminded of an event the day before (services/events/event-reminders.ts): each
 * buyer with confirmed bookings for it, once for all their places, and only those not yet written
 * to (an anti-join on the outbox's unique dedupe key, `event-reminder:<user>:<event>:<starts at>`),
 * so a second run writes nothing and a postponed event is reminded again for its new date.
 */

export interface ReminderDue {
  eventId: string;
  startsAt: string;
}

export interface BuyerToRemind {
  eventId: string;
  userId: string;
  email: string;
  bookingIds: string[];
}

/** ?1 the events due, as JSON; ?2 the most buyers one run takes. Exported for the query-plan test. */
export const BUYERS_NOT_YET_REMINDED_SQL = `SELECT b.event_id, b.user_id, MAX(o.email) AS email, json_group_array(b.id) AS booking_ids
  FROM json_each(?1)
  CROSS JOIN event_bookings b ON b.event_id = json_extract(json_each.value, '$.eventId') AND b.status = 'confirmed'
  JOIN orders o ON o.id = b.order_id
  WHERE NOT EXISTS (SELECT 1 FROM email_outbox x
                    WHERE x.dedupe_key = 'event-reminder:' || b.user_id || ':' || b.event_id || ':' || json_extract(json_each.value, '$.startsAt'))
  GROUP BY b.event_id, b.user_id
  ORDER BY b.event_id, b.user_id
  LIMIT ?2`;

export type EventReminderStore = ReturnType<typeof createEventReminderStore>;

export function createEventReminderStore(db: D1Database) {
  return {
    async buyersNotYetReminded(due: readonly ReminderDue[], limit: number): Promise<BuyerToRemind[]> {
      if (due.length === 0) return [];
      const { results } = await db
        .prepare(BUYERS_NOT_YET_REMINDED_SQL)
        .bind(JSON.stringify(due), limit)
        .all<{ event_id: string; user_id: string; email: string; booking_ids: string }>();
      return results.map((r) => ({ eventId: r.event_id, userId: r.user_id, email: r.email, bookingIds: JSON.parse(r.booking_ids) as string[] }));
    },
  };
}
