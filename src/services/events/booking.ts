/**
 * Taking places at an event from the booking form: each attendee's ticket must be one the buyer
 * may buy now, each add-on one the event sells, each required question answered (a choice among
 * its options). Then every place is held at once, in one conditional statement
 * (adapters/d1/event-bookings.ts), grouped into one booking per ticket type so that each is a
 * cart line with its own VAT. Nothing typed is lost when anything is refused.
 */
import type { EventBookingStore, NewBooking } from "../../adapters/d1/event-bookings";
import type { SocietyEvent } from "../../domain/events";
import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import { CART_HOLD_MINUTES, holdUntil } from "./holds";
import type { PlaceChecks } from "./place-checks";
import { placesLeft, ticketRefusal, type MembershipTitles, type TicketBuyer } from "./event-rules";
import { answerProblems, eventAnswers } from "./registration-answers";

export type HoldOutcome =
  | { kind: "held"; bookingIds: string[] }
  | { kind: "invalid"; errors: BookingErrors }
  /** Another buyer took the last places first: nothing was held. */
  | { kind: "gone"; message: string };

export interface HoldDeps {
  bookings: Pick<EventBookingStore, "hold" | "placesTaken">;
  /** Schedules the check of the waiting list for when the hold runs out (a place not bought goes to the list then). */
  checks: Pick<PlaceChecks, "whenHoldEnds">;
  now: () => Date;
}

/** Problems with the attendees' choices for this event, each beside its field. */
export function bookingProblems(event: SocietyEvent, attendees: readonly AttendeeForm[], buyer: TicketBuyer, now: Date, titles: MembershipTitles = new Map()): BookingErrors {
  const errors: BookingErrors = {};
  attendees.forEach((attendee, i) => {
    const prefix = `a${i}.`;
    const ticket = event.ticketTypes.find((t) => t.code === attendee.ticket && !t.addOn);
    if (!ticket) errors[`${prefix}ticket`] ??= "Choose a ticket";
    else {
      const refusal = ticketRefusal(event, ticket, buyer, now, titles);
      if (refusal) errors[`${prefix}ticket`] = `${ticket.name}: ${refusal}`;
    }
    for (const code of attendee.addOns) {
      const addOn = event.ticketTypes.find((t) => t.code === code && t.addOn);
      const refusal = addOn ? ticketRefusal(event, addOn, buyer, now, titles) : "not sold for this event";
      if (refusal) errors[`${prefix}addon.${code}`] = `${addOn?.name ?? code}: ${refusal}`;
    }
    Object.assign(errors, answerProblems(event, attendee.answers, prefix));
  });
  return errors;
}

/** `shapeErrors`: what the form's own reading found (a bad e-mail…), shown with the event's rules' problems. */
export async function holdPlaces(
  deps: HoldDeps,
  event: SocietyEvent,
  buyer: TicketBuyer & { userId: string },
  attendees: readonly AttendeeForm[],
  shapeErrors: BookingErrors = {},
  titles: MembershipTitles = new Map(),
): Promise<HoldOutcome> {
  const now = deps.now();
  const errors = { ...bookingProblems(event, attendees, buyer, now, titles), ...shapeErrors };
  if (Object.keys(errors).length > 0) return { kind: "invalid", errors };

  const groups = new Map<string, { attendee: AttendeeForm; answers: Record<string, string> }[]>();
  for (const attendee of attendees) {
    const answers = eventAnswers(event, attendee.answers);
    for (const code of [attendee.ticket, ...attendee.addOns]) groups.set(code, [...(groups.get(code) ?? []), { attendee, answers }]);
  }
  const bookings: NewBooking[] = [...groups].map(([code, people]) => {
    const ticket = event.ticketTypes.find((t) => t.code === code)!;
    return {
      id: crypto.randomUUID(),
      eventId: event.id,
      eventSlug: event.slug,
      userId: buyer.userId,
      ticketCode: code,
      title: `${event.name}: ${ticket.name} × ${people.length}`,
      unitPence: ticket.pence,
      vatTreatment: ticket.vatTreatment,
      countsForEvent: !ticket.addOn,
      eventCapacity: event.capacity,
      ticketCapacity: ticket.capacity,
      attendees: people.map(({ attendee, answers }) => ({ id: crypto.randomUUID(), name: attendee.name, email: attendee.email, answers, qrToken: randomToken() })),
    };
  });
  const until = holdUntil(now, CART_HOLD_MINUTES);
  const held = await deps.bookings.hold({ eventId: event.id, now: now.toISOString(), holdUntil: until, bookings });
  if (held) {
    await deps.checks.whenHoldEnds([event.id], until, now);
    return { kind: "held", bookingIds: bookings.map((b) => b.id) };
  }

  // Say which ticket ran out, from what is left now (read only to explain, never to decide).
  const taken = await deps.bookings.placesTaken(event.id, now.toISOString());
  const short = bookings.flatMap((b) => {
    const ticket = event.ticketTypes.find((t) => t.code === b.ticketCode)!;
    const left = placesLeft(event, ticket, taken) ?? Infinity;
    return left < b.attendees.length ? [left === 0 ? `${ticket.name} is now sold out` : `only ${left} ${ticket.name} ${left === 1 ? "place is" : "places are"} left`] : [];
  });
  const why = short.length > 0 ? short.join("; ") : "the places were taken while you were booking";
  const names = attendees.map((a) => a.name).join(", ");
  return { kind: "gone", message: `Sorry: ${why}. Nothing has been booked or charged for ${names}.` };
}

/** 128 random bits, URL-safe: the code on an attendee's ticket. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
