/**
 * Events for visitors and members: the list (upcoming, filtered; past ones archived), one event's
 * page with the tickets this viewer may buy and what is left, the add-to-calendar file, and
 * holding places from the booking form before the cart (booking.ts).
 */
import type { PlaceChecks } from "./place-checks";
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import type { Buyer } from "../../domain/buyer";
import type { EventFormat, EventPage, MyBooking, SocietyEvent } from "../../domain/events";
import { AppError } from "../../errors";
import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import type { ContentService } from "../content/content-service";
import { holdPlaces, type HoldOutcome } from "./booking";
import { isPast, membershipTitles, postponedRefundAllowed, soldOut, ticketOffers, transferCutoff, visibleTo } from "./event-rules";

export interface EventListFilter {
  format: EventFormat | null;
  /** YYYY-MM, the month the event starts in (London time). */
  month: string | null;
  cpd: boolean;
}


export interface EventServiceDeps {
  content: Pick<ContentService, "events" | "memberships">;
  bookings: Pick<EventBookingStore, "hold" | "placesTaken" | "joinWaitlist" | "waitlistPosition" | "anyoneWaiting" | "forUser" | "attendeesOfBookings">;
  /** Schedules the check of the waiting list for when a hold runs out. */
  checks: Pick<PlaceChecks, "whenHoldEnds">;
  now: () => Date;
}

export type EventService = ReturnType<typeof createEventService>;

const londonMonth = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" }).slice(0, 7);

export function createEventService(deps: EventServiceDeps) {
  async function visibleEvent(slug: string, buyer: Buyer): Promise<SocietyEvent> {
    const event = (await deps.content.events()).find((e) => e.slug === slug);
    if (!event || !visibleTo(event, buyer.viewer)) throw new AppError("NOT_FOUND", "No such event");
    return event;
  }

  return {
    /** Upcoming events matching the filter, soonest first, and past ones, latest first (the archive). */
    async list(filter: EventListFilter, buyer: Buyer): Promise<{ upcoming: SocietyEvent[]; past: SocietyEvent[]; months: string[] }> {
      const now = deps.now();
      const events = (await deps.content.events()).filter((e) => visibleTo(e, buyer.viewer));
      const upcoming = events.filter((e) => !isPast(e, now));
      const months = [...new Set(upcoming.map((e) => londonMonth(e.startsAt)))];
      const matches = (e: SocietyEvent) =>
        (filter.format === null || e.format === filter.format || (e.format === "hybrid" && filter.format !== "hybrid")) &&
        (filter.month === null || londonMonth(e.startsAt) === filter.month) &&
        (!filter.cpd || e.cpdHoursHundredths !== null);
      return { upcoming: upcoming.filter(matches), past: events.filter((e) => isPast(e, now)).reverse(), months };
    },

    /** One event as this viewer sees it: the tickets, each with what is left and whether they may buy it. */
    async page(slug: string, buyer: Buyer): Promise<EventPage> {
      const event = await visibleEvent(slug, buyer);
      const now = deps.now();
      const [taken, waiting, queue, titles] = await Promise.all([
        deps.bookings.placesTaken(event.id, now.toISOString()),
        buyer.userId ? deps.bookings.waitlistPosition(event.id, buyer.userId) : null,
        deps.bookings.anyoneWaiting(event.id),
        membershipTitles(deps.content),
      ]);
      // While anyone waits, a freed place goes to the list first (the hold refuses others), so
      // the event's places stay sold out to everyone else.
      const offers = ticketOffers(event, buyer, now, taken, titles).map((offer) => (queue && !offer.ticket.addOn ? { ...offer, placesLeft: 0 } : offer));
      return {
        event,
        offers,
        soldOut: soldOut(offers),
        past: isPast(event, now),
        waitlist: waiting ? { entryId: waiting.entryId, position: waiting.position, offered: waiting.status === "offered", offerExpiresAt: waiting.offerExpiresAt } : null,
      };
    },

    /** Holds the places the booking form asks for (signed-in buyers only), for the cart. */
    async hold(slug: string, buyer: Buyer & { userId: string }, attendees: readonly AttendeeForm[], shapeErrors: BookingErrors): Promise<{ page: EventPage; outcome: HoldOutcome }> {
      const event = await visibleEvent(slug, buyer);
      const outcome = await holdPlaces(deps, event, buyer, attendees, shapeErrors, await membershipTitles(deps.content));
      return { page: outcome.kind === "held" ? { event, offers: [], soldOut: false, past: false, waitlist: null } : await this.page(slug, buyer), outcome };
    },

    /** Joins the waiting list of a sold-out event the buyer could otherwise book. */
    async joinWaitlist(slug: string, buyer: Buyer & { userId: string }, email: string): Promise<void> {
      const page = await this.page(slug, buyer);
      if (!page.soldOut || page.past || page.event.state !== "scheduled") throw new AppError("CONFLICT", "This event is not sold out: book a place instead");
      // The ticket an offer will hold: the first main ticket this buyer may buy now.
      const ticket = page.offers.find((offer) => !offer.ticket.addOn && offer.refusal === null)?.ticket.code ?? null;
      await deps.bookings.joinWaitlist(page.event.id, buyer.userId, email, ticket);
    },

    /**
     * The user's confirmed bookings (upcoming first), with their attendees' tickets, and those of
     * a cancelled event, so that the buyer sees it was cancelled (without tickets).
     */
    async myBookings(userId: string): Promise<MyBooking[]> {
      const now = deps.now();
      const [events, bookings] = await Promise.all([deps.content.events(), deps.bookings.forUser(userId)]);
      const cancelledEvents = new Set(events.filter((e) => e.state === "cancelled").map((e) => e.id));
      const confirmed = bookings.filter((b) => b.status === "confirmed");
      const attendees = await deps.bookings.attendeesOfBookings(confirmed.map((b) => b.id));
      const shown = bookings.filter((b) => b.status === "confirmed" || (b.status === "cancelled" && b.orderId !== null && cancelledEvents.has(b.eventId)));
      return shown.flatMap((booking) => {
        const event = events.find((e) => e.id === booking.eventId);
        if (!event) return [];
        const start = Date.parse(event.startsAt);
        const opens = start - event.joinOpensMinutesBefore * 60_000;
        const live = event.format !== "in-person" && event.joinUrl !== null && now.getTime() >= opens && now.getTime() < Date.parse(event.endsAt);
        return [{
          event,
          booking,
          attendees: attendees.filter((a) => a.bookingId === booking.id),
          joinUrl: live ? event.joinUrl : null,
          joinOpensAt: event.format !== "in-person" && now.getTime() < opens ? new Date(opens) : null,
          withinCancellationPolicy: start - now.getTime() > event.cancellationDays * 24 * 60 * 60_000,
          transferUntil: now.getTime() < transferCutoff(event).getTime() ? transferCutoff(event) : null,
          postponedRefund: postponedRefundAllowed(event, booking, now),
        }];
      }).sort((a, b) => Date.parse(a.event.startsAt) - Date.parse(b.event.startsAt));
    },

    /** The event for its add-to-calendar file, while it is still to come; null otherwise. */
    async forCalendar(slug: string, buyer: Buyer): Promise<SocietyEvent | null> {
      const event = await visibleEvent(slug, buyer);
      return isPast(event, deps.now()) || event.state === "cancelled" ? null : event;
    },
  };
}
