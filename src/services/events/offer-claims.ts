/**
 * The holder's side of a waiting-list offer (services/events/waitlist-offers.ts makes them): their
 * open offers ("held for you until …"), and claiming one: they name the attendee (themselves or a
 * colleague) and answer the event's questions, and the held place goes into their cart, where it
 * is bought like any booking (a free ticket through the cart's free checkout). The offer's link
 * is a page behind sign-in that shows only the signed-in holder's own offer.
 */
import type { WaitlistOfferStore } from "../../adapters/d1/event-waitlist-offers";
import type { OfferView, OpenOffer } from "../../domain/events";
import { AppError } from "../../errors";
import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import type { ContentService } from "../content/content-service";
import { bookingProblems } from "./booking";
import { membershipTitles, type TicketBuyer } from "./event-rules";

export interface OfferClaimDeps {
  offers: Pick<WaitlistOfferStore, "openOffersOf" | "openOffer" | "nameAttendee">;
  content: Pick<ContentService, "events" | "memberships">;
  now: () => Date;
}

export type ClaimOutcome = { kind: "claimed"; bookingId: string } | { kind: "invalid"; errors: BookingErrors };

export type OfferClaims = ReturnType<typeof createOfferClaims>;

export function createOfferClaims(deps: OfferClaimDeps) {
  async function views(offers: readonly OpenOffer[]): Promise<OfferView[]> {
    if (offers.length === 0) return [];
    const events = await deps.content.events();
    return offers.flatMap((offer) => {
      const event = events.find((e) => e.id === offer.eventId);
      const ticket = event?.ticketTypes.find((t) => t.code === offer.ticketCode);
      return event && ticket ? [{ offer, event, ticket }] : [];
    });
  }

  async function openOffer(entryId: string, userId: string): Promise<OfferView> {
    const offer = await deps.offers.openOffer(entryId, userId);
    const [view] = offer ? await views([offer]) : [];
    if (!view) throw new AppError("NOT_FOUND", "This offer is no longer open: it was taken up or has run out");
    return view;
  }

  return {
    /** The user's open offers, soonest to run out first. */
    async mine(userId: string): Promise<OfferView[]> {
      return views(await deps.offers.openOffersOf(userId));
    },

    openOffer,

    /**
     * Names the held place's attendee, checked like a booking form (the ticket must still be one
     * the holder may buy, each required question answered); then the place is theirs to check out.
     */
    async claim(entryId: string, buyer: TicketBuyer & { userId: string }, attendee: AttendeeForm, shapeErrors: BookingErrors): Promise<ClaimOutcome> {
      const { offer, event } = await openOffer(entryId, buyer.userId);
      // The offer fixes the ticket: the form has no ticket field, so its "choose a ticket" does not apply.
      const { "a0.ticket": _noTicketField, ...shape } = shapeErrors;
      const form = { ...attendee, ticket: offer.ticketCode, addOns: [] };
      const errors = { ...bookingProblems(event, [form], buyer, deps.now(), await membershipTitles(deps.content)), ...shape };
      if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
      const answers = Object.fromEntries(event.questions.flatMap((q) => (form.answers[q.code] ? [[q.code, form.answers[q.code]!]] : [])));
      if (!(await deps.offers.nameAttendee(entryId, buyer.userId, { name: form.name, email: form.email, answers }))) {
        // Already in a checkout: the cart has it; otherwise it has just run out.
        if (await deps.offers.openOffer(entryId, buyer.userId)) return { kind: "claimed", bookingId: offer.bookingId };
        throw new AppError("CONFLICT", "This offer is no longer open: it has just run out");
      }
      return { kind: "claimed", bookingId: offer.bookingId };
    },
  };
}
