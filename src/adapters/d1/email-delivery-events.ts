/** Bounces and complaints reported for the site's e-mail (email_delivery_events, migration 0071). */
import type { DeliveryEvent } from "../../domain/email-delivery-events";

export interface DeliveryEventStore {
  /** Keeps the event once (a report delivered again adds nothing), as a statement for the caller's batch. */
  record(event: DeliveryEvent): D1PreparedStatement;
  /** Which of these event ids are kept already. One query. */
  known(ids: readonly string[]): Promise<Set<string>>;
  /** How many soft bounces were reported for the address, and when the last was. */
  softBounces(email: string): Promise<{ count: number; lastAt: string | null }>;
}

export function createDeliveryEventStore(db: D1Database): DeliveryEventStore {
  return {
    record(event) {
      return db
        .prepare("INSERT INTO email_delivery_events (id, email, type, detail, occurred_at) VALUES (?1, lower(?2), ?3, ?4, ?5) ON CONFLICT (id) DO NOTHING")
        .bind(event.id, event.email, event.type, event.detail.slice(0, 500), event.occurredAt);
    },
    async known(ids) {
      const { results } = await db
        .prepare("SELECT id FROM email_delivery_events WHERE id IN (SELECT value FROM json_each(?1))")
        .bind(JSON.stringify(ids))
        .all<{ id: string }>();
      return new Set(results.map((r) => r.id));
    },
    async softBounces(email) {
      const row = await db
        .prepare("SELECT COUNT(*) AS n, MAX(occurred_at) AS last FROM email_delivery_events WHERE email = lower(?1) AND type = 'soft_bounce'")
        .bind(email)
        .first<{ n: number; last: string | null }>();
      return { count: row?.n ?? 0, lastAt: row?.last ?? null };
    },
  };
}
