/**
 * Who may buy which ticket, and what is left (issue 27). Pure: the places taken come from D1,
 * the event from the CMS, and the page, the cart and the hold all ask these same functions.
 */
import type { Buyer } from "../../domain/buyer";
import type { Booking, PlacesTaken, SocietyEvent, TicketOffer, TicketType } from "../../domain/events";
import type { Viewer } from "../../shared/pricing/webinar-offer";

/** Who is asking, as far as a ticket's audience needs to know: their class and, for a member, their membership type. */
export type TicketBuyer = Pick<Buyer, "viewer" | "membershipSlug">;

/** Membership types' titles by slug, to name the type a ticket is sold to; a slug missing here is shown as it is. */
export type MembershipTitles = ReadonlyMap<string, string>;

/** The titles from the CMS's memberships (cached like the rest of its content). */
export async function membershipTitles(content: { memberships: () => Promise<readonly { slug: string; title: string }[]> }): Promise<MembershipTitles> {
  return new Map((await content.memberships()).map((m) => [m.slug, m.title]));
}

export const isPast = (event: SocietyEvent, now: Date): boolean => Date.parse(event.endsAt) <= now.getTime();

/** Until when the buyer may pass a place on: `transferCutoffHours` before the start (services/events/place-transfer.ts). */
export const transferCutoff = (event: Pick<SocietyEvent, "startsAt" | "transferCutoffHours">): Date => new Date(Date.parse(event.startsAt) - event.transferCutoffHours * 3_600_000);

/**
 * Whether the buyer of `booking` may cancel it for a full refund because the event's dates
 * changed: while it is postponed, or once reopened on new dates for a place booked before then,
 * until it starts.
 */
export function postponedRefundAllowed(event: SocietyEvent, booking: Pick<Booking, "status" | "createdAt" | "orderId">, now: Date): boolean {
  if (booking.status !== "confirmed" || booking.orderId === null) return false;
  if (Date.parse(event.startsAt) <= now.getTime()) return false;
  if (event.state === "postponed") return true;
  return event.state === "scheduled" && event.rescheduledAt !== undefined && Date.parse(booking.createdAt) < Date.parse(event.rescheduledAt);
}

/** A members-only event is shown to members alone. */
export const visibleTo = (event: SocietyEvent, viewer: Viewer): boolean => !event.membersOnly || viewer === "member";

export function placesLeft(event: SocietyEvent, ticket: TicketType, taken: PlacesTaken): number | null {
  const limits: number[] = [];
  if (ticket.capacity !== null) limits.push(ticket.capacity - (taken.byTicket[ticket.code] ?? 0));
  if (event.capacity !== null && !ticket.addOn) limits.push(event.capacity - taken.event);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

/**
 * Why `buyer` may not buy `ticket` at `now` (audience, sale window, the event's state); null when they may.
 * A ticket for one membership type is sold to members of that type alone; one whose type the
 * editor left empty is sold to nobody, rather than to every member by an omission.
 */
export function ticketRefusal(event: SocietyEvent, ticket: TicketType, buyer: TicketBuyer, now: Date, titles: MembershipTitles = new Map()): string | null {
  const { viewer } = buyer;
  if (event.state === "cancelled") return "This event has been cancelled";
  if (event.state === "postponed") return "This event has been postponed: bookings reopen when its new date is set";
  if (isPast(event, now)) return "This event has ended";
  if (ticket.saleStartsAt && Date.parse(ticket.saleStartsAt) > now.getTime()) return `On sale from ${dayText(ticket.saleStartsAt)}`;
  if (ticket.saleEndsAt && Date.parse(ticket.saleEndsAt) <= now.getTime()) return `Sales of this ticket closed on ${dayText(ticket.saleEndsAt)}`;
  if (Date.parse(event.startsAt) <= now.getTime()) return "This event has started: booking is closed";
  switch (ticket.audience) {
    case "anyone":
      return null;
    case "signed-in":
      return viewer === "visitor" ? "Sign in to book this ticket" : null;
    case "members":
      return viewer === "member" ? null : "For members only";
    case "membership-type": {
      const slug = ticket.membershipTypeSlug;
      if (slug === null) return "Not on sale";
      const only = `Only for members with the ${titles.get(slug) ?? slug} membership`;
      return viewer === "member" && buyer.membershipSlug === slug ? null : only;
    }
  }
}

export function ticketOffers(event: SocietyEvent, buyer: TicketBuyer, now: Date, taken: PlacesTaken, titles: MembershipTitles = new Map()): TicketOffer[] {
  return event.ticketTypes.map((ticket) => ({ ticket, placesLeft: placesLeft(event, ticket, taken), refusal: ticketRefusal(event, ticket, buyer, now, titles) }));
}

/** The main tickets (not add-ons) the viewer may buy now: when they are all gone, the waiting list opens. */
export const soldOut = (offers: readonly TicketOffer[]): boolean => {
  const main = offers.filter((offer) => !offer.ticket.addOn && offer.refusal === null);
  return main.length > 0 && main.every((offer) => offer.placesLeft === 0);
};


const dayText = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });
