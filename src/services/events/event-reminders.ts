/**
 * The daily job's event reminders (issue 27): on the London day before an event starts (and,
 * catching up a missed run, until it starts), each buyer with confirmed places gets one reminder
 * for all of them: when and where, each attendee's name and ticket, and for an online or hybrid
 * event the editor's joining instructions (the link itself stays on the signed-in tickets page).
 * A cancelled or postponed event gets none. Keyed per buyer, event and start, so a rerun writes
 * nothing and a new date brings a new reminder. Each chunk's messages are queued as soon as its
 * batch commits; a run takes at most REMINDERS_PER_RUN buyers and logs when there were more
 * (the next run, before the start, goes on).
 */
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { EventReminderStore } from "../../adapters/d1/event-reminders";
import type { SocietyEvent } from "../../domain/events";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { EmailOutbox, EmailRequest } from "../email/outbox";

export const REMINDERS_PER_RUN = 2_000;
const CHUNK = 50;
const DAY_MS = 86_400_000;

export interface EventReminderDeps {
  events: () => Promise<readonly SocietyEvent[]>;
  store: Pick<EventReminderStore, "buyersNotYetReminded">;
  bookings: Pick<EventBookingStore, "attendeesOfBookings">;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  log: Logger;
}

/** Whether the reminder is due at `now`: from the London day before the event's day until it starts. */
export function eventReminderDue(event: Pick<SocietyEvent, "startsAt" | "state">, now: Date): boolean {
  const start = Date.parse(event.startsAt);
  if (event.state !== "scheduled" || Number.isNaN(start) || now.getTime() >= start) return false;
  const dayBefore = new Date(Date.parse(`${londonDate(new Date(start))}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return londonDate(now) >= dayBefore;
}

/** Writes the reminders due at `now`; returns how many. */
export async function sendEventReminders(deps: EventReminderDeps, now: Date): Promise<number> {
  const due = (await deps.events()).filter((event) => eventReminderDue(event, now));
  if (due.length === 0) return 0;
  const byId = new Map(due.map((event) => [event.id, event]));
  const buyers = await deps.store.buyersNotYetReminded(due.map((event) => ({ eventId: event.id, startsAt: event.startsAt })), REMINDERS_PER_RUN + 1);
  if (buyers.length > REMINDERS_PER_RUN) deps.log.warn("events.reminders_capped", { written: REMINDERS_PER_RUN, next: "the next run goes on" });
  let written = 0;
  for (let i = 0; i < Math.min(buyers.length, REMINDERS_PER_RUN); i += CHUNK) {
    const chunk = buyers.slice(i, Math.min(i + CHUNK, REMINDERS_PER_RUN));
    const attendees = (await deps.bookings.attendeesOfBookings(chunk.flatMap((buyer) => buyer.bookingIds))).filter((a) => a.status === "confirmed");
    const requests = chunk.map((buyer): EmailRequest => {
      const event = byId.get(buyer.eventId)!;
      const ticket = (code: string) => event.ticketTypes.find((t) => t.code === code)?.name ?? code;
      const online = event.format !== "in-person";
      return {
        kind: "event-reminder",
        event: `${buyer.userId}:${event.id}:${event.startsAt}`,
        to: { email: buyer.email, userId: buyer.userId },
        data: {
          eventName: event.name,
          eventSlug: event.slug,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          timeZone: event.timeZone,
          venue: event.format !== "online" && event.venue ? { name: event.venue.name, address: event.venue.address } : null,
          online,
          joiningInstructions: online ? event.joiningInstructions : null,
          attendees: attendees.filter((a) => buyer.bookingIds.includes(a.bookingId)).map((a) => ({ name: a.name, ticket: ticket(a.ticketCode) })),
        },
      };
    });
    const prepared = requests.map((request) => deps.outbox.prepare(request));
    const results = await deps.batch(prepared.flatMap((p) => p.statements));
    // One statement per message; a repeat (its dedupe key already there) inserts nothing.
    const ids = prepared.flatMap((p, n) => ((results[n]?.meta.changes ?? 0) > 0 ? p.ids : []));
    await deps.outbox.deliverSoon(ids);
    written += ids.length;
  }
  return written;
}
