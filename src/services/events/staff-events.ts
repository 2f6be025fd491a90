/**
 * Events for staff (/staff/events): sales by ticket type with places left, the waiting list,
 * revenue and VAT; an event's attendees with their answers (dietary and access needs summarised
 * for the venue) and their CSV; check-in at the door, once per ticket.
 */
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { Attendee, CheckInResult, EventSales, SocietyEvent, TicketSales } from "../../domain/events";
import { AppError } from "../../errors";
import { splitGross, type VatTreatment } from "../../shared/pricing/vat";
import type { ContentService } from "../content/content-service";
import { csvCell, type CsvValue } from "../csv";
import { placesLeft } from "./event-rules";

const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/** One screen of attendees; the page says when there are more and links to the next. */
export const ATTENDEE_PAGE = 500;

export interface StaffEventsDeps {
  content: Pick<ContentService, "events">;
  bookings: Pick<EventBookingStore, "sales" | "waiting" | "placesTaken" | "attendeesOfEvent" | "checkIn">;
  now: () => Date;
  /** A place checked in (now, or before): its CPD is credited (services/events/event-attendance), once. */
  attended?: (eventId: string, attendeeId: string) => Promise<void>;
}

export type StaffEvents = ReturnType<typeof createStaffEvents>;

/** Needs written in the answers, counted by what was written, for the venue. */
function needsSummary(attendees: readonly Attendee[], event: SocietyEvent, kind: "dietary" | "access"): { answer: string; count: number }[] {
  const codes = event.questions.filter((q) => q.kind === kind).map((q) => q.code);
  const counts = new Map<string, number>();
  for (const attendee of attendees) {
    for (const code of codes) {
      const answer = attendee.answers[code]?.trim();
      if (answer) counts.set(answer, (counts.get(answer) ?? 0) + 1);
    }
  }
  return [...counts].map(([answer, count]) => ({ answer, count })).sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer));
}

export function createStaffEvents(deps: StaffEventsDeps) {
  async function eventById(id: string): Promise<SocietyEvent> {
    const event = (await deps.content.events()).find((e) => e.id === id);
    if (!event) throw new AppError("NOT_FOUND", "No such event");
    return event;
  }

  return {
    eventById,

    /** Every event, soonest first, with its sales. */
    async overview(): Promise<EventSales[]> {
      const now = deps.now().toISOString();
      const [events, sales, waiting] = await Promise.all([deps.content.events(), deps.bookings.sales(), deps.bookings.waiting()]);
      return Promise.all(
        events.map(async (event) => {
          const taken = await deps.bookings.placesTaken(event.id, now);
          const rows = sales.filter((s) => s.eventId === event.id);
          const tickets = event.ticketTypes.map((ticket): TicketSales => {
            const mine = rows.filter((s) => s.ticketCode === ticket.code);
            const splits = mine.map((s) => splitGross(s.grossPence, s.vatTreatment as VatTreatment));
            return {
              code: ticket.code,
              name: ticket.name,
              sold: mine.reduce((sum, s) => sum + s.places, 0),
              left: placesLeft(event, ticket, taken),
              grossPence: splits.reduce((sum, s) => sum + s.grossPence, 0),
              vatPence: splits.reduce((sum, s) => sum + s.vatPence, 0),
            };
          });
          return {
            event,
            tickets,
            waiting: waiting[event.id] ?? 0,
            grossPence: tickets.reduce((sum, t) => sum + t.grossPence, 0),
            vatPence: tickets.reduce((sum, t) => sum + t.vatPence, 0),
          };
        }),
      );
    },

    /** One page of the event's attendees (by name), and the dietary and access needs among them. */
    async attendees(eventId: string, options: { after?: { name: string; id: string } | null; search?: string }) {
      const event = await eventById(eventId);
      const attendees = await deps.bookings.attendeesOfEvent(event.id, { limit: ATTENDEE_PAGE + 1, after: options.after ?? null, search: options.search ?? "" });
      const shown = attendees.slice(0, ATTENDEE_PAGE);
      return {
        event,
        attendees: shown,
        next: attendees.length > ATTENDEE_PAGE ? { name: shown.at(-1)!.name, id: shown.at(-1)!.id } : null,
        dietary: needsSummary(shown, event, "dietary"),
        access: needsSummary(shown, event, "access"),
      };
    },

    /** Every confirmed attendee as CSV lines (header first), read page by page. */
    async *attendeesCsv(eventId: string): AsyncGenerator<string> {
      const event = await eventById(eventId);
      yield csvLine(["Name", "E-mail", "Ticket", ...event.questions.map((q) => q.label), "Checked in"]);
      let after: { name: string; id: string } | null = null;
      for (;;) {
        const page = await deps.bookings.attendeesOfEvent(event.id, { limit: ATTENDEE_PAGE, after });
        for (const a of page) {
          const ticket = event.ticketTypes.find((t) => t.code === a.ticketCode)?.name ?? a.ticketCode;
          yield csvLine([a.name, a.email, ticket, ...event.questions.map((q) => a.answers[q.code] ?? ""), a.checkedInAt ?? ""]);
        }
        if (page.length < ATTENDEE_PAGE) return;
        after = { name: page.at(-1)!.name, id: page.at(-1)!.id };
      }
    },

    /** Checks in a ticket (its QR code's text, or an attendee picked by name), once. */
    async checkIn(eventId: string, input: { code?: string; attendeeId?: string }, staffEmail: string): Promise<CheckInResult> {
      const event = await eventById(eventId);
      const token = input.code?.trim().replace(/^guildhall-ticket:/, "");
      const result = await deps.bookings.checkIn(event.id, token ? { token } : { attendeeId: input.attendeeId ?? "" }, staffEmail);
      // "already" too: a credit the first check-in could not finish is made now (it is never doubled).
      if ((result.outcome === "done" || result.outcome === "already") && result.attendee) await deps.attended?.(event.id, result.attendee.id);
      return { outcome: result.outcome, name: result.attendee?.name ?? null, checkedInAt: result.attendee?.checkedInAt ?? null };
    },
  };
}
